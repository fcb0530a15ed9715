import sharp from 'sharp';
import { imageTooLargeMessage, type ImageHeaderSize } from '@mailcraft/shared';
import { AppError } from './errors.js';

/** Bytes per sample of sharp's pixel depths ('uchar' 8-bit, 'ushort' 16-bit, 'float' 32-bit …). */
const DEPTH_BYTES: Record<string, number> = { uchar: 1, char: 1, ushort: 2, short: 2, uint: 4, int: 4, float: 4, complex: 8, double: 8, dpcomplex: 16 };

/**
 * Reads an image's header with sharp (`metadata()`: the header only, no pixel is decoded — the
 * pixel limit is off for this read alone) and refuses it before anything decodes it when it is
 * over IMAGE_MAX_PIXELS or IMAGE_MAX_DECODED_BYTES (`imageTooLargeMessage`; `label` names the
 * image in the message). Resolves with the metadata for the caller's own checks (format …), or
 * null when sharp cannot read a header (not an image: the caller says so in its own words).
 * Errors: AppError PAYLOAD_TOO_LARGE (413) over a bound.
 */
export async function checkImageHeader(bytes: Uint8Array, label?: string): Promise<sharp.Metadata | null> {
  const meta = await sharp(bytes, { limitInputPixels: false }).metadata().catch(() => null);
  if (!meta?.width || !meta.height) return null;
  const size: ImageHeaderSize = {
    width: meta.width, height: meta.height, channels: meta.channels ?? 4, bytesPerSample: DEPTH_BYTES[meta.depth ?? 'uchar'] ?? 1,
  };
  const tooLarge = imageTooLargeMessage(size, label);
  if (tooLarge) throw new AppError('PAYLOAD_TOO_LARGE', tooLarge);
  return meta;
}
