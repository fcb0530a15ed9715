import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PDFArray, PDFDocument, PDFRawStream, decodePDFRawStream } from '@pdfme/pdf-lib';
import type { Template } from '@pdfme/common';
import { qrRuns } from '@mailcraft/shared/designs';
import { loadFonts } from '../../fonts/builtin-fonts.js';
import { designPage, textElement } from '../../../test/factories.js';
import { pdfPageTexts, squashSpaces } from '../../../test/pdf-text.js';
import { PdfStreamMerger } from './pdf-merge.js';
import { renderChunk } from './render-chunk.js';
import { RenderPool } from './render-pool.js';
import { renderPrintFile } from './render-print-file.js';

const font = loadFonts();
const nameTemplate = designPage([textElement('full_name', 20, 20)]) as unknown as Template;
const pieces = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ full_name: `Resident ${from + i}` }));

async function pageContent(pdf: Uint8Array, index = 0): Promise<string> {
  const doc = await PDFDocument.load(pdf);
  const contents = doc.getPage(index).node.Contents();
  const refs = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
  const streams = refs.map((r) => (r instanceof PDFRawStream ? r : doc.context.lookup(r))) as PDFRawStream[];
  return streams.map((s) => Buffer.from(decodePDFRawStream(s).decode()).toString('latin1')).join('\n');
}

describe('render chunk', () => {
  it('draws a qrVector code as rectangles, and nothing for an empty value', async () => {
    const template = designPage([{ name: 'qr', type: 'qrVector', position: { x: 20, y: 20 }, width: 30, height: 30 }]) as unknown as Template;
    const url = 'http://localhost:8080/r/3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
    const pdf = await renderChunk(template, [{ qr: url }, { qr: '' }], font);
    const drawn = await pageContent(pdf, 0);
    expect(drawn.match(/ re\b/g)?.length).toBe(qrRuns(url).runs.length + 1); // + background
    expect(await pageContent(pdf, 1)).not.toMatch(/ re\b/);
  });

  it('prints the indicia lines centred in their box, and nothing without a permit', async () => {
    const template = designPage([{ name: 'indicia', type: 'indicia', position: { x: 170, y: 10 }, width: 32, height: 26, fontName: 'Helvetica' }]) as unknown as Template;
    const pdf = await renderChunk(template, [{ indicia: 'PRESORTED\nFIRST-CLASS MAIL US\nU.S. POSTAGE\nPAID\nPERMIT NO. 1234\nSPRINGFIELD, IL' }, { indicia: '' }], font);
    const [withPermit, without] = pdfPageTexts(pdf);
    for (const line of ['PRESORTED', 'FIRST-CLASS MAIL US', 'U.S. POSTAGE', 'PERMIT NO. 1234', 'SPRINGFIELD, IL']) expect(withPermit).toContain(line);
    expect(without.trim()).toBe('');
  });
});

// zbarimg (Debian zbar-tools, installed by scripts/install-system-deps.sh) scans the printed code.
// Under CI it must be there: a missing scanner fails the test instead of skipping it.
const hasZbar = spawnSync('zbarimg', ['--version']).status === 0;
const mustScan = hasZbar || !!process.env.CI;

