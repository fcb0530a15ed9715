/**
 * Hex colours to PDF colour operators, for the plugins that write their own content-stream
 * operators. pdfme colours are '#rrggbb' (alpha ignored); `colorType: 'cmyk'` prints CMYK the way
 * pdfme's own `hex2PrintingColor` does.
 */

/** '#rrggbb' → [r, g, b] in 0–1, or null for an empty / invalid / transparent colour. */
export function hexToRgb(hex: string | undefined | null): [number, number, number] | null {
  const m = /^#?([0-9a-f]{6})([0-9a-f]{2})?$/i.exec((hex ?? '').trim());
  if (!m || m[2] === '00') return null;
  const n = parseInt(m[1], 16);
  return [(n >> 16) / 255, ((n >> 8) & 0xff) / 255, (n & 0xff) / 255];
}

/** A number for a content stream: at most 3 decimals, no exponent. */
export const pdfNum = (n: number): string => {
  const s = n.toFixed(3);
  return s.includes('.') ? s.replace(/\.?0+$/, '') || '0' : s;
};

/**
 * The fill-colour operator for a hex colour: 'r g b rg' or, when `colorType` is 'cmyk',
 * 'c m y k k'. Null when the colour is empty or invalid (draw nothing).
 */
export function fillColorOperator(hex: string | undefined, colorType?: string): string | null {
  const rgb = hexToRgb(hex);
  if (!rgb) return null;
  if (colorType?.toLowerCase() === 'cmyk') {
    const [r, g, b] = rgb;
    const k = 1 - Math.max(r, g, b);
    const c = k === 1 ? 0 : (1 - r - k) / (1 - k);
    const m = k === 1 ? 0 : (1 - g - k) / (1 - k);
    const y = k === 1 ? 0 : (1 - b - k) / (1 - k);
    return `${pdfNum(c)} ${pdfNum(m)} ${pdfNum(y)} ${pdfNum(k)} k`;
  }
  return `${rgb.map(pdfNum).join(' ')} rg`;
}

/** The stroke-colour variant of `fillColorOperator` ('RG' / 'K'). */
export function strokeColorOperator(hex: string | undefined, colorType?: string): string | null {
  const op = fillColorOperator(hex, colorType);
  if (!op) return null;
  return op.endsWith(' rg') ? `${op.slice(0, -3)} RG` : `${op.slice(0, -2)} K`;
}
