/**
 * PDF syntax the print writer writes by hand (ISO 32000-1 §7.3): names and numbers. Everything
 * else it writes is ASCII dictionaries built from these.
 */

/** Characters written as they are in a name: printable ASCII except the delimiters and `#`. */
const NAME_CHAR = /^[!-~]$/;
const NAME_ESCAPED = new Set('()<>[]{}/%#');

/** `value` as a PDF name (`/Name`), any other byte escaped as `#xx` (UTF-8). */
export function pdfName(value: string): string {
  let out = '/';
  for (const byte of Buffer.from(value, 'utf8')) {
    const ch = String.fromCharCode(byte);
    out += NAME_CHAR.test(ch) && !NAME_ESCAPED.has(ch) ? ch : `#${byte.toString(16).padStart(2, '0')}`;
  }
  return out;
}

/**
 * A number as PDF writes it: at most 4 decimals (of a pt: 0.035 µm, far below any device pixel),
 * no exponent (widths, coordinates in pt; on the content hot path, so `String` first). Throws on NaN or ±Infinity.
 */
export function pdfNumber(n: number): string {
  if (!Number.isFinite(n)) throw new Error(`Not a PDF number: ${n}`);
  const rounded = Math.round(n * 10000) / 10000;
  if (rounded === 0) return '0';
  const s = String(rounded);
  return s.includes('e') ? rounded.toFixed(4).replace(/\.?0+$/, '') : s;
}

/** A rectangle or other number array: `[a b c d]`. */
export const pdfArray = (values: readonly number[]) => `[${values.map(pdfNumber).join(' ')}]`;
