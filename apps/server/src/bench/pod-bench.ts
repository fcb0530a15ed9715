import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { autoMap } from '@mailcraft/shared';
import { buildApp } from '../app.js';
import { migrateDatabase } from '../db/client.js';
import { loadConfig } from '../platform/config.js';
import { buildPublicApi } from '../public-api.js';
import { createContext } from '../runtime.js';
import { saveListMappings } from '../modules/column-mappings/column-mappings.service.js';
import { indexListSearchJob } from '../modules/mailing-lists/mailing-lists.jobs.js';
import type { ApiLoadResult, LoadRequest } from './api-load.js';
import { benchCsv, multipartFromFile } from './import-bench.js';
import { openBenchDatabase } from './bench-database.js';

/** The API bench: each load's result, keyed by what it drove. */
export type PodBenchResult = Record<string, number>;

const ROWS = 100_000;
const SECONDS = 10;
const LOAD_SCRIPT = fileURLToPath(new URL('./api-load.js', import.meta.url));

async function load(dir: string, base: string, requests: LoadRequest[], connections: number): Promise<ApiLoadResult> {
  const plan = path.join(dir, `plan-${Date.now()}.json`);
  await fs.writeFile(plan, JSON.stringify({ base, requests, connections, seconds: SECONDS }));
  const { stdout } = await promisify(execFile)(process.execPath, [LOAD_SCRIPT, plan], { maxBuffer: 16 * 2 ** 20 });
  const line = stdout.split('\n').find((l) => l.startsWith('LOAD '));
  if (!line) throw new Error(`load generator printed nothing: ${stdout.slice(-300)}`);
  return JSON.parse(line.slice(5)) as ApiLoadResult;
}

const flat = (prefix: string, r: ApiLoadResult): PodBenchResult =>
  Object.fromEntries(Object.entries(r).map(([k, v]) => [`${prefix}${k[0].toUpperCase()}${k.slice(1)}`, v]));

/**
 * The public API under load (docs/requirements/print-on-demand-api.md#print-on-demand-api): a user on the Pro plan uploads a 100,000-row list (the
 * import bench's CSV) through the real route, maps it, and creates an API key (its per-minute limit
 * raised in the database so the limiter counts every request but refuses none); the search index
 * job then takes the list in (timed: `indexSeconds`). The public API
 * listener on PGlite (or PostgreSQL on 127.0.0.1) then takes, from a load generator in its own process (loopback, 10 s each):
 * 1. `GET /api/health` at 20 connections — the baseline in the same run (no key, no database);
 * 2. `GET /api/recipients/{listId}?search=Last{n}&field=last_name&criteria=startsWith` at 20
 *    connections, n over 2,000 values (target p99 ≤ 50 ms);
 * 3. the same search by `contains` on any column (the costly case: every row's values read);
 * 4. `POST /api/orders/mailing` for 1,000 different recipients at 10 connections (orders/s;
 *    rendering is the job workers', not started here).
 */
