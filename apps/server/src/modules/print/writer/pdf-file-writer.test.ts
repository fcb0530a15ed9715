import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import * as fontkit from 'fontkit';
import { decodePDFRawStream, PDFDict, PDFDocument, PDFName, type PDFRawStream, rgb, StandardFonts } from '@pdfme/pdf-lib';
import { FALLBACK_FONTS, fallbackFontBytes } from '../../fonts/fallback-fonts.js';
import { builtinFontBytes } from '../../fonts/builtin-fonts.js';
import { BlobCollector, encodeFragment, STANDARD_FONT_PREFIX, type FragmentFont, type FragmentHeader, type FragmentPage, type UsedGlyph } from './fragment.js';
import { MergeThread } from '../render/merge-thread.js';
import { PdfFileWriter } from './pdf-file-writer.js';

/**
 * The direct writer's files as poppler reads them (docs/architecture.md#print-renderer): fragments
 * built by hand — text in an embedded font (glyph ids from fontkit's layout, as a render thread
 * sends them), a rectangle, an image with an alpha mask, a pdfme fallback form, text in a
 * standard font — written to a file and checked with pdftotext, pdffonts, pdfimages, pdfinfo and
 * pdftoppm; qpdf --check when qpdf is installed.
 */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mc-writer-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const ROBOTO = builtinFontBytes('builtin:Roboto-Regular')!;
const NOTO_SC = FALLBACK_FONTS.find((f) => f.name === 'NotoSansSC-Regular')!;
const fontBytes = (name: string) => (name === 'Roboto-Regular' ? ROBOTO : name === NOTO_SC.name ? fallbackFontBytes(NOTO_SC) : null);

const run = (cmd: string, ...args: string[]) => execFileSync(cmd, args, { encoding: 'utf8' });
const hasQpdf = (() => {
  try {
    execFileSync('qpdf', ['--version']);
    return true;
  } catch {
    return false;
  }
})();

/** Text laid out as a render thread does: the glyph ids as 2-byte hex for Identity-H, and each glyph's text and width. */
function shape(fontBytesOf: Uint8Array, text: string): { hex: string; glyphs: UsedGlyph[] } {
  const font = fontkit.create(Buffer.from(fontBytesOf));
  const run = font.layout(text);
  const glyphs = run.glyphs.map((g): UsedGlyph => [g.id, String.fromCodePoint(...(g as unknown as { codePoints: number[] }).codePoints), (g.advanceWidth * 1000) / font.unitsPerEm]);
  return { hex: run.glyphs.map((g) => g.id.toString(16).padStart(4, '0')).join(''), glyphs };
}

/** A 32 × 32 RGB gradient with an alpha mask: transparent on the left half. */
function gradientImage() {
  const rgbSamples = Buffer.alloc(32 * 32 * 3);
  const alpha = Buffer.alloc(32 * 32);
  for (let y = 0; y < 32; y++) {
    for (let x = 0; x < 32; x++) {
      rgbSamples.set([x * 8, y * 8, 128], (y * 32 + x) * 3);
      alpha[y * 32 + x] = x < 16 ? 0 : 255;
    }
  }
  return { data: zlib.deflateSync(rgbSamples), smask: zlib.deflateSync(alpha) };
}

