import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPreflight } from '@mailcraft/shared';
import { buildPieceInputs, IMB_SAMPLE } from '@mailcraft/shared/designs';
import { loadFonts } from '../../fonts/builtin-fonts.js';
import { designPage, textElement } from '../../../test/factories.js';
import { bleedTemplate, templateTrimMm, type PageBoxOptions } from '../render/page-boxes.js';
import { composePieceTemplate } from '../render/print-template.js';
import { inlineRenderer } from '../../../test/inline-renderer.js';
import { renderPrintFile } from '../render/render-print-file.js';
import { Preflight } from './preflight.js';

const font = loadFonts();
const INDICIA = 'PRESORTED\nFIRST-CLASS MAIL\nU.S. POSTAGE\nPAID\nPERMIT NO. 1234';
const link = (i: number) => `http://localhost:8080/r/piece-${i}-3f1c2d4e5a6b4c7d8e9f0a1b2c3d4e5f`;

const inline = inlineRenderer(font);

/** A PNG of w × h grey pixels as a data URL. */
function png(w: number, h: number): string {
  const crcTable = Array.from({ length: 256 }, (_, n) => { let c = n; for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1; return c >>> 0; });
  const crc = (b: Buffer) => { let c = 0xffffffff; for (const x of b) c = crcTable[(c ^ x) & 0xff] ^ (c >>> 8); return (c ^ 0xffffffff) >>> 0; };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4); len.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4); sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13); ihdr.writeUInt32BE(w, 0); ihdr.writeUInt32BE(h, 4); ihdr[8] = 8; ihdr[9] = 0;
  const raw = Buffer.alloc((w + 1) * h, 0x99); for (let y = 0; y < h; y++) raw[y * (w + 1)] = 0;
  const bytes = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
  return `data:image/png;base64,${bytes.toString('base64')}`;
}

const indicia = (x = 180, y = 6) => ({ name: 'indicia', type: 'indicia', position: { x, y }, width: 32, height: 26, fontName: 'Helvetica' });
const qr = (size = 30) => ({ name: 'qr', type: 'qrVector', position: { x: 20, y: 150 }, width: size, height: size, errorCorrection: 'M' });
const addressBlock = {
  name: 'address block', type: 'multiVariableText', text: '{full_name}\n{address}\n{city_state_zip}', content: '{}',
  variables: ['full_name', 'address', 'city_state_zip'], position: { x: 100, y: 215 }, width: 100, height: 20, fontSize: 10, fontName: 'Helvetica',
};
const goodElements = () => [indicia(), qr(), addressBlock, textElement('company_name', 20, 60, { required: true, width: 120 })];
const people = (n: number) => Array.from({ length: n }, (_, i) => ({
  full_name: `Resident ${i + 1}`, address: `${100 + i} Main St`, city_state_zip: 'Springfield, IL 62701', company_name: `Company ${i + 1}`,
}));

