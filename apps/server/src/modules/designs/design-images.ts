import type { TDesignTemplate } from '@mailcraft/shared';
import { checkImageHeader } from '../../platform/image-bounds.js';

const BASE64_IMAGE = /^data:image\/[\w.+-]+;base64,/;

/**
 * Refuses a design whose elements hold an image (a base64 `data:image/…` content: image and
 * signature elements) over IMAGE_MAX_PIXELS or IMAGE_MAX_DECODED_BYTES, read from each image's
 * header before anything decodes it — print draws every image as RGBA, so a 109 KB PNG of
 * 30,000 × 30,000 pixels becomes 3.6 GB per render. `templates` are the sides being saved (null
 * ones are skipped). Errors: AppError PAYLOAD_TOO_LARGE (413) naming the element, e.g.
 * 'Image "logo" is 30,000 × 30,000 pixels; …'. Content sharp cannot read is left to print's
 * own checks.
 */
export async function checkDesignImages(templates: Array<TDesignTemplate | null | undefined>): Promise<void> {
  for (const template of templates) {
    for (const page of template?.schemas ?? []) {
      for (const el of page) {
        const content = el.content;
        if (typeof content !== 'string' || !BASE64_IMAGE.test(content)) continue;
        const bytes = Buffer.from(content.slice(content.indexOf(',') + 1), 'base64');
        await checkImageHeader(bytes, `Image "${String(el.name).slice(0, 60)}"`);
      }
    }
  }
}
