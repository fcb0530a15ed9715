import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { and, count, eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { autoMap, PAPER_SIZES_MM } from '@mailcraft/shared';
import { buildApp } from '../app.js';
import { migrateDatabase } from '../db/client.js';
import { columnMappings, designs, mailingListRecords, mailingLists, projects } from '../db/schema/index.js';
import { loadConfig } from '../platform/config.js';
import type { AppContext } from '../platform/context.js';
import { buildPublicApi } from '../public-api.js';
import { createContext, startWorkers } from '../runtime.js';
import { openBenchDatabase } from './bench-database.js';
import { startHealthProber } from './health-prober.js';
import { benchInsidePage, benchOutsidePage } from './bench-template.js';
import { multipartFromFile } from './import-bench.js';
import { rssSampler } from './rss.js';

/** One responsiveness case: the idle baseline and the phase, every figure a number (ms, s, MiB, counts). */
export type ResponsiveBenchResult = Record<string, number>;

/** What the bench process saw of its own server over one stretch of time. Latencies in ms. */
export type Responsiveness = {
  loopP99Ms: number; loopMaxMs: number; healthP50Ms: number; healthP99Ms: number; healthWorstMs: number; polls: number; failedPolls: number;
};

const IMPORT_ROWS = 100_000;
const PRINT_PIECES = 10_000;
/** `GET /api/health` is asked every POLL_MS (start to start, one at a time), as a load balancer's probe would, only faster. */
const POLL_MS = 50;
const IDLE_MS = 3_000;
/** The histogram's sampling interval, as the server's own stall watchdog uses: an idle loop reads ~10–11 ms. */
const LOOP_RESOLUTION_MS = 10;
/** Bounds that keep one case within ~5 minutes; a phase cut off reports `searchReady: 0`. */
const INDEX_WAIT_MS = 210_000;
const PRINT_WAIT_MS = 270_000;

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const VARIED_LIST = fileURLToPath(new URL('../../src/test/varied-list.ts', import.meta.url));
const US500 = fileURLToPath(new URL('../../../../fixtures/shared-data/us-500.csv', import.meta.url));

const ms = (ns: number) => ns / 1e6;

/** The q-quantile (0…1) of `values` by the nearest rank; NaN when empty. */
function quantile(values: number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/**
 * Watches this process's event loop (`monitorEventLoopDelay`, enabled from now until `stop`) and
 * asks `healthUrl` every POLL_MS from a prober thread (`startHealthProber`); `stop` waits for the
 * probe in flight and answers what both saw.
 */
function watchResponsiveness(healthUrl: string): { stop(): Promise<Responsiveness> } {
  const loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  loop.enable();
  const prober = startHealthProber(healthUrl, POLL_MS);
  return {
    async stop() {
      const { latencies, failed } = await prober.stop();
      loop.disable();
      return {
        loopP99Ms: ms(loop.percentile(99)), loopMaxMs: ms(loop.max),
        healthP50Ms: quantile(latencies, 0.5), healthP99Ms: quantile(latencies, 0.99), healthWorstMs: Math.max(...latencies),
        polls: latencies.length, failedPolls: failed,
      };
    },
  };
}

/** The same watch over IDLE_MS of a server doing nothing asked of it: the baseline of the run. */
async function idleBaseline(healthUrl: string): Promise<ResponsiveBenchResult> {
  const watch = watchResponsiveness(healthUrl);
  await sleep(IDLE_MS);
  const idle = await watch.stop();
  return { idleLoopP99Ms: idle.loopP99Ms, idleHealthP99Ms: idle.healthP99Ms, idleHealthWorstMs: idle.healthWorstMs };
}

type BenchServer = {
  ctx: AppContext; userId: string; webBase: string; healthUrl: string;
  /** A signed-in browser's headers (session cookie, same-origin). */
  headers: Record<string, string>;
  close(): Promise<void>;
};

/**
 * The whole server as `ROLE=all` runs it, in this process: a fresh database (`openBenchDatabase`),
 * the job workers polling every second, the web listener and the public API listener each on
 * 127.0.0.1 port 0, and one signed-up user.
 */
async function startBenchServer(kind: 'pglite' | 'postgres', dir: string): Promise<BenchServer> {
  const { database, drop } = await openBenchDatabase(kind, dir);
  const closers: Array<() => Promise<unknown>> = [];
  const close = async () => {
    for (const c of closers.reverse()) await c().catch((err: unknown) => console.error('[bench] close', err));
    await database.close();
    await drop();
  };
  try {
    await migrateDatabase(database);
    const ctx = await createContext(loadConfig({ DATA_DIR: dir, WEB_DIR: '', ADMIN_EMAIL: 'bench@example.test' }, []), database);
    const queue = ctx.queue;
    closers.push(() => queue.stop(60_000));
    await startWorkers(ctx);
    const app = await buildApp(ctx);
    closers.push(() => app.close());
    const api = await buildPublicApi(ctx);
    closers.push(() => api.close());
    const webBase = await app.listen({ host: '127.0.0.1', port: 0 });
    const apiBase = await api.listen({ host: '127.0.0.1', port: 0 });
    const signup = await fetch(`${webBase}/api/auth/signup`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ email: 'bench@example.test', password: 'correct horse battery', given_name: 'Bench' }),
    });
    if (signup.status !== 201) throw new Error(`signup failed: ${signup.status} ${await signup.text()}`);
    const userId = ((await signup.json()) as { user: { id: string } }).user.id;
    const cookie = signup.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    return { ctx, userId, webBase, healthUrl: `${apiBase}/api/health`, headers: { cookie, 'sec-fetch-site': 'same-origin' }, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** Writes `rows` records of the tests' varied list (`variedCsv`, seed 1) to `file`, in a child process that reads the TypeScript source. */
async function writeVariedCsv(file: string, rows: number): Promise<void> {
  const script = `import fs from 'node:fs'; import { variedCsv } from ${JSON.stringify(VARIED_LIST)}; fs.writeFileSync(${JSON.stringify(file)}, variedCsv(${rows}));`;
  await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: REPO_ROOT });
}

