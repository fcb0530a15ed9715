import { inflateSync } from 'node:zlib';
import sharp from 'sharp';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { PDFDocument } from '@pdfme/pdf-lib';
import { mm2pt, type Schema, type Template } from '@pdfme/common';
import { buildPieceInputs } from '@mailcraft/shared/designs';
import { BENCH_INDICIA, benchFields, benchIntlFields, benchTemplate } from '../../../bench/bench-template.js';
import { loadFonts } from '../../fonts/builtin-fonts.js';
import { fontsForTexts } from '../../fonts/font-coverage.js';
import { designPage, textElement } from '../../../test/factories.js';
import { pdfPageTexts } from '../../../test/pdf-text.js';
import { differingPixels, rasterPages, readImbBars, scanQrCodes } from '../../../test/pdf-raster.js';
import { renderChunk } from '../render/render-chunk.js';
import { decodeFragment, STANDARD_FONT_PREFIX, type FragmentHeader } from './fragment.js';
import { PdfFileWriter } from './pdf-file-writer.js';
import { printFontBytes } from './print-font-bytes.js';
import { canWriteDirect, renderFragment } from './render-fragment.js';

const font = loadFonts();
const qrUrl = (i: number) => `https://example.com/r/${String(i).padStart(4, '0')}-fragment`;
/** Bench pieces `indices` (their fields by `fields`), as the print source builds them. */
const benchInputs = (template: Template, indices: number[], fields = benchFields) =>
  indices.map((i) => buildPieceInputs(template, fields(i), { indiciaText: BENCH_INDICIA, qrUrl: qrUrl(i) }));

/** A 60 × 40 PNG fading from opaque to transparent (an alpha channel), and the same picture as a JPEG. */
async function pictures(): Promise<{ png: string; jpeg: string }> {
  const [w, h] = [60, 40];
  const rgba = Buffer.alloc(w * h * 4);
  for (let i = 0; i < w * h; i++) rgba.set([(i % w) * 4, Math.floor(i / w) * 6, 200, 255 - (i % w) * 4], i * 4);
  const raw = { raw: { width: w, height: h, channels: 4 as const } };
  const png = await sharp(rgba, raw).png().toBuffer();
  const jpeg = await sharp(rgba, raw).flatten({ background: '#ffffff' }).jpeg().toBuffer();
  return { png: `data:image/png;base64,${png.toString('base64')}`, jpeg: `data:image/jpeg;base64,${jpeg.toString('base64')}` };
}

/** The text drawn on a page of a fragment: each `Tj` as the font name it uses and its glyph ids. */
function shownText(header: FragmentHeader, blob: (ref: [number, number]) => Uint8Array, page: number): Array<{ font: string; gids: number[] }> {
  const { content, resources } = header.pages[page];
  const shown: Array<{ font: string; gids: number[] }> = [];
  let current = '';
  for (const line of inflateSync(blob(content)).toString('latin1').split('\n')) {
    const tf = /^\/(\S+) \S+ Tf$/.exec(line);
    if (tf) current = resources.font![tf[1]];
    const tj = /^<([0-9A-F]*)> Tj$/.exec(line);
    if (tj) shown.push({ font: current, gids: tj[1].match(/.{4}/g)?.map((h) => parseInt(h, 16)) ?? [] });
  }
  return shown;
}

/** A PDF of a fragment written by the file writer. */
async function writtenPdf(fragment: Buffer): Promise<Buffer> {
  const writer = PdfFileWriter.inMemory({ fontBytes: printFontBytes(font) });
  await writer.append(fragment);
  return writer.finish({ title: 'Mail pieces' });
}

