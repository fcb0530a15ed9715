import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../app.js';
import { migrateDatabase } from '../db/client.js';
import { numberValue, rowsOf } from '../db/raw-rows.js';
import { printJobs, projects, trackingImports } from '../db/schema/index.js';
import { runImport, uploadKey } from '../modules/tracking/tracking-import.service.js';
import { loadConfig } from '../platform/config.js';
import { createContext } from '../runtime.js';
import { openBenchDatabase } from './bench-database.js';
import { rssSampler } from './rss.js';

/**
 * One tracking-match run: scan rows and pieces, rows matched, pieces delivered, wall time of the import, the process's CPU
 * time over it (every thread, the embedded database's included), rows per second, peak RSS in MiB, file size in MiB.
 */
export type TrackingBenchResult = {
  rows: number; pieces: number; matched: number; delivered: number; seconds: number; cpuSeconds: number; rowsPerSecond: number; peakRssMb: number; fileMb: number;
};

/** The operation codes of each piece's journey in the bench file: origin, destination, carrier sequence, delivered. */
const JOURNEY = [
  { op: '271', phase: 'Phase 1 - Origin Processing', city: 'CHICAGO', state: 'IL', zip: '60607', hours: 0 },
  { op: '895', phase: 'Phase 3b - Destination SCF Processing', city: 'SPRINGFIELD', state: 'IL', zip: '62703', hours: 20 },
  { op: '919', phase: 'Phase 3c - Destination Sequenced Carrier Sortation', city: 'SPRINGFIELD', state: 'IL', zip: '62703', hours: 30 },
  { op: '01', phase: 'Phase 4c - Delivery', city: 'SPRINGFIELD', state: 'IL', zip: '62701', hours: 38 },
];

const serialOf = (piece: number) => String(piece).padStart(9, '0');

/**
 * Writes a pipe-delimited IV-MTR piece-scan file of `rows` scans for `pieces` pieces (Mailer ID 123456, serials
 * 1 … pieces): each piece's journey in JOURNEY order, sorted by scan time as IV-MTR delivers it, one scan in 100 of
 * an IMb nobody printed. Streamed to disk. Answers its size in bytes.
 */
async function writeScanFile(file: string, rows: number, pieces: number, start: Date): Promise<number> {
  const out = createWriteStream(file);
  const write = async (text: string) => { if (!out.write(text)) await once(out, 'drain'); };
  await write('IMb|Scan Date Time|Scan Event Code|Handling Event Type|Mail Phase|Machine Name|Scan Facility City|Scan Facility State|Scan Facility ZIP\n');
  let written = 0;
  let lines: string[] = [];
  for (let round = 0; written < rows; round++) {
    const step = JOURNEY[round % JOURNEY.length];
    for (let p = 1; p <= pieces && written < rows; p++, written++) {
      const unknown = written % 100 === 99;
      const imb = unknown ? `00300654321${serialOf(p)}62701` : `00300123456${serialOf(p)}62701`;
      const at = new Date(start.getTime() + (step.hours + Math.floor(round / JOURNEY.length) * 48) * 3_600_000 + (p % 3600) * 1000);
      lines.push(`${imb}|${at.toISOString().slice(0, 19).replace('T', ' ')}|${step.op}|P|${step.phase}|DBCS-${p % 40}|${step.city}|${step.state}|${step.zip}`);
      if (lines.length === 5000) { await write(`${lines.join('\n')}\n`); lines = []; }
    }
  }
  if (lines.length) await write(`${lines.join('\n')}\n`);
  out.end();
  await once(out, 'finish');
  return (await fs.stat(file)).size;
}

/**
 * Tracking benchmark (docs/requirements/mail-tracking.md#limits: matching 1,000,000 scan rows against 250,000 pieces in one
 * file ≤ 60 s, RSS ≤ 1 GB, streamed). On a fresh database (`kind`: PGlite, or a scratch PostgreSQL database): one account, a print file of `pieces` recorded pieces, and a
 * generated pipe-delimited IV-MTR file of `rows` scans (4 per piece, 1 % unknown IMbs). Times the `tracking.import`
 * job's work on the stored file (both passes: the line check, then matching, storing, stage moves and `mail.tracked`
 * events in batches of 5,000), sampling RSS every 50 ms, then checks every row was counted and every piece delivered.
 * `BENCH_SCALE` (e.g. 0.05) shrinks both numbers for a quick check.
 */