/** Collects the set-up's garbage when run with --expose-gc, so the phase's peak RSS is its own. */
const collect = () => (globalThis as { gc?: () => void }).gc?.();

/**
 * Responsiveness while a list is imported and indexed: a 100,000-row × 21-column list of varied
 * free text (`variedCsv`, the shape of a sales export) is uploaded over HTTP through
 * POST /api/lists/upload, and the upload's 'lists.index-search' job, run by the job workers as in
 * production, brings it into the search index until the list is search-ready (bounded by
 * INDEX_WAIT_MS). Meanwhile this process records its event-loop delay and asks `GET /api/health` on
 * the public API listener every 50 ms. Answers the idle baseline (the same watch for 3 s before),
 * the phase's loop p99/max, health p50/p99/worst, polls, failed polls, `importSeconds` (POST to
 * 201), `indexSeconds` (201 to search-ready), `searchReady` (1, or 0 when cut off, with
 * `indexedRecords` so far), the phase's peak RSS (MiB, process-wide: database thread and render
 * threads included) and the machine's 1-minute load average at the phase's start and end.
 */
export async function benchResponsiveImport(kind: 'pglite' | 'postgres'): Promise<ResponsiveBenchResult> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-responsive-bench-'));
  try {
    const csvFile = path.join(dir, 'sales-100k.csv');
    await writeVariedCsv(csvFile, IMPORT_ROWS);
    const server = await startBenchServer(kind, dir);
    try {
      const { ctx } = server;
      const body = await multipartFromFile(csvFile, 'sales-100k.csv');
      collect();
      const idle = await idleBaseline(server.healthUrl);
      collect();
      const stopRss = rssSampler(50);
      const loadAtStart = os.loadavg()[0];
      const watch = watchResponsiveness(server.healthUrl);
      const t0 = performance.now();
      const upload = await fetch(`${server.webBase}/api/lists/upload`, { method: 'POST', headers: { ...server.headers, ...body.headers }, body: body.payload });
      if (upload.status !== 201) throw new Error(`upload failed: ${upload.status} ${(await upload.text()).slice(0, 300)}`);
      const { id, row_count: rows } = (await upload.json()) as { id: string; row_count: number };
      const t1 = performance.now();
      let searchReady = 0;
      while (performance.now() - t1 < INDEX_WAIT_MS) {
        const [list] = await ctx.db.select({ ready: mailingLists.searchReady }).from(mailingLists).where(eq(mailingLists.id, id));
        if (list?.ready) { searchReady = 1; break; }
        await sleep(250);
      }
      const t2 = performance.now();
      const phase = await watch.stop();
      const peakRssMb = stopRss();
      const [indexed] = await ctx.db.select({ n: count() }).from(mailingListRecords)
        .where(and(eq(mailingListRecords.listId, id), eq(mailingListRecords.searchIndexed, true)));
      return {
        rows, ...idle, ...phase, importSeconds: (t1 - t0) / 1000, indexSeconds: (t2 - t1) / 1000,
        searchReady, indexedRecords: Number(indexed?.n ?? 0), peakRssMb, loadAtStart, loadAtEnd: os.loadavg()[0],
      };
    } finally {
      await server.close();
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * A `pieces`-record project ready to print, made as the proof benchmark makes it: us-500.csv
 * repeated, mapped, and the print benchmark's two-page 8.5x11 design with a vector QR code. The
 * list is marked search-ready so the index sweep (every 5 minutes) leaves it alone during the print.
 */
async function printableProject(ctx: AppContext, userId: string, pieces: number): Promise<string> {
  const [project] = await ctx.db.insert(projects).values({
    userId, name: 'Responsiveness bench', templateType: 'self_mailer', paperSize: '8.5x11', sides: 'double', permitType: 'none',
  }).returning();
  const [headers, ...rows] = Papa.parse<string[]>(await fs.readFile(US500, 'utf8'), { skipEmptyLines: true }).data;
  const [list] = await ctx.db.insert(mailingLists).values({
    userId, projectId: project.id, name: 'bench', headers, rowCount: pieces, sourceFormat: 'csv', searchReady: true,
  }).returning();
  for (let i = 0; i < pieces; i += 1000) {
    await ctx.db.insert(mailingListRecords).values(Array.from({ length: Math.min(1000, pieces - i) }, (_, j) => ({ listId: list.id, rowIndex: i + j, values: rows[(i + j) % rows.length] })));
  }
  await ctx.db.insert(columnMappings).values({ listId: list.id, mappings: autoMap(headers), fieldSettings: {} });
  await ctx.db.update(projects).set({ listId: list.id }).where(eq(projects.id, project.id));
  const { width, height } = PAPER_SIZES_MM['8.5x11'];
  const page = (schemas: unknown[]) => ({ basePdf: { width, height, padding: [0, 0, 0, 0] }, schemas: [schemas] });
  await ctx.db.insert(designs).values({ projectId: project.id, templateDataInside: page(benchInsidePage()), templateDataOutside: page(benchOutsidePage('qrVector')), hasContent: true });
  return project.id;
}

/**
 * Responsiveness while a print file is made: POST /api/projects/{id}/print `{ proof: false }` for
 * a 10,000-record project (`printableProject`), the job workers rendering it on their threads and
 * running the preflight, GET /api/print-jobs/{id} every second (as the screen polls) until done
 * (bounded by PRINT_WAIT_MS: a print not done by then throws). Meanwhile the same watch as
 * `benchResponsiveImport`. Answers the idle baseline, the phase's figures, `pieces`, `printSeconds`
 * (POST to done), the phase's peak RSS (MiB) and the load averages.
 */
export async function benchResponsivePrint(kind: 'pglite' | 'postgres'): Promise<ResponsiveBenchResult> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-responsive-bench-'));
  try {
    const server = await startBenchServer(kind, dir);
    try {
      const projectId = await printableProject(server.ctx, server.userId, PRINT_PIECES);
      collect();
      const idle = await idleBaseline(server.healthUrl);
      collect();
      const stopRss = rssSampler(50);
      const loadAtStart = os.loadavg()[0];
      const watch = watchResponsiveness(server.healthUrl);
      const t0 = performance.now();
      const started = await fetch(`${server.webBase}/api/projects/${projectId}/print`, {
        method: 'POST', headers: { ...server.headers, 'content-type': 'application/json' }, body: JSON.stringify({ proof: false, confirm_warnings: true }),
      });
      if (started.status !== 202) throw new Error(`print refused: ${started.status} ${(await started.text()).slice(0, 300)}`);
      const { jobId } = (await started.json()) as { jobId: string };
      let pieces = 0;
      for (;;) {
        const job = (await (await fetch(`${server.webBase}/api/print-jobs/${jobId}`, { headers: server.headers })).json()) as { status: string; total: number; error?: string };
        if (job.status === 'failed') throw new Error(`print failed: ${job.error}`);
        if (job.status === 'done') { pieces = job.total; break; }
        if (performance.now() - t0 > PRINT_WAIT_MS) throw new Error(`print not done in ${PRINT_WAIT_MS / 1000} s (${job.status})`);
        await sleep(1000);
      }
      const printSeconds = (performance.now() - t0) / 1000;
      const phase = await watch.stop();
      return { pieces, ...idle, ...phase, printSeconds, peakRssMb: stopRss(), loadAtStart, loadAtEnd: os.loadavg()[0] };
    } finally {
      await server.close();
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
