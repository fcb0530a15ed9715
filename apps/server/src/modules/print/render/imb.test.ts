import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Template } from '@pdfme/common';
import { buildPieceInputs, IMB_DIMENSIONS_IN, IMB_SAMPLE, imbDigitsProblem, imbHumanReadable } from '@mailcraft/shared/designs';
import { loadFonts } from '../../fonts/builtin-fonts.js';
import { designPage } from '../../../test/factories.js';
import { encodeImb } from './imb-encoder.js';
import { renderChunk } from './render-chunk.js';

const DPI = 600;
const imbTemplate = designPage([{ name: 'imbno', type: 'imb', position: { x: 20, y: 20 }, width: 80, height: 6 }]) as unknown as Template;

/** Prints `value` in an `imb` element, rasterises the page at 600 dpi and reads the bars back: their states and pitch (in). */
async function printedBars(value: string): Promise<{ bars: string; pitchIn: number; fullIn: number }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-imb-'));
  try {
    await fs.writeFile(path.join(dir, 'imb.pdf'), await renderChunk(imbTemplate, [{ imbno: value }], loadFonts()));
    execFileSync('pdftoppm', ['-r', String(DPI), '-gray', '-png', '-singlefile', '-x', '0', '-y', '0', '-W', String(Math.round(DPI * 5)), '-H', String(Math.round(DPI * 1.5)), path.join(dir, 'imb.pdf'), path.join(dir, 'imb')]);
    const { data, info } = await sharp(path.join(dir, 'imb.png')).greyscale().raw().toBuffer({ resolveWithObject: true });
    const dark = (x: number, y: number) => data[y * info.width + x] < 128;
    // Each column's dark extent; bars are runs of columns with ink.
    const extents: Array<[number, number] | null> = [];
    for (let x = 0; x < info.width; x++) {
      let top = -1;
      let bottom = -1;
      for (let y = 0; y < info.height; y++) if (dark(x, y)) { if (top < 0) top = y; bottom = y; }
      extents.push(top < 0 ? null : [top, bottom]);
    }
    const runs: Array<{ x: number; top: number; bottom: number }> = [];
    for (let x = 0; x < extents.length; x++) {
      const e = extents[x];
      if (e && !extents[x - 1]) runs.push({ x, top: e[0], bottom: e[1] });
    }
    if (!runs.length) return { bars: '', pitchIn: 0, fullIn: 0 };
    const top = Math.min(...runs.map((r) => r.top));
    const bottom = Math.max(...runs.map((r) => r.bottom));
    const mid = (top + bottom) / 2;
    const span = bottom - top;
    const bars = runs.map((r) => {
      const up = r.top < mid - span * 0.3;
      const down = r.bottom > mid + span * 0.3;
      return up && down ? 'F' : up ? 'A' : down ? 'D' : 'T';
    }).join('');
    return { bars, pitchIn: (runs.at(-1)!.x - runs[0].x) / (runs.length - 1) / DPI, fullIn: (span + 1) / DPI };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

describe('Intelligent Mail barcode (docs/requirements/print.md#print, USPS-B-3200)', () => {
  it('encodes the published test vector', () => {
    expect(encodeImb(IMB_SAMPLE.digits)).toBe(IMB_SAMPLE.bars);
    expect(encodeImb('01234567094987654321').length).toBe(65);
  });

  it('prints the 65 bars at the standard\'s pitch and height, read back from a 600 dpi raster', async () => {
    const printed = await printedBars(IMB_SAMPLE.digits);
    expect(printed.bars).toBe(IMB_SAMPLE.bars);
    expect(printed.pitchIn).toBeCloseTo(IMB_DIMENSIONS_IN.pitch, 2);
    expect(Math.abs(printed.fullIn - IMB_DIMENSIONS_IN.full)).toBeLessThan(0.01);
  });

  it('prints an already encoded value as is, and nothing for an invalid one', async () => {
    const reversed = [...IMB_SAMPLE.bars].reverse().join('');
    expect((await printedBars(reversed)).bars).toBe(reversed);
    expect((await printedBars('12345')).bars).toBe('');
    expect((await printedBars('0923456709498765432101234567891')).bars).toBe(''); // barcode id's 2nd digit 9
  });

  it('says why a tracking code cannot be encoded; the piece takes encodedimbno before imbno', () => {
    expect(imbDigitsProblem('0123456709498765432101234567891')).toBeNull();
    expect(imbDigitsProblem('01234-567094-98765432101234')).toBeNull();
    expect(imbDigitsProblem('0123')).toBe('The IMb code has 4 digits: it needs 20 (tracking) plus 0, 5, 9 or 11 (routing ZIP)');
    expect(imbDigitsProblem('01x3')).toBe('The IMb tracking code may contain digits only');
    expect(imbHumanReadable(IMB_SAMPLE.digits)).toBe('01 234 567094 987654321 01234567891');
    const ctx = { indiciaText: '', qrUrl: '' };
    expect(buildPieceInputs(imbTemplate, { imbno: IMB_SAMPLE.digits }, ctx).imbno).toBe(IMB_SAMPLE.digits);
    expect(buildPieceInputs(imbTemplate, { imbno: IMB_SAMPLE.digits, encodedimbno: IMB_SAMPLE.bars }, ctx).imbno).toBe(IMB_SAMPLE.bars);
  });
});
