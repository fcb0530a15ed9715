import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';
import { ROOT } from './support.ts';

/** The PostgreSQL server the multi-process tests create their database on (CI and this machine have one). */
export const POSTGRES_URL = process.env.MC_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** The bucket the S3-compatible server holds the files in (docs/architecture.md#storage). */
const BUCKET = 'mailcraft';

const freePort = () => new Promise<number>((resolve) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address() as net.AddressInfo;
    s.close(() => resolve(port));
  });
});

/** One server process of the cluster (ROLE=web or ROLE=worker). */
export type ClusterProcess = {
  role: 'web' | 'worker';
  /** Its own web listener (web processes; the proxy sends requests here). */
  url: string | null;
  /** Everything it printed. */
  log(): string;
  /** `kill -9`: no shutdown, no released jobs — a crash. */
  crash(): Promise<void>;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
  exited(): boolean;
};

/**
 * A small round-robin HTTP proxy on 127.0.0.1, standing in for a load balancer: each request goes
 * to the next web process; one that refuses the connection (dead) is skipped for the rest of the
 * test and the request sent to the next — a request body is buffered (bounded at 20 MB) so it can
 * be sent again. `served` counts the requests each backend answered.
 */
async function startProxy(backends: () => string[]) {
  let next = 0;
  const down = new Set<string>();
  const served = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > 20 * 2 ** 20) req.destroy(new Error('request too large for the test proxy'));
      else chunks.push(c);
    });
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const tryNext = (left: number) => {
        const live = backends().filter((b) => !down.has(b));
        if (live.length === 0 || left === 0) {
          res.writeHead(502).end('no backend');
          return;
        }
        const target = new URL(live[next++ % live.length]);
        const upstream = http.request({
          host: target.hostname, port: target.port, method: req.method, path: req.url,
          headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '127.0.0.1' },
        }, (up) => {
          served.set(target.origin, (served.get(target.origin) ?? 0) + 1);
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        });
        upstream.on('error', (err: NodeJS.ErrnoException) => {
          if (err.code === 'ECONNREFUSED' && !res.headersSent) {
            down.add(target.origin);
            tryNext(left - 1);
          } else if (!res.headersSent) res.writeHead(502).end(String(err));
          else res.destroy();
        });
        upstream.end(body);
      };
      tryNext(backends().length);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`, served, down,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

/**
 * Several server processes on one PostgreSQL database and one S3-compatible bucket, as a
 * deployment runs them (README "Running at scale"): `webs` ROLE=web processes behind a
 * round-robin proxy (`url`, which is also PUBLIC_URL, so short links come back through it) and
 * `workers` ROLE=worker processes. Migrations run once first (`main.js --migrate-only`). The
 * database (`mc_cluster_{random}`) and the bucket's folder are removed by `stop()`. `env` adds
 * settings to every process; ADMIN_EMAIL makes that account the operator (each process has a
 * setup code of its own, so a cluster names its operator by email).
 */
export async function startCluster(opts: { webs: number; workers: number; env?: NodeJS.ProcessEnv }) {
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-cluster-'));
  const s3Dir = path.join(tmp, 's3');
  await fs.mkdir(s3Dir);
  const s3 = new S3rver({ port: await freePort(), address: '127.0.0.1', silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET }] });
  const s3Address = await s3.run();
  const dbName = `mc_cluster_${randomBytes(5).toString('hex')}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: POSTGRES_URL });
    await c.connect();
    try { await c.query(sql); } finally { await c.end(); }
  };
  await admin(`CREATE DATABASE ${dbName}`);
  const dbUrl = new URL(POSTGRES_URL);
  dbUrl.pathname = `/${dbName}`;

  const processes: ClusterProcess[] = [];
  const proxy = await startProxy(() => processes.filter((p) => p.role === 'web' && p.url && !p.exited()).map((p) => p.url!));
  const common: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: dbUrl.toString(), PUBLIC_URL: proxy.url,
    STORAGE_URL: `s3://${BUCKET}/cluster`, S3_ENDPOINT: `http://127.0.0.1:${s3Address.port}`, S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: 'true',
    // s3rver's fixed test credentials (not a secret).
    AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER',
    PRODUCT_PERMIT_NUMBER: '1234', PRODUCT_PERMIT_CITY: 'AUSTIN, TX',
    ...opts.env,
  };
  const main = path.join(ROOT, 'apps/server/dist/main.js');
  execFileSync(process.execPath, [main, '--migrate-only'], { env: { ...common, DATA_DIR: path.join(tmp, 'migrate') }, stdio: 'pipe' });

  /** Starts one more process of `role`; resolves once it answers (web) or says it is ready (worker). */
  const start = async (role: 'web' | 'worker'): Promise<ClusterProcess> => {
    const port = await freePort();
    const dataDir = await fs.mkdtemp(path.join(tmp, `${role}-`));
    const child: ChildProcess = spawn(process.execPath, [main], {
      env: { ...common, ROLE: role, PORT: String(port), API_PORT: String(await freePort()), DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout!.on('data', (d) => (log += d));
    child.stderr!.on('data', (d) => (log += d));
    const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const deadline = Date.now() + 60_000;
    while (!/Mailcraft \w+ ready/.test(log)) {
      if (child.exitCode !== null) throw new Error(`${role} process exited:\n${log}`);
      if (Date.now() > deadline) throw new Error(`${role} process did not start:\n${log}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const proc: ClusterProcess = {
      role, url: role === 'web' ? `http://127.0.0.1:${port}` : null,
      log: () => log,
      exited: () => child.exitCode !== null || child.signalCode !== null,
      crash: async () => { child.kill('SIGKILL'); await exit; },
      stop: async () => { if (!proc.exited()) { child.kill('SIGTERM'); await exit; } },
    };
    processes.push(proc);
    return proc;
  };
  for (let i = 0; i < opts.webs; i++) await start('web');
  for (let i = 0; i < opts.workers; i++) await start('worker');

  return {
    /** The proxy: the one address a browser and a phone use. */
    url: proxy.url,
    /** Requests answered per web process (by its own URL). */
    served: proxy.served,
    processes,
    start,
    /** A client on the cluster's database (close it). */
    db: async () => {
      const c = new pg.Client({ connectionString: dbUrl.toString() });
      await c.connect();
      return c;
    },
    /** The bucket's objects under the cluster's prefix (file names as s3rver stores them). */
    s3Dir,
    stop: async () => {
      await Promise.all(processes.map((p) => p.stop()));
      await proxy.close();
      await s3.close();
      await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await fs.rm(tmp, { recursive: true, force: true });
    },
  };
}
