import { AppError } from '../../platform/errors.js';

/** Pages with a thumbnail: the design's two sides and the reinforcements r1–r3 (docs/requirements/print-on-demand-api.md#data). */
export const THUMBNAIL_SIDES = ['inside', 'outside', 'r1', 'r2', 'r3'] as const;
export type ThumbnailSide = (typeof THUMBNAIL_SIDES)[number];

/** Storage key of a project's thumbnail PNG (docs/requirements/workflow.md#route-table project cards show inside and outside). */
export const thumbnailKey = (projectId: string, side: ThumbnailSide) => `projects/${projectId}/thumbnails/${side}.png`;

/** Largest thumbnail accepted, in bytes of decoded PNG. */
export const THUMBNAIL_MAX_BYTES = 2 * 1024 * 1024;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Decodes a `data:image/png;base64,…` thumbnail. Throws PAYLOAD_TOO_LARGE (413) above 2 MB and
 * VALIDATION (400) when the bytes are not a PNG (signature check, PNG spec §5.2).
 */
export function decodePngDataUrl(dataUrl: string, side: string): Buffer {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1).replace(/\s+/g, '');
  // Reject before decoding: 4 base64 characters carry 3 bytes.
  if (Math.floor((base64.length * 3) / 4) - 2 > THUMBNAIL_MAX_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', `The ${side} thumbnail must be at most 2 MB`);
  }
  const png = Buffer.from(base64, 'base64');
  if (png.length > THUMBNAIL_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', `The ${side} thumbnail must be at most 2 MB`);
  if (png.length < PNG_SIGNATURE.length || !png.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) {
    throw new AppError('VALIDATION', `The ${side} thumbnail must be a PNG image`);
  }
  return png;
}