export async function benchTrackingMatch(kind: 'pglite' | 'postgres', rows = 1_000_000, pieces = 250_000): Promise<TrackingBenchResult> {
  const scale = Number(process.env.BENCH_SCALE ?? 1);
  rows = Math.round(rows * scale);
  pieces = Math.round(pieces * scale);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-tracking-bench-'));
  const { database, drop } = await openBenchDatabase(kind, dir);
  await migrateDatabase(database);
  const ctx = await createContext(loadConfig({ DATA_DIR: dir, WEB_DIR: '', ADMIN_EMAIL: 'bench@example.test' }, []), database);
  const app = await buildApp(ctx);
  try {
    const signup = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: 'bench@example.test', password: 'correct horse battery', given_name: 'Bench' } });
    if (signup.statusCode !== 201) throw new Error(`signup failed: ${signup.statusCode} ${signup.body}`);
    const userId = signup.json().user.id as string;
    const made = new Date(Date.now() - 10 * 86_400_000);
    const [project] = await ctx.db.insert(projects).values({ userId, name: 'Bench', templateType: 'postcard', paperSize: '6x9', sides: 'double', permitType: 'none' }).returning();
    const [job] = await ctx.db.insert(printJobs).values({ userId, projectId: project.id, status: 'done', total: pieces, done: pieces }).returning();
    for (let from = 1; from <= pieces; from += 50_000) {
      await ctx.db.execute(sql`
        INSERT INTO mail_pieces (user_id, print_job_id, piece_number, record_number, imb, barcode_id, service_type_id, mailer_id, serial, routing, assigned, address, created_at)
        SELECT ${userId}::uuid, ${job.id}::uuid, g, g, '00300123456' || lpad(g::text, 9, '0') || '62701', '00', '300', '123456', lpad(g::text, 9, '0'),
          '62701', true, jsonb_build_object('name', 'Resident ' || g, 'lines', jsonb_build_array(g || ' Main St'), 'city', 'Springfield', 'state', 'IL', 'zip', '62701'),
          ${made.toISOString()}::timestamptz
        FROM generate_series(${from}::int, ${Math.min(pieces, from + 49_999)}::int) AS g`);
    }
    await database.executeSql('ANALYZE mail_pieces');

    const file = path.join(dir, 'scans.txt');
    const fileBytes = await writeScanFile(file, rows, pieces, new Date(made.getTime() + 86_400_000));
    const [batch] = await ctx.db.insert(trackingImports).values({ userId, source: 'upload', filename: 'scans.txt', status: 'running' }).returning();
    await ctx.storage.putStream(uploadKey(userId, batch.id), createReadStream(file));

    (globalThis as { gc?: () => void }).gc?.();
    const stop = rssSampler(50);
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    await runImport(ctx, batch.id);
    const cpu = process.cpuUsage(cpu0);
    const seconds = (performance.now() - t0) / 1000;
    const peakRssMb = stop();

    const [done] = rowsOf(await ctx.db.execute(sql`SELECT status, rows, matched, unmatched, error FROM tracking_imports WHERE id = ${batch.id}::uuid`));
    const delivered = numberValue(rowsOf(await ctx.db.execute(sql`SELECT count(*) AS n FROM mail_pieces WHERE stage = 'delivered'`))[0].n);
    if (done.status !== 'done' || numberValue(done.rows) !== rows) throw new Error(`import ${String(done.status)}: ${JSON.stringify(done)}`);
    return {
      rows, pieces, matched: numberValue(done.matched), delivered, seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, rowsPerSecond: rows / seconds, peakRssMb,
      fileMb: fileBytes / 2 ** 20,
    };
  } finally {
    await app.close();
    await ctx.queue.stop();
    await database.close();
    await drop();
    await fs.rm(dir, { recursive: true, force: true });
  }
}
