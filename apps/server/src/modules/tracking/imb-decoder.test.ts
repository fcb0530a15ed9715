import bwipjs from 'bwip-js';
import { describe, expect, it } from 'vitest';
import { composeImb } from '@mailcraft/shared';
import { IMB_SAMPLE } from '@mailcraft/shared/designs';
import { decodeImbBars } from './imb-decoder.js';

/** The bars bwip-js draws for `digits` (the encoder print files use), as letters F, A, D, T. */
function bwipBars(digits: string): string {
  const [symbol] = bwipjs.raw('onecode', digits, {}) as Array<{ bbs: number[]; bhs: number[] }>;
  const tallest = Math.max(...symbol.bhs);
  return symbol.bbs.map((bottom, i) => (symbol.bhs[i] >= tallest - 1e-9 ? 'F' : bottom > 1e-9 ? (symbol.bhs[i] > tallest / 2 ? 'A' : 'T') : 'D')).join('');
}

describe('reading IMb bars back into digits (USPS-B-3200)', () => {
  it('reads the published test vector', () => {
    expect(decodeImbBars(IMB_SAMPLE.bars)).toBe(IMB_SAMPLE.digits);
  });

  it('reads back what the print encoder draws, for every routing length and either Mailer ID length', () => {
    const samples: string[] = [];
    for (const [mailerId, serial] of [['000000', 0], ['123456', 999_999_999], ['912345678', 42], ['999999999', 999_999], ['899999', 123]] as const) {
      for (const routing of ['', '00000', '99999', '000000000', '999999999', '00000000000', '99999999999', '70116231549']) {
        for (const barcodeId of ['00', '94']) samples.push(composeImb({ barcodeId, stid: '270', mailerId, serial, routing }));
      }
    }
    for (const digits of samples) expect(decodeImbBars(bwipBars(digits)), digits).toBe(digits);
  });

  it('refuses bars that are not an IMb: a changed bar, bars read upside down, the wrong length or letters', () => {
    const flipped = IMB_SAMPLE.bars.slice(0, 10) + (IMB_SAMPLE.bars[10] === 'T' ? 'F' : 'T') + IMB_SAMPLE.bars.slice(11);
    expect(decodeImbBars(flipped)).toBeNull();
    const upsideDown = [...IMB_SAMPLE.bars].reverse().map((b) => ({ A: 'D', D: 'A' } as Record<string, string>)[b] ?? b).join('');
    expect(decodeImbBars(upsideDown)).toBeNull();
    expect(decodeImbBars(IMB_SAMPLE.bars.slice(1))).toBeNull();
    expect(decodeImbBars(IMB_SAMPLE.bars.replace(/F/, 'X'))).toBeNull();
  });
});