describe('renderFragment (direct print writer, docs/architecture.md#print-renderer)', () => {
  it('writes every page of every piece, merge fields as the glyphs of their fonts', async () => {
    const template = benchTemplate('qrVector');
    const inputs = benchInputs(template, [1, 2, 3], benchIntlFields); // 2: 雷 李 (a fallback font)
    const done: number[] = [];
    const { header, blob } = decodeFragment(await renderFragment(template, inputs, font, { onPieces: (n) => done.push(n) }));
    expect(header.pieces).toBe(3);
    expect(header.pages).toHaveLength(6);
    expect(done).toEqual([1, 2, 3]);
    expect(header.fallbacks).toEqual({});

    const fonts = fontsForTexts(font, inputs.flatMap(Object.values));
    const kit = (name: string) => fontkit.create(Buffer.from(fonts[name].data as Uint8Array));
    const has = (page: number, fontName: string, text: string) => {
      const gids = kit(fontName).layout(text).glyphs.map((g) => g.id).join();
      return shownText(header, blob, page).some((t) => t.font === fontName && t.gids.join() === gids);
    };
    expect(has(0, 'Helvetica', inputs[0].full_name)).toBe(true); // 'Mary Butt' (outside page)
    expect(has(2, 'NotoSansSC-Regular', '雷 李')).toBe(true);
    expect(has(1, 'Roboto-Regular', 'Dear Mary Butt,')).toBe(true); // the greeting (inside page)
    expect(has(5, 'Helvetica', inputs[2].email)).toBe(true);

    // Each glyph is reported once per font, with its text and width (1/1000 em).
    const helvetica = header.fonts.find((f) => f.name === 'Helvetica')!;
    const m = kit('Helvetica').layout('M').glyphs[0];
    expect(helvetica.glyphs.filter(([gid]) => gid === m.id)).toEqual([[m.id, 'M', (m.advanceWidth * 1000) / kit('Helvetica').unitsPerEm]]);
    expect(new Set(helvetica.glyphs.map(([gid]) => gid)).size).toBe(helvetica.glyphs.length);
    expect(header.fonts.map((f) => f.name).sort()).toEqual(['Helvetica', 'NotoSansSC-Regular', 'Roboto-Regular']);
  });

  it('writes each image once per fragment, a PNG\'s alpha as a soft mask, and draws it on every page', async () => {
    const { png, jpeg } = await pictures();
    const template = designPage([
      { name: 'logo', type: 'image', readOnly: true, content: png, position: { x: 20, y: 20 }, width: 30, height: 20 },
      { name: 'photo', type: 'image', readOnly: true, content: jpeg, position: { x: 60, y: 20 }, width: 30, height: 20, opacity: 0.5 },
      textElement('full_name', 20, 50),
    ]) as unknown as Template;
    const inputs = [{ full_name: 'Ada Lovelace' }, { full_name: 'Alan Turing' }, { full_name: 'Grace Hopper' }];
    const { header, blob } = decodeFragment(await renderFragment(template, inputs, font));
    expect(header.images).toHaveLength(2);
    const [pngImage, jpegImage] = header.images;
    expect(pngImage).toMatchObject({ width: 60, height: 40, colorSpace: 'DeviceRGB', bitsPerComponent: 8, filter: 'FlateDecode' });
    expect(inflateSync(blob(pngImage.data))).toHaveLength(60 * 40 * 3);
    expect(inflateSync(blob(pngImage.smask!))).toHaveLength(60 * 40);
    expect(jpegImage).toMatchObject({ filter: 'DCTDecode', colorSpace: 'DeviceRGB' });
    expect(jpegImage.smask).toBeUndefined();
    for (const page of header.pages) {
      expect(Object.values(page.resources.xobject!).sort()).toEqual([pngImage.key, jpegImage.key].sort());
      expect(Object.values(page.resources.extGState!)).toEqual([{ ca: 0.5 }]);
    }
  });

  it('leaves an element the canvas cannot draw to pdfme, as a form once per element and value', async () => {
    const star = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M12 2l3 7h7l-5.5 4 2 7-6.5-4.5L5.5 20l2-7L2 9h7z" fill="#3366cc"/></svg>';
    const template = designPage([
      { name: 'star', type: 'svg', readOnly: true, content: star, position: { x: 20, y: 20 }, width: 20, height: 20 },
      textElement('full_name', 20, 50),
    ]) as unknown as Template;
    const { header, blob } = decodeFragment(await renderFragment(template, [{ full_name: 'Ada' }, { full_name: 'Alan' }], font));
    expect(header.fallbacks).toEqual({ svg: 2 });
    expect(header.forms).toHaveLength(1);
    expect((await PDFDocument.load(blob(header.forms[0].pdf))).getPageCount()).toBe(1);
    for (const page of header.pages) {
      const [res] = Object.keys(page.resources.xobject!);
      expect(page.resources.xobject![res]).toBe(header.forms[0].key);
      expect(inflateSync(blob(page.content)).toString('latin1')).toContain(`q 1 0 0 1 0 0 cm /${res} Do Q`);
    }
  });

  it('names a standard font apart from an embedded font of the same name (the IMb digits in Helvetica)', async () => {
    const template = designPage([
      textElement('full_name', 20, 20),
      { name: 'imbno', type: 'imb', position: { x: 20, y: 40 }, width: 80, height: 10, showText: true },
    ]) as unknown as Template;
    const { header } = decodeFragment(await renderFragment(template, [{ full_name: 'Ada', imbno: '0127012345600000000162701' }], font));
    expect(header.fonts.map((f) => [f.name, !!f.standard])).toEqual([['Helvetica', false], ['Helvetica', true]]);
    expect(Object.values(header.pages[0].resources.font!).sort()).toEqual(['Helvetica', `${STANDARD_FONT_PREFIX}Helvetica`]);
  });

  it('sets the page boxes and crop marks of the print options', async () => {
    const template = designPage([textElement('full_name', 20, 20)]) as unknown as Template;
    const { header, blob } = decodeFragment(await renderFragment(template, [{ full_name: 'Ada' }], font, { pageBoxes: { bleed: true, cropMarks: true } }));
    const [page] = header.pages;
    const [w, h] = [mm2pt(215.9), mm2pt(279.4)]; // the trim, as pdfme sizes pages
    const o = 12.7 * 72 / 25.4; // CROP_MARK_SLUG_MM
    expect(page.mediaBox.map((v) => v.toFixed(2))).toEqual([0, 0, w + 2 * o, h + 2 * o].map((v) => v.toFixed(2)));
    expect(page.trimBox!.map((v) => v.toFixed(2))).toEqual([o, o, o + w, o + h].map((v) => v.toFixed(2)));
    const content = inflateSync(blob(page.content)).toString('latin1');
    expect(content.startsWith('q 1 0 0 1 36 36 cm\n')).toBe(true);
    expect(content).toContain('1 1 1 1 K'); // registration-colour crop marks
  });

  it('is for blank pages without dynamic layout only', () => {
    const bench = benchTemplate('qrVector');
    expect(canWriteDirect(bench)).toBe(true);
    expect(canWriteDirect({ ...bench, basePdf: 'data:application/pdf;base64,JVBERi0=' })).toBe(false);
    const expanding = { ...bench, schemas: [[...bench.schemas[0], { ...bench.schemas[0][3], name: 'x', overflow: 'expand' } as Schema], bench.schemas[1]] };
    expect(canWriteDirect(expanding)).toBe(false);
  });

  it('prints what pdfme prints: pixels at 150 dpi, text, QR codes and the IMb (names in many scripts, images, shapes, a fallback)', async () => {
    const { png, jpeg } = await pictures();
    const bench = benchTemplate('qrVector');
    const extra = [
      { name: 'logo', type: 'image', readOnly: true, content: png, position: { x: 20, y: 170 }, width: 40, height: 27 },
      { name: 'photo', type: 'image', readOnly: true, content: jpeg, position: { x: 65, y: 170 }, width: 40, height: 27, rotate: 15, opacity: 0.7 },
      { name: 'box', type: 'rectangle', readOnly: true, content: '', position: { x: 150, y: 200 }, width: 40, height: 20, color: '#ff8800', borderColor: '#003366', borderWidth: 1, radius: 3 },
      { name: 'oval', type: 'ellipse', readOnly: true, content: '', position: { x: 150, y: 225 }, width: 40, height: 20, color: '#88cc00', borderColor: '#000000', borderWidth: 0.5 },
      { name: 'rule', type: 'line', readOnly: true, content: '', position: { x: 20, y: 205 }, width: 120, height: 0.5, color: '#cc0000' },
      { name: 'tick', type: 'checkbox', readOnly: true, content: 'true', position: { x: 20, y: 212 }, width: 8, height: 8, color: '#000000' },
      { name: 'code', type: 'code128', readOnly: true, content: 'MAILCRAFT-123', position: { x: 35, y: 212 }, width: 60, height: 15, backgroundColor: '#ffffff', barColor: '#000000' },
      { name: 'note', type: 'text', readOnly: true, content: 'Rotated note — on a background', fontName: 'Helvetica', fontSize: 10, position: { x: 120, y: 250 }, width: 70, height: 12,
        rotate: 10, backgroundColor: '#ffffcc', alignment: 'center', verticalAlignment: 'middle', underline: true },
      { name: 'imbno', type: 'imb', position: { x: 20, y: 245 }, width: 80, height: 10 },
    ] as Schema[];
    const template: Template = { ...bench, schemas: [bench.schemas[0], [...bench.schemas[1], ...extra]] };
    // Every name of benchIntlFields' scripts: Latin accents, Chinese, Cyrillic, Arabic, Japanese, Korean, emoji.
    const inputs = benchInputs(template, [0, 2, 4, 6, 8, 10, 12], benchIntlFields).map((input) => ({ ...input, imbno: '0127012345600000000162701' }));

    const fragment = await renderFragment(template, inputs, font);
    expect(decodeFragment(fragment).header.fallbacks).toEqual({ checkbox: inputs.length });
    const direct = await writtenPdf(fragment);
    const pdfme = await renderChunk(template, inputs, font);

    expect(pdfPageTexts(direct)).toEqual(pdfPageTexts(pdfme));
    const [a, b] = [rasterPages(pdfme, 150), rasterPages(direct, 150)];
    expect(b).toHaveLength(a.length);
    a.forEach((page, i) => {
      expect(differingPixels(page, b[i], 64), `page ${i + 1}`).toBeLessThanOrEqual(0.005);
      if (i % 2 === 0) expect(scanQrCodes(b[i])).toEqual([qrUrl([0, 2, 4, 6, 8, 10, 12][i / 2])]);
    });
    const imbArea = { x: 0, y: Math.round(300 * 240 / 25.4), width: Math.round(300 * 110 / 25.4), height: Math.round(300 * 20 / 25.4) };
    const [imbA, imbB] = [rasterPages(pdfme, 300, imbArea)[1], rasterPages(direct, 300, imbArea)[1]];
    expect(readImbBars(imbB, 300).bars).toHaveLength(65);
    expect(readImbBars(imbB, 300)).toEqual(readImbBars(imbA, 300));
  }, 60_000);
});