/** A one-page PDF as pdfme's fallback makes it: one element (text in Helvetica on a green box) at its place on a page of the piece's size. */
async function fallbackFormPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([432, 288]);
  page.drawRectangle({ x: 250, y: 30, width: 150, height: 40, color: rgb(0.2, 0.7, 0.3) });
  page.drawText('Form text', { x: 260, y: 45, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
  return doc.save();
}

type PageSpec = { text: string; font?: string; boxes?: boolean };

/** A fragment of pages in Roboto (or `font`), each with a rectangle, the image, the form and a line in standard Helvetica. */
async function fragment(pages: PageSpec[]): Promise<Buffer> {
  const blobs = new BlobCollector();
  const image = gradientImage();
  const fonts = new Map<string, FragmentFont>();
  const header: FragmentHeader = {
    pieces: pages.length, pages: [], fonts: [], fallbacks: { signature: 1 },
    images: [{ key: 'img-1', width: 32, height: 32, colorSpace: 'DeviceRGB', bitsPerComponent: 8, filter: 'FlateDecode', data: blobs.add(image.data), smask: blobs.add(image.smask) }],
    forms: [{ key: 'form-1', pdf: blobs.add(await fallbackFormPdf()) }],
  };
  fonts.set('Helvetica', { name: 'Helvetica', standard: true, glyphs: [] });
  for (const spec of pages) {
    const name = spec.font ?? 'Roboto-Regular';
    const { hex, glyphs } = shape(fontBytes(name)!, spec.text);
    const font = fonts.get(name) ?? { name, glyphs: [] };
    for (const g of glyphs) if (!font.glyphs.some(([gid]) => gid === g[0])) font.glyphs.push(g);
    fonts.set(name, font);
    const content = [
      '0.9 0.2 0.2 rg 36 200 120 50 re f',
      'q 64 0 0 64 180 190 cm /Im1 Do Q',
      'q /Fx1 Do Q',
      `BT 0 0 0 rg /F1 20 Tf 36 120 Td <${hex}> Tj ET`,
      'BT /F2 10 Tf 36 20 Td (IMb 0127012345) Tj ET',
    ].join('\n');
    const page: FragmentPage = {
      mediaBox: spec.boxes ? [0, 0, 468, 324] : [0, 0, 432, 288],
      ...(spec.boxes ? { trimBox: [18, 18, 450, 306], bleedBox: [9, 9, 459, 315] } : {}),
      content: blobs.add(zlib.deflateSync(content)),
      resources: { font: { F1: name, F2: `${STANDARD_FONT_PREFIX}Helvetica` }, xobject: { Im1: 'img-1', Fx1: 'form-1' } },
    };
    header.pages.push(page);
  }
  header.fonts = [...fonts.values()];
  return encodeFragment(header, blobs.parts);
}

async function writeFile(name: string, fragments: Buffer[]): Promise<string> {
  const file = path.join(dir, name);
  const writer = await PdfFileWriter.create(file, { fontBytes });
  for (const f of fragments) await writer.append(f);
  expect(await writer.finish({ title: 'Spring mailing ✉' })).toBe(fs.statSync(file).size);
  return file;
}

/** pdffonts rows: name, type, embedded, subset. */
function fonts(file: string) {
  return run('pdffonts', file).split('\n').slice(2).filter(Boolean).map((line) => {
    const cols = line.trim().split(/\s+/);
    return { name: cols[0], type: cols.slice(1, -6).join(" "), encoding: cols.at(-6), emb: cols.at(-5), sub: cols.at(-4), uni: cols.at(-3) };
  });
}

describe('PdfFileWriter', () => {
  it('writes text, shapes, an image and a fallback form, each font and image once across fragments', async () => {
    const file = await writeFile('two.pdf', [
      await fragment([{ text: 'Dear Zoë Ñúñez, office fifty' }, { text: 'Springfield IL 62704', boxes: true }]),
      await fragment([{ text: 'Waffle ﬁne — “quoted”' }]),
    ]);
    const text = run('pdftotext', '-layout', '-enc', 'UTF-8', file, '-').split('\f');
    expect(text[0]).toContain('Dear Zoë Ñúñez, office fifty');
    expect(text[1]).toContain('Springfield IL 62704');
    // 'ffi' and 'ffl' are ligature glyphs standing for several letters; the 'fi' glyph stands for the text of its first use ('fi', not 'ﬁ').
    expect(text[2]).toContain('Waffle fine — “quoted”');
    for (const page of text.slice(0, 3)) expect(page).toMatch(/Form text[\s\S]*IMb 0127012345|IMb 0127012345[\s\S]*Form text/);

    const listed = fonts(file);
    expect(listed.filter((f) => f.name.endsWith('+Roboto-Regular'))).toEqual([
      { name: expect.stringMatching(/^[A-Z]{6}\+Roboto-Regular$/), type: 'CID TrueType', encoding: 'Identity-H', emb: 'yes', sub: 'yes', uni: 'yes' },
    ]);
    expect(listed.filter((f) => f.name === 'Helvetica')).toHaveLength(2); // the pages' and the form's own, neither embedded
    expect(listed.filter((f) => f.name === 'Helvetica').every((f) => f.emb === 'no')).toBe(true);

    const images = run('pdfimages', '-list', file).split('\n').slice(2).filter(Boolean).map((l) => l.trim().split(/\s+/));
    const objectOf = (row: string[]) => row[10];
    expect(images.filter((r) => r[2] === 'image')).toHaveLength(3); // drawn on 3 pages …
    expect(new Set(images.filter((r) => r[2] === 'image').map(objectOf)).size).toBe(1); // … one object
    expect(new Set(images.filter((r) => r[2] === 'smask').map(objectOf)).size).toBe(1);

    const info = run('pdfinfo', '-box', '-f', '1', '-l', '3', file);
    expect(info).toMatch(/Pages:\s+3/);
    expect(info).toMatch(/Title:\s+Spring mailing ✉/);
    expect(info).toMatch(/Producer:\s+Mailcraft/);
    expect(info).toMatch(/Page\s+1 size:\s+432 x 288 pts/);
    expect(info).toMatch(/Page\s+2 MediaBox:\s+0\.00\s+0\.00\s+468\.00\s+324\.00/);
    expect(info).toMatch(/Page\s+2 TrimBox:\s+18\.00\s+18\.00\s+450\.00\s+306\.00/);
    expect(info).toMatch(/Page\s+2 BleedBox:\s+9\.00\s+9\.00\s+459\.00\s+315\.00/);
    expect(info).toMatch(/Page\s+1 TrimBox:\s+0\.00\s+0\.00\s+432\.00\s+288\.00/); // no trim: the MediaBox
    if (hasQpdf) expect(run('qpdf', '--check', file)).toMatch(/No syntax or stream encoding errors/);

    // The same Resources dictionary (fonts, image, form) serves every page; the form is written once.
    const pdf = fs.readFileSync(file, 'latin1');
    expect(pdf.match(/\/Subtype \/Form/g)).toHaveLength(1);
    expect(new Set(pdf.match(/\/Resources \d+ 0 R/g)).size).toBe(1);
  });

  it('draws the page as written: rectangle, masked image, form and text', async () => {
    const file = await writeFile('look.pdf', [await fragment([{ text: 'Hello Roboto' }])]);
    execFileSync('pdftoppm', ['-r', '72', '-png', '-singlefile', file, path.join(dir, 'look')]);
    const png = fs.readFileSync(path.join(dir, 'look.png'));
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    const ppm = execFileSync('pdftoppm', ['-r', '72', '-singlefile', file]); // P6 432 × 288
    const body = ppm.subarray(ppm.length - 432 * 288 * 3);
    const pixel = (x: number, yFromTop: number) => [...body.subarray((yFromTop * 432 + x) * 3, (yFromTop * 432 + x) * 3 + 3)];
    const near = (got: number[], want: number[]) => expect(got.every((v, i) => Math.abs(v - want[i]) <= 1), `${got} ≈ ${want}`).toBe(true);
    near(pixel(60, 288 - 225), [230, 51, 51]); // the red rectangle
    near(pixel(185, 288 - 220), [255, 255, 255]); // the image's transparent half
    near([pixel(240, 288 - 220)[2]], [128]); // its opaque half: blue 128 in every pixel
    near(pixel(255, 288 - 35), [51, 179, 77]); // the form's green box
  });

  it('embeds a CFF (OpenType) CJK font whose text poppler draws and extracts', async () => {
    const file = await writeFile('cjk.pdf', [await fragment([{ text: '李雷 张伟 王芳', font: NOTO_SC.name }]), await fragment([{ text: '刘洋 陈静', font: NOTO_SC.name }])]);
    const text = run('pdftotext', '-enc', 'UTF-8', file, '-').split('\f');
    expect(text[0]).toContain('李雷 张伟 王芳');
    expect(text[1]).toContain('刘洋 陈静');
    expect(fonts(file).filter((f) => f.name.includes('NotoSansHans'))).toEqual([
      { name: expect.stringMatching(/^[A-Z]{6}\+NotoSansHans-Regular$/), type: 'CID Type 0C (OT)', encoding: 'Identity-H', emb: 'yes', sub: 'yes', uni: 'yes' },
    ]);
    // Its charset maps CID n to glyph n (poppler ignores the charset; pdf.js and Acrobat follow it).
    const doc = await PDFDocument.load(fs.readFileSync(file));
    const descriptor = [...doc.context.enumerateIndirectObjects()].map(([, o]) => o).find((o): o is PDFDict => o instanceof PDFDict && o.has(PDFName.of('FontFile3')))!;
    const program = decodePDFRawStream(doc.context.lookup(descriptor.get(PDFName.of('FontFile3'))) as PDFRawStream).decode();
    const cff = fontkit.create(Buffer.from(program))['CFF '] as { topDict: { charset: { version: number; ranges: Array<{ first: number; nLeft: number }> } } };
    expect(cff.topDict.charset).toMatchObject({ version: 2, ranges: [{ first: 1, nLeft: fontkit.create(Buffer.from(program)).numGlyphs - 2 }] });
    // The glyphs are drawn (not .notdef boxes nor blanks): the text line has ink.
    const ppm = execFileSync('pdftoppm', ['-r', '72', '-singlefile', '-x', '36', '-y', String(288 - 140), '-W', '200', '-H', '30', file]);
    const body = ppm.subarray(ppm.length - 200 * 30 * 3);
    expect(body.filter((v) => v < 128).length).toBeGreaterThan(300);
  });

  it('writes in memory for previews, the same bytes as a file', async () => {
    const frag = await fragment([{ text: 'Preview' }]);
    const writer = PdfFileWriter.inMemory({ fontBytes });
    await writer.append(frag);
    expect(writer.pages).toBe(1);
    const pdf = await writer.finish({});
    const file = path.join(dir, 'memory.pdf');
    fs.writeFileSync(file, pdf);
    expect(run('pdftotext', file, '-')).toContain('Preview');
  });

  it('writes fragment files in the merge thread, with the built-in and fallback fonts', async () => {
    const files = [await fragment([{ text: 'Thread Roboto' }]), await fragment([{ text: '王芳', font: NOTO_SC.name }, { text: 'Two' }])].map((bytes, i) => {
      const f = path.join(dir, `fragment-${i}`);
      fs.writeFileSync(f, bytes);
      return f;
    });
    const out = path.join(dir, 'thread.pdf');
    const thread = await MergeThread.startWriter(out);
    try {
      expect(await thread.appendFragment(files[0])).toBe(1);
      expect(await thread.appendFragment(files[1])).toBe(3);
      expect(await thread.finish({ title: 'Thread' })).toEqual({ bytes: fs.statSync(out).size, pages: 3, fallbacks: 2 });
    } finally {
      await thread.close();
    }
    expect(run('pdftotext', '-enc', 'UTF-8', out, '-').split('\f').slice(0, 3).map((p) => p.split('\n')[0])).toEqual(['Thread Roboto', '王芳', 'Two']);
  });

  it('names a font it has no bytes for', async () => {
    const writer = PdfFileWriter.inMemory({ fontBytes: () => null });
    await expect(writer.append(await fragment([{ text: 'x' }]))).rejects.toThrow("The print font 'Roboto-Regular' is not available");
    await writer.abort();
  });
});
