import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { buildApp } from '../app.js';
import { migrateDatabase, openDatabase } from '../db/client.js';
import { loadConfig } from '../platform/config.js';
import { createContext } from '../runtime.js';
import { rssSampler } from './rss.js';

/** One import benchmark run: data rows imported, wall time in seconds, peak process RSS in MiB. */
export type ImportBenchResult = { rows: number; seconds: number; peakRssMb: number };

const BENCH_ROWS = 100_000;
const BENCH_COLUMNS = 15;

/** A mailing-list-like CSV: 15 columns of names, addresses (some quoted with commas), ZIPs, phones. */
export function benchCsv(rows: number): string {
  const header = ['first_name', 'last_name', 'company_name', 'address', 'address_2', 'city', 'state', 'zip', 'phone', 'cell_phone', 'email', 'custom_1', 'custom_2', 'custom_3', 'record_id'];
  const lines = [header.join(',')];
  for (let i = 0; i < rows; i++) {
    lines.push([
      `First${i}`, `Last${i}`, `"Company ${i % 997}, Inc."`, `${100 + (i % 9000)} Main St`, i % 5 ? '' : `Apt ${i % 40}`,
      'Springfield', 'IL', String(62701 + (i % 90)).padStart(5, '0'), `217-555-${String(i % 10000).padStart(4, '0')}`,
      `217-556-${String(i % 10000).padStart(4, '0')}`, `person${i}@example.test`, `note ${i}`, 'blue', String(i % 3), `R${i}`,
    ].join(','));
  }
  if (header.length !== BENCH_COLUMNS) throw new Error('bench CSV must have 15 columns');
  return lines.join('\r\n') + '\r\n';
}

/**
 * multipart/form-data with one `file` part, as a browser sends an upload; the file is read
 * straight into the body so the bench holds it once (a real server streams it from the socket).
 */
export async function multipartFromFile(file: string, filename: string) {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const size = (await fs.stat(file)).size;
  const payload = Buffer.allocUnsafe(head.length + size + tail.length);
  head.copy(payload, 0);
  const handle = await fs.open(file);
  try {
    await handle.read(payload, head.length, size, 0);
  } finally {
    await handle.close();
  }
  tail.copy(payload, head.length + size);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Creates and migrates a PGlite database in `dir` (run in a child process by `benchImport`). */
async function prepareDatabase(dir: string): Promise<void> {
  const database = await openDatabase({ pgliteDir: dir });
  await migrateDatabase(database);
  await database.close();
}

/**
 * Import benchmark (docs/requirements/mailing-lists.md#upload target: a 100,000-row × 15-column CSV previewable in ≤ 5 s on
 * PGlite with peak RSS ≤ 400 MB). Generates the CSV in a temp dir, creates and migrates a fresh
 * PGlite there, builds the real app on it (queue included, no job workers), signs a user up,
 * then times POST /api/lists/upload through GET /api/lists/{id}/preview answering its first
 * page. Setup is not timed; RSS is sampled every 50 ms over the timed part, process-wide, so
 * PGlite's memory counts. Everything is removed afterwards.
 *
 * The database is created in a child process, as a server finds it after its first start:
 * PGlite's initdb grows a process to ~860 MB RSS that it never gives back (measured here), which
 * would hide what the import costs. Measured here (2 cores, shared): this process sits at ~440 MB
 * before the upload (Node ~40, app modules ~130, PGlite ~215, queue and session), and the import
 * of 100k rows adds 100–150 MB, about 110 MB of it PGlite's own buffers filling.
 */
export async function benchImport(): Promise<ImportBenchResult> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-import-bench-'));
  try {
    const csvFile = path.join(dir, 'bench-100k.csv');
    await fs.writeFile(csvFile, benchCsv(BENCH_ROWS));
    const dbDir = path.join(dir, 'db');
    await promisify(execFile)(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--prepare-db', dbDir]);
    return await timeUpload(dir, dbDir, csvFile);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Builds the app on the prepared database and times upload → first preview page. */
async function timeUpload(dir: string, dbDir: string, csvFile: string): Promise<ImportBenchResult> {
  const database = await openDatabase({ pgliteDir: dbDir });
  await migrateDatabase(database);
  const config = loadConfig({ DATA_DIR: dir, WEB_DIR: '', ADMIN_EMAIL: 'bench@example.test' }, []);
  const ctx = await createContext(config, database);
  const queue = ctx.queue;
  const app = await buildApp(ctx);
  try {
    const signup = await app.inject({
      method: 'POST', url: '/api/auth/signup',
      payload: { email: 'bench@example.test', password: 'correct horse battery', given_name: 'Bench' },
    });
    if (signup.statusCode !== 201) throw new Error(`signup failed: ${signup.statusCode} ${signup.body}`);
    const cookie = signup.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

    // Setup garbage (sign-up, migrations) is not the import's: collect it when run with --expose-gc.
    (globalThis as { gc?: () => void }).gc?.();
    const stop = rssSampler();
    const t0 = performance.now();
    const body = await multipartFromFile(csvFile, 'bench-100k.csv');
    const upload = await app.inject({ method: 'POST', url: '/api/lists/upload', payload: body.payload, headers: { ...body.headers, cookie, 'sec-fetch-site': 'same-origin' } });
    if (upload.statusCode !== 201) throw new Error(`upload failed: ${upload.statusCode} ${upload.body}`);
    const { id } = upload.json() as { id: string };
    const preview = await app.inject({ method: 'GET', url: `/api/lists/${id}/preview?offset=0&limit=10`, headers: { cookie } });
    const seconds = (performance.now() - t0) / 1000;
    const peakRssMb = stop();
    const page = preview.json() as { total?: number; rows?: string[][] };
    if (preview.statusCode !== 200 || page.total !== BENCH_ROWS || page.rows?.length !== 10) {
      throw new Error(`preview failed: ${preview.statusCode} ${preview.body.slice(0, 200)}`);
    }
    return { rows: page.total, seconds, peakRssMb };
  } finally {
    await app.close();
    await queue.stop();
    await database.close();
  }
}

// `node dist/bench/import-bench.js` prints one run as JSON; `--prepare-db <dir>` is the child's job.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dbArg = process.argv.indexOf('--prepare-db');
  const run = dbArg > 0 ? prepareDatabase(process.argv[dbArg + 1]) : benchImport().then((r) => console.log(JSON.stringify(r)));
  run.catch((err) => { console.error(err); process.exit(1); });
}
