import type { Template } from '@pdfme/common';
import { imageTooLargeMessage } from '@mailcraft/shared';
import { AppError } from '../../../platform/errors.js';
import { imageHeaderSize } from '../preflight/image-size.js';

/** Element types whose content or input is an image data URL that pdf-lib decodes (PNG) or embeds (JPEG). */
const IMAGE_TYPES = new Set(['image', 'signature']);

/** Refuses one image data URL over the image bounds, naming its element. */
function checkImage(dataUrl: string, elementName: string): void {
  if (!dataUrl.startsWith('data:image/')) return;
  const size = imageHeaderSize(dataUrl);
  const tooLarge = size && imageTooLargeMessage(size, `Image "${elementName.slice(0, 60)}"`);
  if (tooLarge) throw new AppError('UNPROCESSABLE', tooLarge);
}

/**
 * Refuses to print a template whose images — static content, and with `inputs` each piece's value
 * of an image element (merge images such as `map_image`) — are over IMAGE_MAX_PIXELS or
 * IMAGE_MAX_DECODED_BYTES, by their headers (`imageHeaderSize`), before pdf-lib decodes a PNG to
 * RGBA: a 109 KB PNG of 30,000 × 30,000 pixels drove a 10-piece proof to 7.8 GB. Checked when a
 * print source is composed and again by each render thread on its chunk.
 * Errors: AppError UNPROCESSABLE (422) 'Image "logo" is 30,000 × 30,000 pixels; …'.
 */
export function checkPrintImages(template: Template, inputs: Record<string, string>[] = []): void {
  const imageNames: string[] = [];
  for (const page of template.schemas) {
    for (const el of page) {
      if (typeof el.content === 'string') checkImage(el.content, String(el.name));
      if (IMAGE_TYPES.has(el.type)) imageNames.push(String(el.name));
    }
  }
  for (const input of inputs) {
    for (const name of imageNames) if (typeof input[name] === 'string') checkImage(input[name], name);
  }
}