export async function benchPodApi(kind: 'pglite' | 'postgres' = 'pglite'): Promise<PodBenchResult> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-pod-bench-'));
  const { database, drop } = await openBenchDatabase(kind, dir);
  await migrateDatabase(database);
  const ctx = await createContext(loadConfig({ DATA_DIR: dir, WEB_DIR: '', ADMIN_EMAIL: 'bench@example.test' }, []), database);
  const app = await buildApp(ctx);
  const api = await buildPublicApi(ctx);
  try {
    const signup = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: 'bench@example.test', password: 'correct horse battery', given_name: 'Bench' } });
    if (signup.statusCode !== 201) throw new Error(`signup failed: ${signup.statusCode}`);
    const userId = (signup.json() as { user: { id: string } }).user.id;
    const headers = { cookie: signup.cookies.map((c) => `${c.name}=${c.value}`).join('; '), 'sec-fetch-site': 'same-origin' };
    await ctx.db.execute(sql`UPDATE plans SET features = features || '{"api": true}'::jsonb WHERE id = 'pro'`);
    await ctx.db.execute(sql`INSERT INTO subscriptions (user_id, plan_id) VALUES (${userId}, 'pro') ON CONFLICT (user_id) DO UPDATE SET plan_id = 'pro'`);
    const csv = path.join(dir, 'bench-100k.csv');
    await fs.writeFile(csv, benchCsv(ROWS));
    const body = await multipartFromFile(csv, 'bench-100k.csv');
    const upload = await app.inject({ method: 'POST', url: '/api/lists/upload', payload: body.payload, headers: { ...headers, ...body.headers } });
    if (upload.statusCode !== 201) throw new Error(`upload failed: ${upload.statusCode} ${upload.body.slice(0, 200)}`);
    const listId = (upload.json() as { id: string; headers?: string[] }).id;
    const principal = { userId, isAdmin: false, via: 'session' as const, scopes: ['*:*'] };
    const columns = ['first_name', 'last_name', 'company_name', 'address', 'address_2', 'city', 'state', 'zip', 'phone', 'cell_phone', 'email', 'custom_1', 'custom_2', 'custom_3', 'record_id'];
    // The upload queued the search index job; no workers run here, so it runs now, timed.
    const indexStart = performance.now();
    await indexListSearchJob.handler({ listId }, ctx, { id: 'bench', retryCount: 0 } as never);
    const indexSeconds = (performance.now() - indexStart) / 1000;
    await saveListMappings(ctx, principal, { fileId: listId, mappings: autoMap(columns), fieldSettings: { capitalization: {} } });
    const project = await app.inject({ method: 'POST', url: '/api/projects', payload: { name: 'Bench', template_type: 'postcard', paper_size: '6x9', sides: 'single', permit_type: 'none' }, headers });
    if (project.statusCode !== 201) throw new Error(`project failed: ${project.statusCode} ${project.body}`);
    const projectId = (project.json() as { id: string }).id;
    const created = await app.inject({ method: 'POST', url: '/api/keys', payload: { name: 'bench', rate_limit: 1000 }, headers });
    if (created.statusCode !== 201) throw new Error(`key failed: ${created.statusCode} ${created.body}`);
    const apiKey = (created.json() as { api_key: string }).api_key;
    await ctx.db.execute(sql`UPDATE api_keys SET rate_limit = 100000000`);

    const base = await api.listen({ host: '127.0.0.1', port: 0 });
    const keyed = { 'x-api-key': apiKey };
    const page = await fetch(`${base}/api/recipients/${listId}?limit=100`, { headers: keyed });
    const recipientIds = ((await page.json()) as { data: { recipients: Array<{ id: string }> } }).data.recipients.map((r) => r.id);
    const health = await load(dir, base, [{ method: 'GET', path: '/api/health' }], 20);
    const terms = Array.from({ length: 2000 }, (_, i) => `Last${(i * 7919) % ROWS}`);
    const byField = await load(dir, base, terms.map((t) => ({ method: 'GET', path: `/api/recipients/${listId}?search=${t}&field=last_name&criteria=startsWith`, headers: keyed })), 20);
    const anyColumn = await load(dir, base, terms.map((t) => ({ method: 'GET', path: `/api/recipients/${listId}?search=${t}`, headers: keyed })), 20);
    const order = (recipientId: string): LoadRequest => ({
      method: 'POST', path: '/api/orders/mailing', headers: { ...keyed, 'content-type': 'application/json' },
      body: JSON.stringify({ templateId: `${projectId}-main`, mailingListId: listId, recipientId, deliveryType: 'print-mail', format: 'postcard' }),
    });
    const orders = await load(dir, base, recipientIds.map(order), 10);
    return { rows: ROWS, indexSeconds, ...flat('health', health), ...flat('searchField', byField), ...flat('searchAny', anyColumn), ...flat('orders', orders) };
  } finally {
    await api.close();
    await app.close();
    await ctx.queue.stop();
    await database.close();
    await drop();
    await fs.rm(dir, { recursive: true, force: true });
  }
}
