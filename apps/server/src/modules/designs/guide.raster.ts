/**
 * Minimal RGBA drawing for the PSD guide layers (no node-canvas): rectangles, outlines and
 * source-over compositing on 8-bit RGBA bitmaps. Coordinates are integer pixels, rectangles
 * half-open [x0, x1) × [y0, y1), clipped to the bitmap.
 */

export type Rgba = readonly [r: number, g: number, b: number, a: number];
/** The shape ag-psd takes as `imageData` (PixelData). */
export type Bitmap = { width: number; height: number; data: Uint8ClampedArray };
export type PxRect = { x0: number; y0: number; x1: number; y1: number };

/** A width × height px RGBA bitmap, transparent unless `fill` is given. */
export function createBitmap(width: number, height: number, fill?: Rgba): Bitmap {
  const bitmap = { width, height, data: new Uint8ClampedArray(width * height * 4) };
  if (fill) fillRect(bitmap, { x0: 0, y0: 0, x1: width, y1: height }, fill);
  return bitmap;
}

/** Sets every pixel of `r` to `color` (no blending; alpha 0 clears). */
export function fillRect(b: Bitmap, r: PxRect, color: Rgba): void {
  const x0 = Math.max(0, r.x0), x1 = Math.min(b.width, r.x1);
  const y0 = Math.max(0, r.y0), y1 = Math.min(b.height, r.y1);
  if (x0 >= x1 || y0 >= y1) return;
  // One row written byte-wise, then copied: fast and independent of platform endianness.
  const row = new Uint8ClampedArray((x1 - x0) * 4);
  for (let i = 0; i < row.length; i += 4) row.set(color, i);
  for (let y = y0; y < y1; y++) b.data.set(row, (y * b.width + x0) * 4);
}

/**
 * Outlines `r` with a line `thickness` px wide drawn inside its bounds; with `dash` the line is
 * drawn in segments of `dash.on` px separated by `dash.off` px, starting at each corner.
 */
export function strokeRect(b: Bitmap, r: PxRect, thickness: number, color: Rgba, dash?: { on: number; off: number }): void {
  const t = thickness;
  const segments = (from: number, to: number): Array<[number, number]> => {
    if (!dash) return [[from, to]];
    const out: Array<[number, number]> = [];
    for (let s = from; s < to; s += dash.on + dash.off) out.push([s, Math.min(s + dash.on, to)]);
    return out;
  };
  for (const [a, z] of segments(r.x0, r.x1)) {
    fillRect(b, { x0: a, y0: r.y0, x1: z, y1: r.y0 + t }, color);
    fillRect(b, { x0: a, y0: r.y1 - t, x1: z, y1: r.y1 }, color);
  }
  for (const [a, z] of segments(r.y0, r.y1)) {
    fillRect(b, { x0: r.x0, y0: a, x1: r.x0 + t, y1: z }, color);
    fillRect(b, { x0: r.x1 - t, y0: a, x1: r.x1, y1: z }, color);
  }
}

/** Composites `src` over `dst` (source-over, straight alpha) with src's top-left at (left, top). */
export function compositeOver(dst: Bitmap, src: Bitmap, left: number, top: number): void {
  const s = src.data, d = dst.data;
  for (let y = 0; y < src.height; y++) {
    const dy = y + top;
    if (dy < 0 || dy >= dst.height) continue;
    for (let x = 0; x < src.width; x++) {
      const dx = x + left;
      const si = (y * src.width + x) * 4;
      const sa = s[si + 3];
      if (sa === 0 || dx < 0 || dx >= dst.width) continue;
      const di = (dy * dst.width + dx) * 4;
      const a = sa / 255, da = d[di + 3] / 255;
      const oa = a + da * (1 - a);
      for (let c = 0; c < 3; c++) d[di + c] = (s[si + c] * a + d[di + c] * da * (1 - a)) / oa;
      d[di + 3] = oa * 255;
    }
  }
}
