import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../app.js';
import type { Db } from '../db/client.js';
import { numberValue, rowsOf } from '../db/raw-rows.js';
import { loadConfig } from '../platform/config.js';
import { createContext } from '../runtime.js';
import { multipartBody } from './multipart.js';
import { openBenchDatabase } from './bench-database.js';
import type { LoadResult } from './redirect-load.js';

/** One redirect benchmark: the load result plus, for the real app, scans stored afterwards. */
export type RedirectBenchResult = LoadResult & { connections: number; seconds: number; scansStored: number; redirectsMissingAScan: number };

/** Concurrent connections of the load generator. */
export const CONNECTIONS = 50;
/** Seconds of load. */
export const SECONDS = 20;
const RECORDS = 1000;
const LOAD_SCRIPT = fileURLToPath(new URL('./redirect-load.js', import.meta.url));

/** Runs the load generator in its own process (so it does not share the server's event loop). */
export async function load(base: string, codes: string[], dir: string): Promise<LoadResult> {
  const file = path.join(dir, 'codes.json');
  await fs.writeFile(file, JSON.stringify(codes));
  const { stdout } = await promisify(execFile)(process.execPath, [LOAD_SCRIPT, base, file, String(CONNECTIONS), String(SECONDS)], { maxBuffer: 16 * 2 ** 20 });
  const line = stdout.split('\n').find((l) => l.startsWith('LOAD '));
  if (!line) throw new Error(`load generator printed nothing: ${stdout.slice(-300)}`);
  return JSON.parse(line.slice(5)) as LoadResult;
}

/** The comparison: a bare Fastify route that answers 302 without recording anything. */
export async function benchBareRedirect(): Promise<RedirectBenchResult> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-redirect-bench-'));
  const app = Fastify();
  app.get('/:code', async (_req, reply) => reply.code(302).header('location', 'https://example.com/welcome?fname=SmFtZXM%3D').send());
  try {
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const codes = Array.from({ length: RECORDS }, (_, i) => `code${String(i).padStart(6, '0')}`);
    return { ...(await load(base, codes, dir)), connections: CONNECTIONS, seconds: SECONDS, scansStored: 0, redirectsMissingAScan: 0 };
  } finally {
    await app.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * Short-link redirects with scan recording (docs/requirements/scans-and-analytics.md#scan-recording target: ≥ 5,000 redirects/s, p99 ≤ 20 ms at
 * 50 connections on this 2-core machine). The real app (no job workers; scan events are still
 * queued) on a fresh PGlite or PostgreSQL database; a user uploads a 1,000-record list and saves
 * a QR configuration with four fields and a static parameter through the real routes; the load
 * generator (its own process, loopback only) then requests the 1,000 short links round-robin as
 * an iPhone for 20 s. Afterwards every scan that got a 302 must be in the database.
 */
export async function benchRedirect(kind: 'pglite' | 'postgres'): Promise<RedirectBenchResult> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-redirect-bench-'));
  const { database, drop } = await openBenchDatabase(kind, dir);
  // One load generator on one address stands for thousands of phones: no per-address limit.
  const ctx = await createContext(loadConfig({ DATA_DIR: dir, WEB_DIR: '', SCAN_RATE_LIMIT: '0', ADMIN_EMAIL: 'bench@example.test' }, []), database);
  const app = await buildApp(ctx);
  try {
    const codes = await seed(app, ctx.db);
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    // Warm-up (not measured): the first scan opens the GeoIP database and prepares the statement.
    await fetch(`${base}/${codes[0]}`, { redirect: 'manual', headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Mobile/15E148 Safari/604.1', 'x-forwarded-for': '8.8.8.8' } });
    const result = await load(base, codes, dir);
    const scansStored = numberValue(rowsOf(await ctx.db.execute(sql`SELECT count(*) AS n FROM scans`))[0].n);
    return { ...result, connections: CONNECTIONS, seconds: SECONDS, scansStored, redirectsMissingAScan: Math.max(0, result.redirects + 1 - scansStored) };
  } finally {
    await app.close();
    await ctx.queue.stop();
    await database.close();
    await drop();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Signs up, uploads a 1,000-record list, saves its QR configuration; returns the list's short codes. */
export async function seed(app: Awaited<ReturnType<typeof buildApp>>, db: Db): Promise<string[]> {
  const signup = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: 'bench@example.test', password: 'correct horse battery', given_name: 'Bench' } });
  if (signup.statusCode !== 201) throw new Error(`signup failed: ${signup.statusCode}`);
  const headers = { cookie: signup.cookies.map((c) => `${c.name}=${c.value}`).join('; '), 'sec-fetch-site': 'same-origin' };
  const csv = ['first_name,last_name,address,city,state,zip', ...Array.from({ length: RECORDS }, (_, i) => `First${i},Last${i},${100 + i} Main St,Springfield,IL,62701`)].join('\n');
  const body = multipartBody({ name: 'bench.csv', data: Buffer.from(csv), type: 'text/csv' });
  const upload = await app.inject({ method: 'POST', url: '/api/lists/upload', payload: body.payload, headers: { ...headers, ...body.headers } });
  if (upload.statusCode !== 201) throw new Error(`upload failed: ${upload.statusCode} ${upload.body}`);
  const listId = (upload.json() as { id: string }).id;
  const config = {
    baseUrl: 'https://shop.example.com/welcome',
    variables: { first_name: { param: 'fname' }, last_name: { param: 'lname' }, city: { param: 'city' }, zip: { param: 'zip' } },
    staticParams: [{ name: 'src', value: 'mail' }],
  };
  const saved = await app.inject({ method: 'POST', url: '/api/qr/config', payload: { listId, config }, headers });
  if (saved.statusCode !== 200) throw new Error(`QR config failed: ${saved.statusCode} ${saved.body}`);
  return rowsOf(await db.execute(sql`SELECT code FROM short_links`)).map((r) => String(r.code));
}

// `node dist/bench/redirect-bench.js` prints one run as JSON.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const run = benchRedirect('pglite').then((r) => console.log(JSON.stringify(r)));
  run.catch((err) => { console.error(err); process.exit(1); });
}
