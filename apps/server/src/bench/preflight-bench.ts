import { eq } from 'drizzle-orm';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Papa from 'papaparse';
import { autoMap, PAPER_SIZES_MM } from '@mailcraft/shared';
import { buildPieceInputs } from '@mailcraft/shared/designs';
import { migrateDatabase, openDatabase } from '../db/client.js';
import { columnMappings, designs, mailingListRecords, mailingLists, projects } from '../db/schema/index.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../platform/config.js';
import { createContext, startWorkers } from '../runtime.js';
import { loadFonts } from '../modules/fonts/builtin-fonts.js';
import { Preflight } from '../modules/print/preflight/preflight.js';
import { RenderPool } from '../modules/print/render/render-pool.js';
import { renderPrintFile } from '../modules/print/render/render-print-file.js';
import { BENCH_INDICIA, benchFields, benchInsidePage, benchOutsidePage, benchTemplate } from './bench-template.js';

const qrUrl = (i: number) => `http://localhost:8080/r/${String(i).padStart(8, '0')}-7d1c-4c1a-9d2e-5b0e4f6a8c3d`;

/** A preflight run: the render of the file, then its preflight, each timed alone. */
export type PreflightBenchResult = {
  pieces: number; renderSeconds: number; preflightSeconds: number; pieceChecksSeconds: number; fileChecksSeconds: number; percentOfRender: number; failedChecks: number;
};

/**
 * Preflight cost (docs/requirements/print.md#print target: ≤ 20 % of the render time of a 10,000-piece file): renders the
 * print benchmark's two-page 8.5x11 pieces (section 2) with the print renderer, then runs the
 * preflight on the same inputs and file — the per-piece checks (`tap`: required fields, text
 * measured with the font's metrics, images, IMb) and the file checks (`finish`: pdfinfo boxes of
 * every page, pdffonts and QR scans of the sample) — timed apart from the render. In a print job the
 * per-piece checks run on the main thread while the render threads work.
 */
