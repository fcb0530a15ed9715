/**
 * Bounds on the images the server decodes (designs, map markers, sample thumbnails, print),
 * checked from the image's header before any pixel is decoded: a 109 KB PNG of 30,000 × 30,000
 * one-bit pixels decodes to 3.6 GB of RGBA, and drove a 10-piece proof to 7.8 GB of memory.
 */

/**
 * Most pixels (width × height) of an image: 40 megapixels, e.g. 7,746 × 5,164. The largest page
 * printed here, A2 with bleed at 300 dpi (5,035 × 7,091 px), is 35.7 megapixels.
 */
export const IMAGE_MAX_PIXELS = 40_000_000;

/**
 * Most bytes an image may take once decoded: width × height × channels × bytes per sample,
 * counted as the RGBA (4 channels) that PDF embedding and sharp work in — 40 megapixels of 8-bit
 * RGBA. A 16-bit image is held to half as many pixels.
 */
export const IMAGE_MAX_DECODED_BYTES = 160_000_000;

/** An image's size as its header states it: pixels, channels (1–4) and bytes per sample (1 or 2). */
export type ImageHeaderSize = { width: number; height: number; channels: number; bytesPerSample: number };

const count = (n: number) => n.toLocaleString('en-US');

/**
 * The sentence that refuses an image over IMAGE_MAX_PIXELS or IMAGE_MAX_DECODED_BYTES (decoded
 * as RGBA: at least 4 channels), or null when it is within both. `label` names the image, e.g.
 * 'Image "logo"'.
 */
export function imageTooLargeMessage(size: ImageHeaderSize, label = 'The image'): string | null {
  const pixels = size.width * size.height;
  const dimensions = `${count(size.width)} × ${count(size.height)} pixels`;
  if (pixels > IMAGE_MAX_PIXELS) {
    return `${label} is ${dimensions}; an image may have at most ${IMAGE_MAX_PIXELS / 1_000_000} megapixels. Scale it down and try again.`;
  }
  const decoded = pixels * Math.max(4, size.channels) * size.bytesPerSample;
  if (decoded > IMAGE_MAX_DECODED_BYTES) {
    return `${label} (${dimensions}, ${size.bytesPerSample * 8}-bit) takes ${count(Math.ceil(decoded / 1_000_000))} MB once decoded; an image may take at most ${IMAGE_MAX_DECODED_BYTES / 1_000_000} MB. Save it with 8 bits per channel, or scale it down, and try again.`;
  }
  return null;
}
