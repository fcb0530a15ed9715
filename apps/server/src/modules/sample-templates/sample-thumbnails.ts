import sharp from 'sharp';
import { IMAGE_MAX_PIXELS, SAMPLE_TEMPLATE_MESSAGES } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { checkImageHeader } from '../../platform/image-bounds.js';
import { renderSampleThumbnails } from './sample-render.js';
import { designOf, sampleTemplatesRepo, type SampleTemplateRow } from './sample-templates.repo.js';

export type SampleSide = 'front' | 'back';

/** Storage key of a sample's thumbnail PNG. */
export const sampleThumbnailKey = (id: string, side: SampleSide) => `sample-templates/${id}/${side}.png`;
/** Storage folder of a sample's files (removed with it). */
export const sampleFolder = (id: string) => `sample-templates/${id}`;

/** Largest uploaded thumbnail, bytes (docs/requirements/administration.md#administration: ≤ 2 MB). */
export const SAMPLE_THUMBNAIL_MAX_BYTES = 2 * 1024 * 1024;
/** An uploaded thumbnail is scaled down to fit this box (px), never up. */
const UPLOAD_MAX_PX = 1200;

const inFlight = new Map<string, Promise<void>>();

/**
 * Renders both thumbnails of a sample from its design (print renderer + pdf2img, see
 * `renderSampleThumbnails`), stores them and records their keys. With `replace` false only the
 * missing ones are recorded (lazy first render); with true both are overwritten (an admin's
 * "re-render"). Concurrent first requests for one sample share one render.
 */
export async function renderAndStoreThumbnails(ctx: Pick<AppContext, 'db' | 'storage' | 'config'>, row: SampleTemplateRow, replace = false): Promise<void> {
  const running = inFlight.get(row.id);
  if (running && !replace) return running;
  const job = (async () => {
    const { front, back } = await renderSampleThumbnails(ctx, designOf(row), row.paperSize);
    for (const [side, png] of [['front', front], ['back', back]] as const) {
      if (!png) continue;
      const key = sampleThumbnailKey(row.id, side);
      const current = side === 'front' ? row.frontThumbnailKey : row.backThumbnailKey;
      if (current && !replace) continue;
      await ctx.storage.put(key, png);
      if (replace) await sampleTemplatesRepo.update(ctx.db, row.id, side === 'front' ? { frontThumbnailKey: key } : { backThumbnailKey: key });
      else await sampleTemplatesRepo.setThumbnailKey(ctx.db, row.id, side, key);
    }
  })().finally(() => inFlight.delete(row.id));
  inFlight.set(row.id, job);
  return job;
}

/**
 * A sample's thumbnail PNG bytes, rendered on first request and kept in storage. NOT_FOUND for
 * the back of a single-sided sample.
 */
export async function sampleThumbnail(ctx: Pick<AppContext, 'db' | 'storage' | 'config'>, row: SampleTemplateRow, side: SampleSide): Promise<Buffer> {
  if (side === 'back' && !designOf(row).outside) throw notFound('Thumbnail');
  let key = side === 'front' ? row.frontThumbnailKey : row.backThumbnailKey;
  if (!key || !(await ctx.storage.exists(key))) {
    await renderAndStoreThumbnails(ctx, { ...row, frontThumbnailKey: side === 'front' ? null : row.frontThumbnailKey, backThumbnailKey: side === 'back' ? null : row.backThumbnailKey });
    key = sampleThumbnailKey(row.id, side);
  }
  return ctx.storage.get(key);
}

/**
 * An uploaded thumbnail (PNG or JPEG, ≤ 2 MB) checked by decoding it with sharp and re-encoded as
 * PNG, scaled to fit 1200 × 1200 px. Errors: PAYLOAD_TOO_LARGE (413) over 2 MB, or over
 * IMAGE_MAX_PIXELS / IMAGE_MAX_DECODED_BYTES by its header (before decoding);
 * UNSUPPORTED_MEDIA_TYPE (415) for anything that does not decode as PNG or JPEG.
 */
export async function normaliseUploadedThumbnail(bytes: Buffer): Promise<Buffer> {
  if (bytes.length > SAMPLE_THUMBNAIL_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', SAMPLE_TEMPLATE_MESSAGES.thumbnailTooLarge);
  // The header first: an image over IMAGE_MAX_PIXELS or IMAGE_MAX_DECODED_BYTES is refused (413) undecoded.
  const format = (await checkImageHeader(bytes, 'The thumbnail'))?.format;
  if (format !== 'png' && format !== 'jpeg') throw new AppError('UNSUPPORTED_MEDIA_TYPE', SAMPLE_TEMPLATE_MESSAGES.thumbnailType);
  try {
    const image = sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS });
    return await image.rotate().resize(UPLOAD_MAX_PX, UPLOAD_MAX_PX, { fit: 'inside', withoutEnlargement: true }).png().toBuffer();
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', SAMPLE_TEMPLATE_MESSAGES.thumbnailType);
  }
}
