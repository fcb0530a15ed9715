import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.js';
import { migrateDatabase, openDatabase, type Database } from '../db/client.js';
import { openScratchPostgres } from '../db/scratch-database.js';
import { loadConfig } from '../platform/config.js';
import type { AppContext } from '../platform/context.js';
import { operatorSeat } from '../modules/auth/operator-seat.js';
import { buildPublicApi } from '../public-api.js';
import { createContext, startWorkers } from '../runtime.js';
import { startS3rver, type TestS3 } from './s3rver.js';

/**
 * A real app on a real, migrated database for integration tests: PGlite from the global setup's
 * snapshot, or a fresh database on the PostgreSQL server in TEST_DATABASE_URL. Job workers run,
 * so queued jobs complete. Call `close()` in afterAll.
 */
export type TestApp = {
  app: FastifyInstance;
  /** The public API listener (API_PORT) on the same context. */
  publicApi: FastifyInstance;
  ctx: AppContext;
  /** The s3rver holding the app's files with `storage: 's3'`, else null. */
  s3: TestS3 | null;
  close(): Promise<void>;
};

async function openTestDatabase(sharing?: TestApp): Promise<{ database: Database; drop(): Promise<void> }> {
  if (sharing) {
    const first = sharing.ctx.database;
    // PostgreSQL: a pool of its own on the same database, as a second process has. The embedded
    // database is one session in this process: the same connection, closed by the first app.
    if (first.url) return { database: await openDatabase({ url: first.url }), drop: async () => {} };
    return { database: { ...first, close: async () => {} }, drop: async () => {} };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) return openScratchPostgres(serverUrl, 'mc_test');
  const dump = process.env.MC_TEST_PGLITE_DUMP;
  const database = await openDatabase({ pgliteDump: dump });
  if (!dump) await migrateDatabase(database);
  return { database, drop: async () => {} };
}

/**
 * `env` adds configuration variables (e.g. TRUST_PROXY) to the test defaults. `sameDatabaseAs`
 * opens a second app on another app's database, standing for a second server process sharing it
 * (its own pool on PostgreSQL; close it before the first app). `storage: 's3'` keeps the app's files
 * in an s3rver of its own (`startS3rver`; `s3` on the answer) instead of a local directory
 * (docs/architecture.md#storage).
 */
export async function createTestApp(opts: { workers?: boolean; env?: NodeJS.ProcessEnv; sameDatabaseAs?: TestApp; storage?: 'local' | 's3' } = {}): Promise<TestApp> {
  const { database, drop } = await openTestDatabase(opts.sameDatabaseAs);
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-files-'));
  const s3 = opts.storage === 's3' ? await startS3rver() : null;
  const config = loadConfig({ DATA_DIR: tmp, WEB_DIR: '', PRINT_WORKERS: '2', ...s3?.env, ...opts.env }, []);
  const ctx = await createContext(config, database, { pollSeconds: 0.5 });
  if (opts.workers !== false) await startWorkers(ctx);
  const publicApi = await buildPublicApi(ctx);
  const app = await buildApp(ctx, { keyedApi: publicApi });
  testContexts.set(app, ctx);
  return {
    app,
    publicApi,
    ctx,
    s3,
    close: async () => {
      await app.close();
      await publicApi.close();
      // A test may end while a job (a 500-piece render) still runs: let it finish before the database closes.
      await ctx.queue.stop(60_000);
      await database.close();
      await drop();
      await s3?.close();
      await fs.rm(tmp, { recursive: true, force: true });
    },
  };
}

/** A signed-in test user: `req()` injects requests with the session cookie. */
export type TestUser = {
  id: string;
  email: string;
  cookie: string;
  req(opts: InjectOptions): Promise<LightMyRequestResponse>;
};

let counter = 0;
/** The context of each test app, for the operator seat's setup code. */
const testContexts = new WeakMap<FastifyInstance, AppContext>();

/** The one-time setup code the app printed at start (what an operator copies from the server log). */
export const setupCodeOf = (app: FastifyInstance): string => {
  const ctx = testContexts.get(app);
  if (!ctx) throw new Error('not an app of createTestApp');
  return operatorSeat(ctx).code;
};

/**
 * Factory: signs up a new user through the real route and returns its session. It sends the
 * server's setup code as the operator would, so the first account of a test database is its
 * operator (administrator, on Business) and later ones are ordinary; `setupCode: false` sends none.
 */
export async function signUpUser(app: FastifyInstance, over: { email?: string; given_name?: string; setupCode?: false } = {}): Promise<TestUser> {
  const email = over.email ?? `user${++counter}-${randomBytes(3).toString('hex')}@example.test`;
  const res = await app.inject({
    method: 'POST', url: '/api/auth/signup',
    payload: {
      email, password: 'correct horse battery', given_name: over.given_name ?? 'Test',
      ...(over.setupCode === false || !testContexts.has(app) ? {} : { setup_code: setupCodeOf(app) }),
    },
  });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  return {
    id: res.json().user.id,
    email,
    cookie,
    // As a browser on the app's own page sends it (writes with a cookie need Origin or Sec-Fetch-Site).
    req: (o) => app.inject({ ...o, headers: { 'sec-fetch-site': 'same-origin', ...(o.headers ?? {}), cookie } } as InjectOptions),
  };
}

export { multipartBody } from '../bench/multipart.js';
