/**
 * Small helpers for plugins that write their own PDF content-stream operators: hex colours to
 * colour operators (pdfme colours are '#rrggbb'; `colorType: 'cmyk'` converts the way pdfme's
 * `hex2PrintingColor` does) and element boxes in points.
 */
import type { Schema } from '@pdfme/common';

/** Millimetres to PDF points (1 in = 25.4 mm = 72 pt), as pdfme's `mm2pt`; local so that this module loads none of pdfme. */
const mm2pt = (mm: number) => (mm * 72) / 25.4;

/** A content-stream operator as name and already formatted operands, e.g. ['re', ['0','0','5','5']]. */
export type RawOp = [name: string, args: string[]];

/** '#rrggbb' → [r, g, b] in 0–1, or null for an empty, invalid or fully transparent colour. */
export function hexToRgb(hex: string | undefined | null): [number, number, number] | null {
  const m = /^#?([0-9a-f]{6})([0-9a-f]{2})?$/i.exec((hex ?? '').trim());
  if (!m || m[2]?.toLowerCase() === '00') return null;
  const n = parseInt(m[1], 16);
  return [(n >> 16) / 255, ((n >> 8) & 0xff) / 255, (n & 0xff) / 255];
}

/** A number for a content stream: at most 3 decimals, no exponent, no trailing zeros. */
export function pdfNum(n: number): string {
  const r = Math.round(n * 1000) / 1000;
  return r === 0 ? '0' : String(r); // |r| ≥ 0.001 never prints with an exponent
}

/**
 * The colour operator for a hex colour: fill 'rg' / stroke 'RG', or 'k' / 'K' in CMYK when
 * `colorType` is 'cmyk'. Null when the colour is empty or invalid (nothing to draw).
 */
export function colorOp(hex: string | undefined, colorType: string | undefined, stroke = false): RawOp | null {
  const rgb = hexToRgb(hex);
  if (!rgb) return null;
  if (colorType?.toLowerCase() === 'cmyk') {
    const [r, g, b] = rgb;
    const k = 1 - Math.max(r, g, b);
    const c = k === 1 ? 0 : (1 - r - k) / (1 - k);
    const m = k === 1 ? 0 : (1 - g - k) / (1 - k);
    const y = k === 1 ? 0 : (1 - b - k) / (1 - k);
    return [stroke ? 'K' : 'k', [c, m, y, k].map(pdfNum)];
  }
  return [stroke ? 'RG' : 'rg', rgb.map(pdfNum)];
}

/** An element's box in PDF points, origin bottom-left of the page (pdfme positions are mm from top-left). */
export function elementBox(schema: Schema, pageHeight: number) {
  const width = mm2pt(schema.width);
  const height = mm2pt(schema.height);
  return { x: mm2pt(schema.position.x), y: pageHeight - mm2pt(schema.position.y) - height, width, height };
}

/**
 * The `cm` operator that rotates an element about its centre by pdfme's `rotate` (degrees,
 * clockwise on screen), or null when not rotated.
 */
export function rotationOp(box: { x: number; y: number; width: number; height: number }, rotate: number | undefined): RawOp | null {
  if (!rotate) return null;
  const t = (-rotate * Math.PI) / 180;
  const cos = Math.cos(t);
  const sin = Math.sin(t);
  const px = box.x + box.width / 2;
  const py = box.y + box.height / 2;
  return ['cm', [cos, sin, -sin, cos, px - cos * px + sin * py, py - sin * px - cos * py].map((n) => n.toFixed(6))];
}