let dir: string;
beforeAll(async () => { dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-preflight-')); });
afterAll(async () => { await fs.rm(dir, { recursive: true, force: true }); });

let fileNo = 0;
/** Renders `fields` with a design of `elements` (single-sided, 8.5 × 11) and runs its preflight. */
async function preflightOf(elements: Array<Record<string, unknown>>, fields: Array<Record<string, string>>, options: PageBoxOptions = { bleed: false, cropMarks: false }) {
  const template = await composePieceTemplate({ inside: designPage(elements), outside: null }, { sides: 'single', paperSize: '8.5x11' }, Object.keys(font));
  const trim = await templateTrimMm(template);
  const preflight = new Preflight({ template, total: fields.length, trim, options, font });
  const inputs = fields.map((f, i) => buildPieceInputs(template, f, { indiciaText: INDICIA, qrUrl: link(i + 1) }));
  async function* batches() { for (let i = 0; i < inputs.length; i += 4) yield inputs.slice(i, i + 4); }
  const outFile = path.join(dir, `file-${fileNo++}.pdf`);
  await renderPrintFile({ template: bleedTemplate(template, trim, options), batches: preflight.tap(batches()), outFile, pool: inline, chunkPieces: 3, pageBoxes: options });
  return { report: await preflight.finish(outFile, dir), outFile };
}

const checkOf = (report: TPreflight, id: string) => report.checks.find((c) => c.id === id)!;

describe('preflight', () => {
  it('passes a good design on every check, with bleed and crop marks', async () => {
    const { report, outFile } = await preflightOf(goodElements(), people(7), { bleed: true, cropMarks: true });
    expect(report.checks.filter((c) => !c.passed)).toEqual([]);
    expect(report.passed).toBe(true);
    expect(report.checks.map((c) => c.id)).toEqual([
      'page-boxes', 'fonts', 'qr-codes', 'indicia', 'address-block', 'imb-codes', 'required-fields', 'text-overflow', 'text-shrunk', 'image-resolution',
    ]);
    expect(checkOf(report, 'qr-codes').message).toMatch(/All 5 QR codes of 5 sampled pieces scan/);
    expect(checkOf(report, 'page-boxes').message).toMatch(/All 7 pages/);
    // The font check agrees with pdffonts: every font embedded.
    const rows = execFileSync('pdffonts', [outFile], { encoding: 'utf8' }).split('\n').slice(2).filter((l) => l.trim());
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toMatch(/\s(yes)\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$/);
    expect(checkOf(report, 'fonts')).toMatchObject({ passed: true });
  });

  it('fails a design with the indicia in the lower left, saying where it belongs', async () => {
    const { report } = await preflightOf([indicia(10, 240), qr(), addressBlock], people(2));
    expect(report.passed).toBe(false);
    const c = checkOf(report, 'indicia');
    expect(c.passed).toBe(false);
    expect(c.message).toMatch(/The indicia 'indicia' is outside the upper-right Indicia zone .*move it into the top-right 1½ × 1½ in corner/);
    expect(checkOf(report, 'address-block').passed).toBe(true);
  });

  it('fails a rotated indicia and one with something printed to its right', async () => {
    const rotated = { ...indicia(), rotate: 90 };
    expect(checkOf((await preflightOf([rotated, addressBlock], people(1))).report, 'indicia').message).toMatch(/rotated 90°/);
    const right = textElement('caption', 205, 10, { readOnly: true, content: 'Hi', width: 10 });
    expect(checkOf((await preflightOf([indicia(170, 6), right, addressBlock], people(1))).report, 'indicia').message)
      .toMatch(/'caption' is printed above or to the right of the indicia/);
  });

  it('fails an address outside the OCR read area and anything but the IMb in the barcode clear zone', async () => {
    const high = { ...addressBlock, position: { x: 100, y: 100 } };
    const inClear = textElement('footer', 120, 270, { readOnly: true, content: 'Footer', width: 60, height: 6 });
    const c = checkOf((await preflightOf([indicia(), high, inClear], people(1))).report, 'address-block');
    expect(c.passed).toBe(false);
    expect(c.message).toMatch(/'address block' .* is outside the USPS OCR read area/);
    expect(c.message).toMatch(/'footer' lies in the Barcode clear zone/);
  });

  it('fails a QR code too small to scan (8 mm for a long URL), naming the pieces and the size to use', async () => {
    const { report } = await preflightOf([indicia(), qr(8), addressBlock], people(3));
    const c = checkOf(report, 'qr-codes');
    expect(c.passed).toBe(false);
    expect(c.pieces).toEqual([1, 2, 3]);
    expect(c.message).toMatch(/QR code 'qr' has modules of 0\.\d+ mm, below 0.3 mm: make it at least \d+ mm wide/);
  });

  it('reports required fields printed empty with their piece numbers', async () => {
    const list = people(5).map((p, i) => (i === 1 || i === 3 ? { ...p, company_name: '' } : p));
    const c = checkOf((await preflightOf(goodElements(), list)).report, 'required-fields');
    expect(c).toMatchObject({ passed: false, pieces: [2, 4] });
    expect(c.message).toBe("2 pieces print an empty required field ('company_name'): fill in the missing values in the list, or exclude those records from printing.");
  });

  it('reports text that overflows its box, and text that dynamic font size shrank, per piece', async () => {
    const long = 'A rather long company name that cannot fit on one line of this small box';
    const small = textElement('company_name', 20, 60, { width: 40, height: 6, fontSize: 12 });
    const shrinking = textElement('full_name', 20, 80, { width: 30, height: 6, fontSize: 12, dynamicFontSize: { min: 4, max: 12, fit: 'horizontal' } });
    const list = people(3).map((p, i) => (i === 2 ? { ...p, company_name: long, full_name: 'Bartholomew Fitzgerald-Smythe' } : p));
    const { report } = await preflightOf([indicia(), addressBlock, small, shrinking], list);
    expect(checkOf(report, 'text-overflow')).toMatchObject({ passed: false, pieces: [3] });
    expect(checkOf(report, 'text-overflow').message).toMatch(/on 1 piece \('company_name'\)/);
    expect(checkOf(report, 'text-shrunk')).toMatchObject({ passed: true, pieces: [3] });
  });

  it('flags an image below 300 dpi at its printed size', async () => {
    const picture = { name: 'photo', type: 'image', readOnly: true, content: png(120, 80), position: { x: 20, y: 20 }, width: 60, height: 40 };
    const sharp = { name: 'logo', type: 'image', readOnly: true, content: png(600, 600), position: { x: 100, y: 20 }, width: 20, height: 20 };
    const c = checkOf((await preflightOf([indicia(), addressBlock, picture, sharp], people(2))).report, 'image-resolution');
    expect(c.passed).toBe(false);
    expect(c.message).toMatch(/^Image 'photo' prints at 50 dpi on every piece — below 300 dpi/);
  });

  it('reports pieces whose IMb value would print no barcode (USPS-B-3200 lengths), passing valid and blank ones', async () => {
    const imb = { name: 'imb', type: 'imb', position: { x: 120, y: 262 }, width: 80, height: 6 };
    const values = [IMB_SAMPLE.digits, '1234', IMB_SAMPLE.bars, '', 'AADTFFDFTDXX'];
    const { report } = await preflightOf([indicia(), addressBlock, imb], people(5).map((p, i) => ({ ...p, imbno: values[i] })));
    const c = checkOf(report, 'imb-codes');
    expect(c).toMatchObject({ passed: false, pieces: [2, 5] });
    expect(c.message).toMatch(/^2 pieces have an IMb value that is neither 20 \+ 0\/5\/9\/11 digits nor 65 letters F\/A\/D\/T/);
    expect(checkOf((await preflightOf([indicia(), addressBlock], people(1))).report, 'imb-codes'))
      .toMatchObject({ passed: true, message: 'The design has no Intelligent Mail barcode.' });
  });

  it('fails the page boxes of a file with the wrong trim', async () => {
    const { outFile } = await preflightOf(goodElements(), people(2));
    const template = await composePieceTemplate({ inside: designPage(goodElements()), outside: null }, { sides: 'single', paperSize: '8.5x11' }, Object.keys(font));
    const preflight = new Preflight({ template, total: 3, trim: { width: 152.4, height: 228.6 }, options: { bleed: true, cropMarks: false }, font });
    async function* threePieces() { yield people(3).map((f) => buildPieceInputs(template, f, { indiciaText: '', qrUrl: '' })); }
    for await (const batch of preflight.tap(threePieces())) expect(batch).toHaveLength(3);
    const c = checkOf(await preflight.finish(outFile, dir), 'page-boxes');
    expect(c).toMatchObject({ passed: false, pieces: [1, 2] });
    expect(c.message).toBe('The file has 2 pages, not 3 (3 pieces, 1 page each): generate the print file again. 2 piece(s) have page boxes other than the 152.4 × 228.6 mm trim with 3.175 mm bleed: generate the print file again.');
  });
});
