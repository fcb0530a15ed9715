import sharp from 'sharp';
import { EFFECT_MAX_INPUT_BYTES, EFFECT_MAX_INPUT_PIXELS, EFFECT_MESSAGES, type TEffectSpec } from '@mailcraft/shared';
import { AppError } from '../../platform/errors.js';
import { checkImageHeader } from '../../platform/image-bounds.js';

/** Longest one effect may take before sharp gives up (seconds): a hostile image cannot hold a libuv thread longer. */
const EFFECT_TIMEOUT_SECONDS = 10;

/** Classic sepia matrix (rows give output R, G, B from input R, G, B). */
const SEPIA = [[0.393, 0.769, 0.189], [0.349, 0.686, 0.168], [0.272, 0.534, 0.131]];
const IDENTITY = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];

/** '#rrggbb' as [r, g, b], 0–255. */
const rgb = (hex: string): [number, number, number] => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];

/** The sharp operations of one effect, after the image is loaded and before it is written. */
function withEffect(image: sharp.Sharp, effect: TEffectSpec): sharp.Sharp {
  switch (effect.kind) {
    case 'grayscale':
      return image.grayscale();
    case 'sepia': {
      const s = effect.params.strength;
      return image.recomb(SEPIA.map((row, r) => row.map((v, c) => s * v + (1 - s) * IDENTITY[r][c])) as sharp.Matrix3x3);
    }
    case 'duotone': {
      // Grey first; recomb turns the grey band into R = G = B (sharp's linear cannot add bands);
      // linear then maps grey g (0–255) to dark + (light − dark) · g / 255 per channel.
      const dark = rgb(effect.params.dark);
      const light = rgb(effect.params.light);
      return image.grayscale().recomb(IDENTITY as sharp.Matrix3x3).linear(dark.map((d, i) => (light[i] - d) / 255), dark);
    }
    case 'brightness_contrast': {
      // out = a · (in − 128) + 128 + 255 · brightness, a = 1 + contrast (0: flat grey … 2: twice the contrast).
      const a = 1 + effect.params.contrast;
      return image.linear(a, 128 * (1 - a) + 255 * effect.params.brightness);
    }
    case 'blur':
      return image.blur(effect.params.sigma);
  }
}

/**
 * Draws `effect` on an image (Admin → Effects) and returns it as 8-bit sRGB PNG bytes of
 * the same width and height (alpha kept). The one function both the designer's preview route and
 * print use, so the screen shows what prints. Bounded against hostile input: at most
 * EFFECT_MAX_INPUT_BYTES bytes, EFFECT_MAX_INPUT_PIXELS pixels and IMAGE_MAX_DECODED_BYTES decoded
 * (checked from the header before decoding), and EFFECT_TIMEOUT_SECONDS of work. EXIF orientation is not applied (the PDF draws the
 * pixels as stored). Throws PAYLOAD_TOO_LARGE (413) for too many bytes or pixels, and
 * UNPROCESSABLE (422) when the bytes are not a PNG or JPEG image sharp can decode, or the work
 * took too long.
 */
export async function applyEffect(bytes: Uint8Array, effect: TEffectSpec): Promise<Buffer> {
  if (bytes.byteLength > EFFECT_MAX_INPUT_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', EFFECT_MESSAGES.tooLarge);
  // The header alone (no pixels decoded) says the format and size (413 past IMAGE_MAX_DECODED_BYTES);
  // the pixel limit then guards decoding too.
  const meta = await checkImageHeader(bytes);
  if (!meta || (meta.format !== 'png' && meta.format !== 'jpeg')) throw new AppError('UNPROCESSABLE', EFFECT_MESSAGES.notImage);
  if ((meta.width ?? 0) * (meta.height ?? 0) > EFFECT_MAX_INPUT_PIXELS) throw new AppError('PAYLOAD_TOO_LARGE', EFFECT_MESSAGES.tooManyPixels);
  try {
    const input = sharp(bytes, { limitInputPixels: EFFECT_MAX_INPUT_PIXELS, failOn: 'error' });
    return await withEffect(input, effect).toColourspace('srgb').png().timeout({ seconds: EFFECT_TIMEOUT_SECONDS }).toBuffer();
  } catch (err) {
    const timedOut = err instanceof Error && /timeout/i.test(err.message);
    throw new AppError('UNPROCESSABLE', timedOut ? `The effect took longer than ${EFFECT_TIMEOUT_SECONDS} s on this image: use a smaller image` : EFFECT_MESSAGES.notImage);
  }
}
