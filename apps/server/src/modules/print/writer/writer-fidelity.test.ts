import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs/promises';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Template } from '@pdfme/common';
import { PERMIT_LINE_DEFAULTS } from '@mailcraft/shared';
import { buildPieceInputs } from '@mailcraft/shared/designs';
import { loadFonts } from '../../fonts/builtin-fonts.js';
import { BUILTIN_SAMPLES } from '../../sample-templates/builtin/samples.js';
import { benchTemplate } from '../../../bench/bench-template.js';
import { pdfPageTexts } from '../../../test/pdf-text.js';
import { differingPixels, rasterPages, readImbBars, scanQrCodes } from '../../../test/pdf-raster.js';
import { composePieceTemplate } from '../render/print-template.js';
import { Preflight } from '../preflight/preflight.js';
import { bleedTemplate, pageGeometry, templateTrimMm } from '../render/page-boxes.js';
import { renderPrintFile } from '../render/render-print-file.js';
import { SRGB_PROFILE_NAME, srgbIccProfile } from '../render/srgb-icc.js';
import { inlineRenderer } from '../../../test/inline-renderer.js';

/**
 * The direct writer prints what pdfme prints (docs/architecture.md#print-renderer): every built-in
 * sample and the benchmark design, 20 records each in many scripts, rendered by both paths and
 * compared as a user would see them — rasterised at 150 dpi, the text pdftotext extracts, the QR
 * codes and the IMb read back, and the preflight report.
 */

const DPI = 150;
/** The IMb is read at 300 dpi: its bars are 0.02 in wide. */
const IMB_DPI = 300;
/** Pixels whose colour differs by more than this (0–255, any channel) count as different: anti-aliasing noise is below it. */
const TOLERANCE = 64;
/** At most this share of a page's pixels may differ. */
const MAX_DIFFERING = 0.005;

const font = loadFonts();

/** First and last names in many scripts, long ones that shrink and empty ones. */
const NAMES: Array<[string, string]> = [
  ['James', 'Butt'], ['Zoë', 'Ñúñez-Ørsted'], ['雷', '李'], ['محمد', 'علي'], ['Sunny 🌻', 'Day'],
  ['Bartholomew-Maximilian Alexander', 'Featherstonehaugh-Cholmondeley-Worthington III'], ['', ''], ['Владимир', 'Петров'],
  ['さくら', '田中'], ['민준', '김'], ['François', 'Lefèvre'], ['Η', 'Παπαδόπουλος'],
];

/** Record `i` of the 20: names cycle through NAMES; some records lack a company, a second line or a ZIP. */
function record(i: number): Record<string, string> {
  const [first, last] = NAMES[i % NAMES.length];
  const zip = i % 7 === 3 ? '' : String(10000 + i * 4111).slice(0, 5);
  return {
    first_name: first, last_name: last, full_name: `${first} ${last}`.trim(), company_name: i % 3 ? `Compañía ${i} & Söhne` : '',
    address: `${100 + i * 37} Rue de l’Église`, address_2: i % 4 ? '' : `Apt ${i}`, city: i % 5 ? 'Springfield' : 'Saint-Étienne-du-Rouvray',
    state: 'IL', zip, city_state_zip: `Springfield, IL ${zip}`.trim(), email: `person${i}@example.com`, phone: `555-01${String(i).padStart(2, '0')}`,
    imbno: i % 2 ? '0127012345600000000162701' : '',
  };
}

const designs: Array<{ name: string; template: () => Promise<Template> }> = [
  { name: 'the benchmark design', template: async () => benchTemplate('qrVector') },
  ...BUILTIN_SAMPLES.map((s) => ({
    name: `sample "${s.name}"`,
    template: () => composePieceTemplate(s.design, { sides: 'double', paperSize: s.paperSize }, Object.keys(font)),
  })),
];

/** The bench design with an IMb element on its outside page, so the barcode is compared too. */
async function withImb(template: Template): Promise<Template> {
  const [outside, ...rest] = template.schemas;
  return { ...template, schemas: [[...outside, { name: 'imbno', type: 'imb', position: { x: 100, y: 192 }, width: 80, height: 10, showText: true } as Template['schemas'][0][0]], ...rest] };
}