export async function benchPreflight(pieces: number): Promise<PreflightBenchResult> {
  const template = benchTemplate('qrVector');
  const inputs = Array.from({ length: pieces }, (_, i) => buildPieceInputs(template, benchFields(i), { indiciaText: BENCH_INDICIA, qrUrl: qrUrl(i) }));
  async function* batches() { for (let i = 0; i < inputs.length; i += 500) yield inputs.slice(i, i + 500); }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-preflight-bench-'));
  const outFile = path.join(dir, 'bench.pdf');
  const config = loadConfig();
  const pool = new RenderPool(config.printWorkers, config.printWorkerHeapMb);
  try {
    const t0 = performance.now();
    await renderPrintFile({ template, batches: batches(), outFile, pool, title: 'Benchmark' });
    const renderSeconds = (performance.now() - t0) / 1000;
    const { width, height } = PAPER_SIZES_MM['8.5x11'];
    const preflight = new Preflight({ template, total: pieces, trim: { width, height }, options: { bleed: false, cropMarks: false }, font: loadFonts() });
    const t1 = performance.now();
    for await (const batch of preflight.tap(batches())) void batch;
    const pieceChecksSeconds = (performance.now() - t1) / 1000;
    const t2 = performance.now();
    const report = await preflight.finish(outFile, dir);
    const fileChecksSeconds = (performance.now() - t2) / 1000;
    const preflightSeconds = pieceChecksSeconds + fileChecksSeconds;
    return {
      pieces, renderSeconds, preflightSeconds, pieceChecksSeconds, fileChecksSeconds,
      percentOfRender: (preflightSeconds / renderSeconds) * 100, failedChecks: report.checks.filter((c) => !c.passed).length,
    };
  } finally {
    await pool.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

const US500 = fileURLToPath(new URL('../../../../fixtures/shared-data/us-500.csv', import.meta.url));

/** A proof as the user gets it: from the click to the downloaded PDF. */
export type ProofBenchResult = { records: number; proofs: number; medianSeconds: number; maxSeconds: number; pieces: number };

/**
 * 'Download proof' (docs/requirements/print.md#print target: under 3 s for 10 pieces) through the real app on PGlite with
 * its job workers polling every second as in production: POST /api/projects/{id}/print
 * `{ proof: true }`, GET /api/print-jobs/{id} every 100 ms (the screen polls every second) until
 * done, then the PDF — for a project with a `records`-record list (us-500.csv repeated) and the
 * benchmark's two-page design, `runs` times; the first proof starts the render threads.
 */
export async function benchProof(records: number, runs = 5): Promise<ProofBenchResult> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-proof-bench-'));
  const database = await openDatabase({ pgliteDir: path.join(dir, 'db') });
  await migrateDatabase(database);
  const ctx = await createContext(loadConfig({ DATA_DIR: dir, WEB_DIR: '', ADMIN_EMAIL: 'proofs@example.test' }, []), database);
  await startWorkers(ctx);
  const app = await buildApp(ctx);
  try {
    const signup = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: 'proofs@example.test', password: 'correct horse battery', given_name: 'Bench' } });
    const userId = (signup.json() as { user: { id: string } }).user.id;
    const headers0 = { cookie: signup.cookies.map((c) => `${c.name}=${c.value}`).join('; '), 'sec-fetch-site': 'same-origin' };
    const [project] = await ctx.db.insert(projects).values({
      userId, name: 'Proof bench', templateType: 'self_mailer', paperSize: '8.5x11', sides: 'double', permitType: 'none',
    }).returning();
    const [headers, ...rows] = Papa.parse<string[]>(await fs.readFile(US500, 'utf8'), { skipEmptyLines: true }).data;
    const [list] = await ctx.db.insert(mailingLists).values({ userId, projectId: project.id, name: 'bench', headers, rowCount: records, sourceFormat: 'csv' }).returning();
    for (let i = 0; i < records; i += 1000) {
      await ctx.db.insert(mailingListRecords).values(Array.from({ length: Math.min(1000, records - i) }, (_, j) => ({ listId: list.id, rowIndex: i + j, values: rows[(i + j) % rows.length] })));
    }
    await ctx.db.insert(columnMappings).values({ listId: list.id, mappings: autoMap(headers), fieldSettings: {} });
    await ctx.db.update(projects).set({ listId: list.id }).where(eq(projects.id, project.id));
    const { width, height } = PAPER_SIZES_MM['8.5x11'];
    const page = (schemas: unknown[]) => ({ basePdf: { width, height, padding: [0, 0, 0, 0] }, schemas: [schemas] });
    await ctx.db.insert(designs).values({ projectId: project.id, templateDataInside: page(benchInsidePage()), templateDataOutside: page(benchOutsidePage('qrVector')), hasContent: true });

    const times: number[] = [];
    let pieces = 0;
    for (let run = 0; run < runs; run++) {
      const t0 = performance.now();
      const started = await app.inject({ method: 'POST', url: `/api/projects/${project.id}/print`, headers: headers0, payload: { proof: true, confirm_warnings: true } });
      if (started.statusCode !== 202) throw new Error(`proof refused: ${started.statusCode} ${started.body.slice(0, 300)}`);
      const { jobId } = started.json() as { jobId: string };
      for (let i = 0; ; i++) {
        const job = (await app.inject({ method: 'GET', url: `/api/print-jobs/${jobId}`, headers: headers0 })).json() as { status: string; total: number; error?: string };
        if (job.status === 'failed') throw new Error(`proof failed: ${job.error}`);
        if (job.status === 'done') { pieces = job.total; break; }
        if (i > 600) throw new Error('proof did not finish in 60 s');
        await new Promise((r) => setTimeout(r, 100));
      }
      const file = await app.inject({ method: 'GET', url: `/api/print-jobs/${jobId}/file`, headers: headers0 });
      if (file.statusCode !== 200) throw new Error(`proof download failed: ${file.statusCode}`);
      times.push((performance.now() - t0) / 1000);
    }
    const sorted = [...times].sort((a, b) => a - b);
    return { records, proofs: runs, medianSeconds: sorted[Math.floor(runs / 2)], maxSeconds: sorted[runs - 1], pieces };
  } finally {
    await app.close();
    await ctx.queue.stop(60_000);
    await database.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** BENCHMARKS.md section of the preflight and proofs (docs/requirements/print.md#print), from the run's results. */
export function preflightSection(get: (name: string) => Record<string, number> | string | undefined): string {
  const cellOf = (name: string) => (k: string, digits: number) => {
    const r = get(name);
    return typeof r === 'object' ? (r[k] ?? NaN).toFixed(digits) : r ?? '–';
  };
  const p = cellOf('preflight-10000');
  const q = cellOf('proof-10');
  return `
## 9. Preflight and proofs (targets: preflight ≤ 20 % of the render time of a 10,000-piece file; a proof of 10 pieces under 3 s)

docs/requirements/print.md#print. Preflight: the print benchmark's 10,000 two-page pieces (section 2) rendered, then the preflight of the same
inputs and file timed alone — per-piece checks (required fields, text measured with the font's metrics, images, IMb)
and file checks (\`pdfinfo -box\` of every page, \`pdffonts\` and QR scans at 300 dpi of five sampled pieces). The
render in the same run is the baseline. The benchmark design predates the USPS zones (its indicia starts 2.8 mm left of
the Indicia zone, its address lines sit above the OCR read area), so the preflight rightly fails those two checks.

| pieces | render s | preflight s | per-piece checks s | file checks s | preflight / render | checks failed |
|---:|---:|---:|---:|---:|---:|---:|
| ${p('pieces', 0)} | ${p('renderSeconds', 1)} | ${p('preflightSeconds', 2)} | ${p('pieceChecksSeconds', 2)} | ${p('fileChecksSeconds', 2)} | ${p('percentOfRender', 1)} % | ${p('failedChecks', 0)} |

Proofs: 'Download proof' through the real app on PGlite with its job workers polling every second as in production,
a 10,000-record list, from the POST to the downloaded PDF (five proofs in a row; the first starts the render threads).

| records | proofs | pieces each | median s | slowest s |
|---:|---:|---:|---:|---:|
| ${q('records', 0)} | ${q('proofs', 0)} | ${q('pieces', 0)} | ${q('medianSeconds', 2)} | ${q('maxSeconds', 2)} |
`;
}
