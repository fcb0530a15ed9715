import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Template } from '@pdfme/common';
import { loadFonts } from '../../fonts/builtin-fonts.js';
import { designPage, textElement } from '../../../test/factories.js';
import { bleedTemplate, type PageBoxOptions } from './page-boxes.js';
import { inlineRenderer } from '../../../test/inline-renderer.js';
import { renderPrintFile } from './render-print-file.js';
import { SRGB_PROFILE_NAME, srgbIccProfile } from './srgb-icc.js';

const font = loadFonts();
const PT = 72 / 25.4;
const background = { name: 'bg', type: 'rectangle', position: { x: 0, y: 0 }, width: 215.9, height: 100, color: '#3366cc', borderWidth: 0 };
const template = designPage([background, textElement('full_name', 20, 150)]) as unknown as Template;
const trim = { width: 215.9, height: 279.4 };

/** Renders chunks on this thread (the boxes are applied at the merge, not by the renderer). */
const inline = inlineRenderer(font);

let dir: string;
beforeAll(async () => { dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-boxes-')); });
afterAll(async () => { await fs.rm(dir, { recursive: true, force: true }); });

async function printWith(opts: PageBoxOptions, name: string): Promise<string> {
  const outFile = path.join(dir, `${name}.pdf`);
  async function* batches() { yield [{ full_name: 'Ada Lovelace' }, { full_name: 'Alan Turing' }]; }
  await renderPrintFile({
    template: bleedTemplate(template, trim, opts), batches: batches(), outFile, pool: inline,
    pageBoxes: opts, outputIntent: { profile: srgbIccProfile(), name: SRGB_PROFILE_NAME },
  });
  return outFile;
}

/** `pdfinfo -box` of page 1 → box name → [x1, y1, x2, y2] in mm. */
function boxesMm(file: string, page = 1): Record<string, number[]> {
  const out = execFileSync('pdfinfo', ['-box', '-f', String(page), '-l', String(page), file], { encoding: 'utf8' });
  const boxes: Record<string, number[]> = {};
  for (const m of out.matchAll(/^Page\s+\d+\s+(\w+):\s+([-\d.\s]+)$/gm)) {
    boxes[m[1]] = m[2].trim().split(/\s+/).map((v) => Number(v) / PT);
  }
  return boxes;
}

/** Each corner within 0.02 mm (pdfinfo prints points to 2 decimals). */
function expectBox(actual: number[] | undefined, expected: number[]) {
  expect(actual).toHaveLength(4);
  actual!.forEach((v, i) => expect(Math.abs(v - expected[i]), `${actual} vs ${expected}`).toBeLessThan(0.02));
}

describe('page boxes', () => {
  it('without bleed: MediaBox = TrimBox = the trim (8.5 × 11 in)', async () => {
    const boxes = boxesMm(await printWith({ bleed: false, cropMarks: false }, 'plain'));
    expectBox(boxes.MediaBox, [0, 0, 215.9, 279.4]);
    expect(boxes.TrimBox).toEqual(boxes.MediaBox);
    expect(boxes.BleedBox).toEqual(boxes.MediaBox);
  });

  it('with bleed: TrimBox = trim, BleedBox = MediaBox = trim + 3.175 mm on every side', async () => {
    const file = await printWith({ bleed: true, cropMarks: false }, 'bleed');
    for (const page of [1, 2]) {
      const boxes = boxesMm(file, page);
      expectBox(boxes.TrimBox, [3.18, 3.18, 219.08, 282.58]);
      expectBox(boxes.BleedBox, [0, 0, 222.25, 285.75]);
      expect(boxes.MediaBox).toEqual(boxes.BleedBox);
      expect(boxes.CropBox).toEqual(boxes.MediaBox);
    }
  });

  it('stretches a background touching the trim into the bleed, and moves the content with the trim', async () => {
    const file = await printWith({ bleed: true, cropMarks: false }, 'bleed-look');
    // 10 dpi raster: the top-left pixel lies in the bleed; a stretched background fills it.
    execFileSync('pdftoppm', ['-r', '10', '-f', '1', '-l', '1', '-singlefile', file, path.join(dir, 'look')]);
    const ppm = await fs.readFile(path.join(dir, 'look.ppm'));
    const body = ppm.subarray(ppm.length - 88 * 113 * 3); // 222.25 × 285.75 mm at 10 dpi → 88 × 113 px
    expect([...body.subarray(0, 3)]).toEqual([0x33, 0x66, 0xcc]);
    const bottomLeft = body.subarray(((113 - 1) * 88) * 3, ((113 - 1) * 88) * 3 + 3);
    expect([...bottomLeft]).toEqual([255, 255, 255]); // the background only touches the top, left and right
    expect(execFileSync('pdftotext', ['-f', '1', '-l', '1', file, '-'], { encoding: 'utf8' })).toContain('Ada Lovelace');
  });

  it('crop marks enlarge the MediaBox beyond the bleed', async () => {
    const boxes = boxesMm(await printWith({ bleed: true, cropMarks: true }, 'marks'));
    expectBox(boxes.MediaBox, [0, 0, 241.3, 304.8]);
    expectBox(boxes.TrimBox, [12.7, 12.7, 228.6, 292.1]);
    expectBox(boxes.BleedBox, [9.53, 9.53, 231.78, 295.28]);
  });

  it('declares an sRGB output intent that poppler reads', async () => {
    const file = await printWith({ bleed: false, cropMarks: false }, 'intent');
    const raw = (await fs.readFile(file)).toString('latin1');
    expect(raw).toMatch(/\/OutputIntents \[<< \/Type \/OutputIntent \/S \/GTS_PDFX \/OutputConditionIdentifier \(sRGB IEC61966-2.1\)/);
    expect(raw).toContain('acsp');
    expect(() => execFileSync('pdfinfo', [file], { stdio: 'pipe' })).not.toThrow();
  });
});
