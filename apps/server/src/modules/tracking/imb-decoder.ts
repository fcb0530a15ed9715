/**
 * Reads an Intelligent Mail barcode's 65 bars back into its digits (USPS-B-3200, "Intelligent Mail Barcode 4-State
 * Specification", the encoding steps run backwards): a list's `encodedimbno` is recorded with its Mailer ID and serial
 * so scans match it (docs/requirements/mail-tracking.md#imb-assignment), and tests read printed bars back.
 */

/** Bits set in a 13-bit value. */
const bitCount = (v: number) => { let n = 0; for (let x = v; x; x &= x - 1) n++; return n; };
/** A 13-bit value with its bits in reverse order. */
const reverse13 = (v: number) => { let r = 0; for (let i = 0; i < 13; i++) if (v & (1 << i)) r |= 1 << (12 - i); return r; };

/**
 * The "N of 13" character table of USPS-B-3200 (§2.2.5, its initialisation routine): each 13-bit value with N bits set,
 * paired with its reverse at the next place, palindromes from the end. N = 5 gives characters of codewords 0–1286,
 * N = 2 those of 1287–1364.
 */
function nOf13Table(n: number, length: number): number[] {
  const table = new Array<number>(length);
  let low = 0;
  let high = length - 1;
  for (let value = 0; value < 8192; value++) {
    if (bitCount(value) !== n) continue;
    const reversed = reverse13(value);
    if (reversed < value) continue;
    if (reversed === value) table[high--] = value;
    else { table[low++] = value; table[low++] = reversed; }
  }
  return table;
}

/** 13-bit character → codeword (0–1364). */
const CODEWORD_OF = new Map<number, number>([
  ...nOf13Table(5, 1287).map((c, i): [number, number] => [c, i]),
  ...nOf13Table(2, 78).map((c, i): [number, number] => [c, 1287 + i]),
]);

/**
 * USPS-B-3200 Table 4 (bar to character mapping): for each of the 65 bars, left to right, the character and bit of its
 * descender, then the character and bit of its ascender (characters A–J as 0–9).
 */
const BAR_MAP = [
  7, 2, 4, 3, 1, 10, 0, 0, 9, 12, 2, 8, 5, 5, 6, 11, 8, 9, 3, 1, 0, 1, 5, 12, 2, 5, 1, 8, 4, 4, 9, 11, 6, 3, 8, 10, 3, 9, 7, 6,
  5, 11, 1, 4, 8, 5, 2, 12, 9, 10, 0, 2, 7, 1, 6, 7, 3, 6, 4, 9, 0, 3, 8, 6, 6, 4, 2, 7, 1, 1, 9, 9, 7, 10, 5, 2, 4, 0, 3, 8,
  6, 2, 0, 4, 8, 11, 1, 0, 9, 8, 3, 12, 2, 6, 7, 7, 5, 1, 4, 10, 1, 12, 6, 9, 7, 3, 8, 0, 5, 8, 9, 7, 4, 6, 2, 10, 3, 4, 0, 5,
  8, 4, 5, 7, 7, 11, 1, 9, 6, 0, 9, 6, 0, 6, 4, 8, 2, 1, 3, 2, 5, 9, 8, 12, 4, 11, 6, 1, 9, 5, 7, 4, 3, 3, 1, 2, 0, 7, 2, 0,
  1, 3, 4, 1, 6, 10, 3, 5, 8, 7, 9, 4, 2, 11, 5, 6, 0, 8, 7, 12, 4, 2, 8, 1, 5, 10, 3, 0, 9, 3, 0, 9, 6, 5, 2, 4, 7, 8, 1, 7,
  5, 0, 4, 5, 2, 3, 0, 10, 6, 12, 9, 2, 3, 11, 1, 6, 8, 8, 7, 9, 5, 4, 0, 11, 1, 5, 2, 2, 9, 1, 4, 12, 8, 3, 6, 6, 7, 0, 3, 7,
  4, 7, 7, 5, 0, 12, 1, 11, 2, 9, 9, 0, 6, 8, 5, 3, 3, 10, 8, 2,
];

/** USPS-B-3200 §2.2.2: the 11-bit CRC (generator 0xF35) over the 102-bit binary value as 13 bytes, the first holding 6 bits. */
function frameCheck(value: bigint): number {
  const bytes: number[] = [];
  let v = value;
  for (let i = 0; i < 13; i++) { bytes.unshift(Number(v & 0xffn)); v >>= 8n; }
  let fcs = 0x7ff;
  const step = (data: number, bits: number) => {
    let d = data;
    for (let i = 0; i < bits; i++) {
      fcs = ((fcs << 1) ^ (((fcs ^ d) & 0x400) ? 0xf35 : 0)) & 0x7ff;
      d <<= 1;
    }
  };
  step(bytes[0] << 5, 6);
  for (let i = 1; i < 13; i++) step(bytes[i] << 3, 8);
  return fcs;
}

/**
 * The 20–31 digits (tracking code + routing code) that the 65 bars `bars` (letters F, A, D, T, left to right) encode, or
 * null when they are not a valid IMb: a character outside the code tables, a barcode read upside down, or a frame
 * check that does not match.
 */
export function decodeImbBars(bars: string): string | null {
  const b = bars.replace(/\s/g, '').toUpperCase();
  if (!/^[FADT]{65}$/.test(b)) return null;
  const chars = new Array<number>(10).fill(0);
  for (let i = 0; i < 65; i++) {
    const [descChar, descBit, ascChar, ascBit] = BAR_MAP.slice(i * 4, i * 4 + 4);
    if (b[i] === 'F' || b[i] === 'D') chars[descChar] |= 1 << descBit;
    if (b[i] === 'F' || b[i] === 'A') chars[ascChar] |= 1 << ascBit;
  }
  let fcs = 0;
  const codewords: number[] = [];
  for (let i = 0; i < 10; i++) {
    let cw = CODEWORD_OF.get(chars[i]);
    if (cw === undefined) {
      cw = CODEWORD_OF.get(chars[i] ^ 0x1fff);
      if (cw === undefined) return null;
      fcs |= 1 << i;
    }
    codewords.push(cw);
  }
  if (codewords[0] > 658) { codewords[0] -= 659; fcs |= 1 << 10; }
  if (codewords[9] % 2 !== 0) return null; // the orientation codeword is doubled: odd reads the bars backwards
  codewords[9] /= 2;
  if (codewords[0] > 658 || codewords[9] > 635) return null;
  let value = BigInt(codewords[0]);
  for (let i = 1; i < 9; i++) value = value * 1365n + BigInt(codewords[i]);
  value = value * 636n + BigInt(codewords[9]);
  if (frameCheck(value) !== fcs) return null;
  const tracking: number[] = new Array<number>(20);
  for (let i = 19; i >= 2; i--) { tracking[i] = Number(value % 10n); value /= 10n; }
  tracking[1] = Number(value % 5n); value /= 5n;
  tracking[0] = Number(value % 10n); value /= 10n;
  let routing = '';
  if (value > 1_000_100_000n) routing = String(value - 1_000_100_001n).padStart(11, '0');
  else if (value > 100_000n) routing = String(value - 100_001n).padStart(9, '0');
  else if (value > 0n) routing = String(value - 1n).padStart(5, '0');
  if (routing.length > 11) return null;
  return tracking.join('') + routing;
}
