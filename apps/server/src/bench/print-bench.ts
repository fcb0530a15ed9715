import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { generate } from '@pdfme/generator';
import type { Schema, Template } from '@pdfme/common';
import { barcodes, multiVariableText, text } from '@pdfme/schemas';
import { buildPieceInputs } from '@mailcraft/shared/designs';
import { loadConfig } from '../platform/config.js';
import { RenderPool } from '../modules/print/render/render-pool.js';
import { renderPrintFile } from '../modules/print/render/render-print-file.js';
import { BENCH_INDICIA, benchFields, benchIntlFields, benchTemplate } from './bench-template.js';
import { rssSampler } from './rss.js';

/**
 * One benchmark run: pieces rendered, wall time, throughput, peak process RSS, PDF size, and the
 * CPU seconds the process spent (all threads) — the fairer figure when other work shares the cores.
 */
export type PrintBenchResult = {
  pieces: number; seconds: number; piecesPerSecond: number; peakRssMb: number; pdfBytes: number; cpuSeconds: number;
  /** CPU seconds per 1,000 pieces. */
  cpuPer1000: number;
  /** Elements the direct writer left to pdfme (its per-element fallback); absent for pdfme runs. */
  fallbacks?: number;
};

/** CPU seconds (user + system, every thread of the process) since `from`. */
const cpuSince = (from: NodeJS.CpuUsage) => { const d = process.cpuUsage(from); return (d.user + d.system) / 1e6; };

const qrUrl = (i: number) => `http://localhost:8080/r/${String(i).padStart(8, '0')}-7d1c-4c1a-9d2e-5b0e4f6a8c3d`;

/**
 * Renders `pieces` two-page 8.5x11 mail pieces (10 merge fields, indicia, vector QR) through the
 * print renderer itself — worker pool (config `PRINT_WORKERS`, default one per core), chunks of
 * 250, streamed into one file — with inputs generated in batches like the database reader. Time
 * includes starting the pool's threads. `names: 'intl'` names every other record in another script
 * (`benchIntlFields`), so chunks load and embed the fallback fonts. `writer` as `renderPrintFile`'s
 * (default the direct writer; 'pdfme' is the renderer it replaced, the same run's baseline). `warm`:
 * the pool's threads have rendered a piece each before the clock starts, as in a server that has
 * printed in the last 30 s (the pool is process-wide and keeps idle threads that long).
 */
export async function benchPrint(pieces: number, opts: { names?: 'latin' | 'intl'; writer?: 'direct' | 'pdfme'; warm?: boolean } = {}): Promise<PrintBenchResult> {
  const fields = opts.names === 'intl' ? benchIntlFields : benchFields;
  const template = benchTemplate('qrVector');
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-bench-'));
  const outFile = path.join(dir, 'bench.pdf');
  async function* batches() {
    for (let start = 0; start < pieces; start += 500) {
      const batch = [];
      for (let i = start; i < Math.min(pieces, start + 500); i++) {
        batch.push(buildPieceInputs(template, fields(i), { indiciaText: BENCH_INDICIA, qrUrl: qrUrl(i) }));
      }
      yield batch;
    }
  }
  const config = loadConfig();
  const pool = new RenderPool(config.printWorkers, config.printWorkerHeapMb);
  if (opts.warm) {
    const one = [buildPieceInputs(template, fields(0), { indiciaText: BENCH_INDICIA, qrUrl: qrUrl(0) })];
    await Promise.all(Array.from({ length: pool.size }, () => pool.renderPdf(template, one)));
  }
  const stop = rssSampler();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  try {
    const result = await renderPrintFile({ template, batches: batches(), outFile, pool, title: 'Benchmark', writer: opts.writer });
    const seconds = (performance.now() - t0) / 1000;
    const cpuSeconds = cpuSince(cpu0);
    return {
      pieces: result.pieces, seconds, piecesPerSecond: result.pieces / seconds, peakRssMb: stop(), pdfBytes: result.bytes, cpuSeconds,
      cpuPer1000: cpuSeconds / result.pieces * 1000, ...(result.fallbacks === undefined ? {} : { fallbacks: result.fallbacks }),
    };
  } finally {
    stop();
    await pool.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * The baseline: pdfme used plainly — one `generate()` call for all pieces, pdfme's default font
 * (decoded by pdfme itself), the built-in raster `barcodes.qrcode`, and the indicia as a plain
 * centred text box; same layout as `benchPrint`.
 */
export async function benchPlainPdfme(pieces: number): Promise<PrintBenchResult> {
  const vector = benchTemplate('qrcode');
  const plain = (s: Schema): Schema => {
    const { fontName: _fontName, ...rest } = s as Schema & { fontName?: string };
    return s.type === 'indicia'
      ? { ...rest, type: 'text', alignment: 'center', verticalAlignment: 'middle', fontSize: 8, borderWidth: { top: 0.3, right: 0.3, bottom: 0.3, left: 0.3 }, borderColor: '#000000' } as Schema
      : rest as Schema;
  };
  const template: Template = { ...vector, schemas: vector.schemas.map((page) => page.map(plain)) };
  const inputs = Array.from({ length: pieces }, (_, i) => {
    const input = buildPieceInputs(vector, benchFields(i), { indiciaText: BENCH_INDICIA, qrUrl: qrUrl(i) });
    return { ...input, qr: qrUrl(i) };
  });
  const stop = rssSampler();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const pdf = await generate({ template, inputs, plugins: { text, multiVariableText, qrcode: barcodes.qrcode } });
  const seconds = (performance.now() - t0) / 1000;
  const cpuSeconds = cpuSince(cpu0);
  return { pieces, seconds, piecesPerSecond: pieces / seconds, peakRssMb: stop(), pdfBytes: pdf.length, cpuSeconds, cpuPer1000: cpuSeconds / pieces * 1000 };
}
