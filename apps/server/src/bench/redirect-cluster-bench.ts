import cluster, { type Worker } from 'node:cluster';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildApp } from '../app.js';
import { numberValue, rowsOf } from '../db/raw-rows.js';
import { loadConfig } from '../platform/config.js';
import { createContext } from '../runtime.js';
import { openBenchDatabase } from './bench-database.js';
import { CONNECTIONS, load, seed, SECONDS, type RedirectBenchResult } from './redirect-bench.js';

const MAIN = fileURLToPath(new URL('../main.js', import.meta.url));

const freePort = () => new Promise<number>((resolve) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = (s.address() as net.AddressInfo);
    s.close(() => resolve(port));
  });
});

/** Starts `n` ROLE=web server processes sharing one port through Node's `cluster` (the primary hands out connections round-robin). */
async function startWebProcesses(n: number, env: NodeJS.ProcessEnv): Promise<Worker[]> {
  cluster.setupPrimary({ exec: MAIN, args: [], silent: true });
  const workers: Worker[] = [];
  for (let i = 0; i < n; i++) {
    const worker = cluster.fork(env);
    let log = '';
    worker.process.stdout?.on('data', (d) => (log += d));
    worker.process.stderr?.on('data', (d) => (log += d));
    const deadline = Date.now() + 60_000;
    while (!/Mailcraft web ready/.test(log)) {
      if (worker.isDead() || Date.now() > deadline) throw new Error(`web process ${i + 1} did not start:\n${log}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    workers.push(worker);
  }
  return workers;
}

/**
 * Short-link redirects with scan recording served by `processes` ROLE=web processes of the built
 * server on one PostgreSQL database (README "Running at scale"; docs/requirements/scans-and-analytics.md#scan-recording
 * target ≥ 5,000/s, p99 ≤ 20 ms). The list and its QR configuration are made through the real
 * routes of an in-process app that then stops listening; the processes share one port through
 * Node's `cluster`; the same load generator as the single-process case (its own process, 50
 * connections, 20 s, as an iPhone) drives them. Every 302 must have its scan stored.
 */
export async function benchRedirectProcesses(processes: number): Promise<RedirectBenchResult & { processes: number }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-redirect-cluster-'));
  const { database, drop } = await openBenchDatabase('postgres', dir);
  const ctx = await createContext(loadConfig({ DATA_DIR: dir, WEB_DIR: '', SCAN_RATE_LIMIT: '0', ADMIN_EMAIL: 'bench@example.test' }, []), database);
  const app = await buildApp(ctx);
  let workers: Worker[] = [];
  try {
    const codes = await seed(app, ctx.db);
    await app.close();
    const port = await freePort();
    workers = await startWebProcesses(processes, {
      ROLE: 'web', DATABASE_URL: database.url!, DATA_DIR: dir, WEB_DIR: '', SCAN_RATE_LIMIT: '0', HOST: '127.0.0.1',
      PORT: String(port), API_PORT: String(await freePort()), PUBLIC_URL: `http://127.0.0.1:${port}`,
    });
    const base = `http://127.0.0.1:${port}`;
    await fetch(`${base}/${codes[0]}`, { redirect: 'manual', headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Mobile/15E148 Safari/604.1' } });
    const result = await load(base, codes, dir);
    const scansStored = numberValue(rowsOf(await ctx.db.execute(sql`SELECT count(*) AS n FROM scans`))[0].n);
    return { ...result, processes, connections: CONNECTIONS, seconds: SECONDS, scansStored, redirectsMissingAScan: Math.max(0, result.redirects + 1 - scansStored) };
  } finally {
    await Promise.all(workers.map((w) => new Promise<void>((resolve) => { if (w.isDead()) resolve(); else { w.once('exit', () => resolve()); w.process.kill('SIGTERM'); } })));
    await ctx.queue.stop();
    await database.close();
    await drop();
    await fs.rm(dir, { recursive: true, force: true });
  }
}
