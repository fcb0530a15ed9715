/**
 * Pixel size of an image data URL (PNG or JPEG, as pdfme prints them) read from its header only,
 * without decoding the picture (issue 12: images below 300 dpi at their printed size).
 */

/** Bytes of a JPEG header read at most while looking for its frame (SOF) marker. */
const JPEG_SCAN_BYTES = 256 * 1024;

/** The first `bytes` bytes of a base64 data URL's payload (whole groups of 4 characters). */
function head(dataUrl: string, bytes: number): Buffer {
  const start = dataUrl.indexOf(',') + 1;
  const chars = Math.ceil(bytes / 3) * 4;
  return Buffer.from(dataUrl.slice(start, start + chars), 'base64');
}

/** JPEG frame size: walks the markers to the first SOFn. */
function jpegSize(b: Buffer): { width: number; height: number } | null {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1];
    if (marker === 0xff) { i++; continue; }
    const len = b.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
    }
    i += 2 + len;
  }
  return null;
}

/**
 * `{ width, height }` in pixels of a `data:image/png;base64,…` or `data:image/jpeg;base64,…`
 * URL; null for anything else (empty, another format, a damaged header).
 */
export function imagePixelSize(dataUrl: string): { width: number; height: number } | null {
  if (!dataUrl.startsWith('data:image/')) return null;
  if (dataUrl.startsWith('data:image/png;')) {
    const b = head(dataUrl, 24);
    if (b.length < 24 || b.toString('latin1', 12, 16) !== 'IHDR') return null;
    return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  }
  if (/^data:image\/jpe?g;/.test(dataUrl)) {
    const b = head(dataUrl, JPEG_SCAN_BYTES);
    return b[0] === 0xff && b[1] === 0xd8 ? jpegSize(b) : null;
  }
  return null;
}