describe('printed QR code', () => {
  it.skipIf(!mustScan)('scans as the encoded URL', async () => {
    const template = designPage([{ name: 'qr', type: 'qrVector', position: { x: 20, y: 20 }, width: 30, height: 30, errorCorrection: 'Q' }]) as unknown as Template;
    const url = 'http://localhost:8080/r/3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-qr-'));
    try {
      await fs.writeFile(path.join(dir, 'qr.pdf'), await renderChunk(template, [{ qr: url }], font));
      execFileSync('pdftoppm', ['-r', '150', '-png', '-singlefile', path.join(dir, 'qr.pdf'), path.join(dir, 'qr')]);
      const scanned = execFileSync('zbarimg', ['-q', '--raw', path.join(dir, 'qr.png')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
      expect(scanned.trim()).toBe(url);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

describe('streaming merge', () => {
  it('joins chunks in order into one valid PDF with a multi-level page tree', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-merge-'));
    const out = path.join(dir, 'merged.pdf');
    const merger = await PdfStreamMerger.create(out);
    await merger.append(await renderChunk(nameTemplate, pieces(0, 300), font));
    await merger.append(await renderChunk(nameTemplate, pieces(300, 1), font));
    await merger.append(await renderChunk(nameTemplate, pieces(301, 20), font));
    const size = await merger.finish({ title: 'Merged – test' });
    const bytes = await fs.readFile(out);
    expect(bytes.length).toBe(size);
    const doc = await PDFDocument.load(bytes, { throwOnInvalidObject: true });
    expect(doc.getPageCount()).toBe(321);
    expect(doc.getTitle()).toBe('Merged – test');
    const texts = pdfPageTexts(bytes).map(squashSpaces);
    expect(texts).toEqual(pieces(0, 321).map((p) => p.full_name));
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('renders a file on worker threads in chunks, keeps list order and reports progress', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-file-'));
    const pool = new RenderPool(2);
    async function* batches() {
      for (let i = 0; i < 130; i += 40) yield pieces(i, Math.min(40, 130 - i));
    }
    const progress: number[] = [];
    try {
      const result = await renderPrintFile({
        template: nameTemplate, batches: batches(), outFile: path.join(dir, 'out.pdf'), pool, chunkPieces: 25,
        onProgress: (done) => { progress.push(done); },
      });
      expect(result).toMatchObject({ pieces: 130, pages: 130 });
      expect(progress.at(-1)).toBe(130);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));
      expect(new Set(progress).size).toBe(progress.length);
      const texts = pdfPageTexts(await fs.readFile(path.join(dir, 'out.pdf'))).map(squashSpaces);
      expect(texts).toEqual(pieces(0, 130).map((p) => p.full_name));
      expect(await fs.readdir(dir)).toEqual(['out.pdf']);
    } finally {
      await pool.close();
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('reports progress per piece as a thread renders a chunk, not only when the chunk is done', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-steps-'));
    const pool = new RenderPool(1);
    async function* batches() { yield pieces(0, 60); }
    const progress: number[] = [];
    try {
      await renderPrintFile({
        template: nameTemplate, batches: batches(), outFile: path.join(dir, 'out.pdf'), pool, chunkPieces: 250, progressEveryMs: 0,
        onProgress: (done) => { progress.push(done); },
      });
      // One chunk of 60: before, the only report was 60. Now every piece is heard.
      expect(progress.at(-1)).toBe(60);
      expect(progress.length).toBeGreaterThanOrEqual(30);
      expect(progress[0]).toBeLessThan(10);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));
    } finally {
      await pool.close();
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('names the merging phase once, after the last piece is counted and before the file is done', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-phase-'));
    const pool = new RenderPool(2);
    async function* batches() { yield pieces(0, 70); }
    const heard: Array<number | string> = [];
    try {
      await renderPrintFile({
        template: nameTemplate, batches: batches(), outFile: path.join(dir, 'out.pdf'), pool, chunkPieces: 25,
        onProgress: (done) => { heard.push(done); },
        onPhase: async (phase) => { await new Promise((r) => setTimeout(r, 20)); heard.push(phase); },
      });
      heard.push('returned');
      expect(heard.slice(-3)).toEqual([70, 'merging', 'returned']);
      expect(heard.filter((h) => h === 'merging')).toHaveLength(1);
    } finally {
      await pool.close();
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('fails the whole file when a chunk fails, leaving no output', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-fail-'));
    const pool = new RenderPool(1);
    const broken = designPage([{ name: 'qr', type: 'qrVector', position: { x: 20, y: 20 }, width: 30, height: 30 }]) as unknown as Template;
    async function* batches() { yield [{ qr: 'x'.repeat(5000) }]; } // too long for a QR code
    try {
      await expect(renderPrintFile({ template: broken, batches: batches(), outFile: path.join(dir, 'out.pdf'), pool })).rejects.toThrow(/data/i);
      expect(await fs.readdir(dir)).toEqual([]);
    } finally {
      await pool.close();
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