const inputsFor = (template: Template) => Array.from({ length: 20 }, (_, i) => buildPieceInputs(template, record(i), {
  indiciaText: PERMIT_LINE_DEFAULTS.join('\n'), qrUrl: `https://example.com/r/${String(i).padStart(4, '0')}-fidelity`,
}));

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-fidelity-'));
afterAll(() => process.env.KEEP_FIDELITY ? undefined : fs.rm(dir, { recursive: true, force: true }));

/** Bleed and crop marks, as a print shop asks: the page boxes and the moved content are compared too. */
const OPTIONS = { bleed: true, cropMarks: true };

/**
 * A print file of `inputs` by `writer`, through `renderPrintFile` as a print job makes it (bleed
 * template, page boxes, output intent), and its preflight report — the same QR sample for both writers.
 */
async function printFile(template: Template, inputs: Record<string, string>[], writer: 'direct' | 'pdfme', name: string) {
  let draw = 0;
  const random = vi.spyOn(Math, 'random').mockImplementation(() => ((draw++ * 0.37) % 1));
  try {
    const trim = await templateTrimMm(template);
    const preflight = new Preflight({ template, total: inputs.length, trim, options: OPTIONS, font });
    const outFile = path.join(dir, `${name}-${writer}.pdf`);
    async function* batches() { yield inputs; }
    await renderPrintFile({
      template: bleedTemplate(template, trim, OPTIONS), batches: preflight.tap(batches()), outFile, pool: inlineRenderer(font), chunkPieces: 7,
      pageBoxes: OPTIONS, outputIntent: { profile: srgbIccProfile(), name: SRGB_PROFILE_NAME }, writer,
    });
    return { pdf: new Uint8Array(await fs.readFile(outFile)), report: await preflight.finish(outFile, dir) };
  } finally {
    random.mockRestore();
  }
}

describe('direct print writer: the same pages as pdfme', () => {
  it.each(designs)('$name', async ({ name, template: make }) => {
    const template = name === 'the benchmark design' ? await withImb(await make()) : await make();
    const inputs = inputsFor(template);
    const viaPdfme = await printFile(template, inputs, 'pdfme', name);
    const direct = await printFile(template, inputs, 'direct', name);

    expect(pdfPageTexts(direct.pdf)).toEqual(pdfPageTexts(viaPdfme.pdf));
    expect(direct.report).toEqual(viaPdfme.report);

    // Page by page, two rasters at a time (a 20-piece file at 150 dpi is ~250 MB of pixels).
    const pages = inputs.length * template.schemas.length;
    const imbPage = template.schemas.length + 1; // record 1's outside page: records with odd numbers carry an imbno
    const o = pageGeometry(OPTIONS).offsetMm;
    let worst = 0;
    for (let n = 1; n <= pages; n++) {
      const [a] = rasterPages(viaPdfme.pdf, DPI, undefined, n);
      const [b] = rasterPages(direct.pdf, DPI, undefined, n);
      worst = Math.max(worst, differingPixels(a, b, TOLERANCE));
      expect(scanQrCodes(b), `QR codes of page ${n}`).toEqual(scanQrCodes(a));
      if (n === imbPage && template.schemas.flat().some((el) => el.type === 'imb')) {
        // The bars of the IMb at (100, 192) mm of the trim: 192.5–197.5 mm holds the bars, not the readable line below.
        const px = (mm: number) => Math.round(mm / 25.4 * IMB_DPI);
        const area = { x: px(o + 95), y: px(o + 192.5), width: px(90), height: px(5) };
        const bars = readImbBars(rasterPages(viaPdfme.pdf, IMB_DPI, area, n)[0], IMB_DPI).bars;
        expect(bars).toHaveLength(65);
        expect(readImbBars(rasterPages(direct.pdf, IMB_DPI, area, n)[0], IMB_DPI).bars).toBe(bars);
      }
    }
    expect(worst).toBeLessThanOrEqual(MAX_DIFFERING);
  });
});
