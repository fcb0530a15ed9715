import type { ImageHeaderSize } from '@mailcraft/shared';

/**
 * Pixel size of an image data URL (PNG or JPEG, as pdfme prints them) read from its header only,
 * without decoding the picture: the preflight's images below 300 dpi at their printed size, and the image bounds.
 */

/** Bytes of a JPEG header read at most while looking for its frame (SOF) marker. */
const JPEG_SCAN_BYTES = 256 * 1024;

/** The first `bytes` bytes of a base64 data URL's payload (whole groups of 4 characters). */
function head(dataUrl: string, bytes: number): Buffer {
  const start = dataUrl.indexOf(',') + 1;
  const chars = Math.ceil(bytes / 3) * 4;
  return Buffer.from(dataUrl.slice(start, start + chars), 'base64');
}

/** JPEG frame size: walks the markers to the first SOFn (sample precision, height, width, components). */
function jpegSize(b: Buffer): ImageHeaderSize | null {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1];
    if (marker === 0xff) { i++; continue; }
    const len = b.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7), channels: b[i + 9], bytesPerSample: b[i + 4] > 8 ? 2 : 1 };
    }
    i += 2 + len;
  }
  return null;
}

/** Channels a PNG decodes to by its colour type (PNG spec §11.2.2: 0 grey, 2 RGB, 3 palette → RGB, 4 grey + alpha, 6 RGBA). */
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 3, 4: 2, 6: 4 };

/**
 * The size of a `data:image/png;base64,…` or `data:image/jpeg;base64,…` URL's picture as its
 * header states it — pixels, channels, bytes per sample (PNG IHDR; JPEG SOFn) — without decoding
 * it; null for anything else (empty, another format, a damaged header).
 */
export function imageHeaderSize(dataUrl: string): ImageHeaderSize | null {
  if (!dataUrl.startsWith('data:image/')) return null;
  if (dataUrl.startsWith('data:image/png;')) {
    const b = head(dataUrl, 26);
    if (b.length < 26 || b.toString('latin1', 12, 16) !== 'IHDR') return null;
    return { width: b.readUInt32BE(16), height: b.readUInt32BE(20), channels: PNG_CHANNELS[b[25]] ?? 4, bytesPerSample: b[24] === 16 ? 2 : 1 };
  }
  if (/^data:image\/jpe?g;/.test(dataUrl)) {
    const b = head(dataUrl, JPEG_SCAN_BYTES);
    return b[0] === 0xff && b[1] === 0xd8 ? jpegSize(b) : null;
  }
  return null;
}

/**
 * `{ width, height }` in pixels of a `data:image/png;base64,…` or `data:image/jpeg;base64,…`
 * URL; null for anything else (empty, another format, a damaged header).
 */
export function imagePixelSize(dataUrl: string): { width: number; height: number } | null {
  const size = imageHeaderSize(dataUrl);
  return size && { width: size.width, height: size.height };
}
