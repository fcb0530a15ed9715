import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { EFFECT_MAX_INPUT_BYTES, EFFECT_MAX_INPUT_PIXELS, type TEffectSpec } from '@mailcraft/shared';
import { AppError } from '../../platform/errors.js';
import { applyEffect } from './apply-effect.js';

type Rgb = [number, number, number];

/** A PNG of `width` × 1 pixels, each of the given colours in turn. */
async function stripe(colours: Rgb[], repeat = 1): Promise<Buffer> {
  const px = colours.flatMap((c) => Array.from({ length: repeat }, () => c)).flat();
  return sharp(Buffer.from(px), { raw: { width: px.length / 3, height: 1, channels: 3 } }).png().toBuffer();
}

/** The RGB pixels of a PNG. */
async function pixels(png: Buffer): Promise<Rgb[]> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const out: Rgb[] = [];
  for (let i = 0; i < data.length; i += info.channels) out.push([data[i], data[i + 1], data[i + 2]]);
  return out;
}

const RED: Rgb = [220, 40, 30];
const BLUE: Rgb = [20, 60, 200];

describe('applyEffect (docs/requirements/administration.md#administration effects, drawn with sharp)', () => {
  it('grayscale makes R = G = B, keeping the size and the order of lightness', async () => {
    const out = await pixels(await applyEffect(await stripe([RED, BLUE, [255, 255, 255]]), { kind: 'grayscale', params: {} }));
    expect(out).toHaveLength(3);
    for (const [r, g, b] of out) expect([g, b]).toEqual([r, r]);
    expect(out[0][0]).toBeGreaterThan(out[1][0]);
    expect(out[2]).toEqual([255, 255, 255]);
  });

  it('sepia at strength 0 leaves the image, at 1 gives warm tones (R > G > B)', async () => {
    const src = await stripe([BLUE]);
    expect(await pixels(await applyEffect(src, { kind: 'sepia', params: { strength: 0 } }))).toEqual([BLUE]);
    const [[r, g, b]] = await pixels(await applyEffect(src, { kind: 'sepia', params: { strength: 1 } }));
    expect(r).toBeGreaterThan(g);
    expect(g).toBeGreaterThan(b);
  });

  it('duotone maps black to the dark colour and white to the light colour', async () => {
    const out = await pixels(await applyEffect(await stripe([[0, 0, 0], [255, 255, 255]]), { kind: 'duotone', params: { dark: '#102030', light: '#f0e0d0' } }));
    expect(out).toEqual([[0x10, 0x20, 0x30], [0xf0, 0xe0, 0xd0]]);
  });

  it('brightness lifts every channel; contrast −1 flattens to mid-grey', async () => {
    const src = await stripe([[100, 100, 100]]);
    expect(await pixels(await applyEffect(src, { kind: 'brightness_contrast', params: { brightness: 0.2, contrast: 0 } }))).toEqual([[151, 151, 151]]);
    expect(await pixels(await applyEffect(await stripe([RED, BLUE]), { kind: 'brightness_contrast', params: { brightness: 0, contrast: -1 } })))
      .toEqual([[128, 128, 128], [128, 128, 128]]);
  });

  it('blur lowers the contrast across an edge', async () => {
    const src = await stripe([[0, 0, 0], [255, 255, 255]], 10);
    const edge = (p: Rgb[]) => p[10][0] - p[9][0];
    expect(edge(await pixels(src))).toBe(255);
    expect(edge(await pixels(await applyEffect(src, { kind: 'blur', params: { sigma: 3 } })))).toBeLessThan(100);
  });

  it('refuses oversized input before decoding it, and bytes that are no image', async () => {
    const grey: TEffectSpec = { kind: 'grayscale', params: {} };
    const code = (p: Promise<unknown>) => p.then(() => 'ok', (e: unknown) => (e instanceof AppError ? e.code : String(e)));
    expect(await code(applyEffect(new Uint8Array(EFFECT_MAX_INPUT_BYTES + 1), grey))).toBe('PAYLOAD_TOO_LARGE');
    // 6000 × 6000 of one colour compresses to a few kB but is 36 megapixels.
    const huge = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#808080' }, limitInputPixels: false }).png().toBuffer();
    expect(huge.length).toBeLessThan(EFFECT_MAX_INPUT_BYTES);
    expect(6000 * 6000).toBeGreaterThan(EFFECT_MAX_INPUT_PIXELS);
    expect(await code(applyEffect(huge, grey))).toBe('PAYLOAD_TOO_LARGE');
    expect(await code(applyEffect(Buffer.from('not an image at all'), grey))).toBe('UNPROCESSABLE');
  });
});
