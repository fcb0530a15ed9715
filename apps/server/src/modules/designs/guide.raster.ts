import sharp from 'sharp';

/**
 * Rasterising for the PSD guide layers, on `sharp` (libvips; SVG through librsvg): each layer is
 * drawn as SVG and read back as 8-bit RGBA, and the preview composite is made by sharp's
 * `composite()`. Coordinates are integer pixels at 300 DPI (1 SVG unit = 1 px), rectangles
 * half-open [x0, x1) × [y0, y1).
 */

/** The shape ag-psd takes as `imageData` (PixelData): straight-alpha RGBA rows. */
export type Bitmap = { width: number; height: number; data: Uint8ClampedArray };
export type PxRect = { x0: number; y0: number; x1: number; y1: number };
/** An SVG paint: CSS colour and opacity 0–1. */
export type Paint = { color: string; opacity?: number };

const rect = (r: PxRect) => `M${r.x0} ${r.y0}H${r.x1}V${r.y1}H${r.x0}Z`;
const paint = (p: Paint, kind: 'fill' | 'stroke') => `${kind}="${p.color}" ${kind}-opacity="${p.opacity ?? 1}"`;

/** SVG of `r` filled with `fill`, minus the `hole` when given (even-odd). */
export const fillSvg = (r: PxRect, fill: Paint, hole?: PxRect) =>
  `<path fill-rule="evenodd" ${paint(fill, 'fill')} d="${rect(r)}${hole ? rect(hole) : ''}"/>`;

/**
 * SVG of an outline `thickness` px wide drawn inside `r`'s bounds; with `dash` in segments of
 * `dash.on` px separated by `dash.off` px.
 */
export function strokeSvg(r: PxRect, thickness: number, stroke: Paint, dash?: { on: number; off: number }): string {
  const h = thickness / 2;
  const inner = { x0: r.x0 + h, y0: r.y0 + h, x1: r.x1 - h, y1: r.y1 - h };
  return `<path fill="none" stroke-width="${thickness}" stroke-linejoin="miter" ${paint(stroke, 'stroke')}${dash ? ` stroke-dasharray="${dash.on} ${dash.off}"` : ''} d="${rect(inner)}"/>`;
}

/** A width × height px bitmap of the SVG shapes `body` (transparent elsewhere). */
export async function rasterise(width: number, height: number, body: string): Promise<Bitmap> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" shape-rendering="crispEdges">${body}</svg>`;
  const { data, info } = await sharp(Buffer.from(svg), { limitInputPixels: false }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength) };
}

/** The layers composited source-over onto a white width × height canvas, each at its (left, top). */
export async function compositeOnWhite(width: number, height: number, layers: Array<{ bitmap: Bitmap; left: number; top: number }>): Promise<Bitmap> {
  const { data } = await sharp({ create: { width, height, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 1 } }, limitInputPixels: false })
    .composite(layers.map(({ bitmap, left, top }) => ({
      input: Buffer.from(bitmap.data.buffer, bitmap.data.byteOffset, bitmap.data.byteLength),
      raw: { width: bitmap.width, height: bitmap.height, channels: 4 as const },
      left, top,
    })))
    .raw().toBuffer({ resolveWithObject: true });
  return { width, height, data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength) };
}
