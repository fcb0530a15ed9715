import { describe, expect, it } from 'vitest';
import type { Template } from '@pdfme/common';
import { buildPieceInputs, IMB_DIMENSIONS_IN, IMB_SAMPLE, imbDigitsProblem, imbHumanReadable } from '@mailcraft/shared/designs';
import { loadFonts } from '../../fonts/builtin-fonts.js';
import { designPage } from '../../../test/factories.js';
import { rasterPages, readImbBars } from '../../../test/pdf-raster.js';
import { encodeImb } from './imb-encoder.js';
import { renderChunk } from './render-chunk.js';

const DPI = 600;
const imbTemplate = designPage([{ name: 'imbno', type: 'imb', position: { x: 20, y: 20 }, width: 80, height: 6 }]) as unknown as Template;

/** Prints `value` in an `imb` element, rasterises the page at 600 dpi and reads the bars back: their states and pitch (in). */
async function printedBars(value: string): Promise<{ bars: string; pitchIn: number; fullIn: number }> {
  const pdf = await renderChunk(imbTemplate, [{ imbno: value }], loadFonts());
  const [page] = rasterPages(pdf, DPI, { x: 0, y: 0, width: Math.round(DPI * 5), height: Math.round(DPI * 1.5) });
  return readImbBars(page, DPI);
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
