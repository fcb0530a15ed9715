import bwipjs from 'bwip-js';

/**
 * The Intelligent Mail barcode's 65 bar states (F, A, D, T) of a 20–31-digit code (USPS-B-3200),
 * from bwip-js's `onecode` encoder (docs/decisions/README.md#library-choices: it matches the USPS test vectors;
 * we draw the bars ourselves, at the standard's dimensions). A bar is told by where it starts and
 * how tall it is: full (from the bottom, tall), ascender (from the tracker up), descender (from
 * the bottom to the tracker's top) or tracker. Throws bwip-js's error for a code it refuses.
 */
export function encodeImb(digits: string): string {
  const [symbol] = bwipjs.raw('onecode', digits, {}) as Array<{ bbs: number[]; bhs: number[] }>;
  const tallest = Math.max(...symbol.bhs);
  return symbol.bbs.map((bottom, i) => {
    const height = symbol.bhs[i];
    if (height >= tallest - 1e-9) return 'F';
    if (bottom > 1e-9) return height > tallest / 2 ? 'A' : 'T';
    return 'D';
  }).join('');
}
