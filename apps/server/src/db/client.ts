import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.js';
import { JOB_STATEMENT_TIMEOUT_S, REQUEST_STATEMENT_TIMEOUT_S } from './statement-timeouts.js';
import { EMBEDDED_SOCKET_PORT, startEmbeddedPostgres, type EmbeddedPostgres } from './embedded/embedded-postgres.js';

export type Db = NodePgDatabase<typeof schema>;

/** Raw SQL access in the shape pg-boss expects of its `db` option. */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

/** An open database: Drizzle for the app, raw SQL for pg-boss, and a way to close it. */
export type Database = {
  kind: 'pglite' | 'postgres';
  /** For requests: on PostgreSQL each statement may run REQUEST_STATEMENT_TIMEOUT_S. */
  db: Db;
  /** For background jobs: on PostgreSQL each statement may run JOB_STATEMENT_TIMEOUT_S (the embedded database: the same as `db`). */
  jobDb: Db;
  executeSql: ExecuteSql;
  /**
   * Runs a hot statement as a prepared statement named `name` (planned once per connection,
   * node-postgres named queries). `text` uses $1…$n and must not change under one name.
   */
  executePrepared(name: string, text: string, params: string[]): Promise<{ rows: Array<Record<string, unknown>> }>;
  /** Set when kind is 'postgres': pg-boss opens its own pool from it. */
  url: string | null;
  /** The embedded database's thread (kind 'pglite'): its status for health, and `dump`. */
  embedded: EmbeddedPostgres | null;
  /**
   * Adds `task` to what `close()` does first, before the pools end — for connections of the
   * database's own that others opened (the cache-invalidation listener). Tasks run once, in the
   * order added; one that rejects is logged and the close goes on.
   */
  onClose(task: () => Promise<void>): void;
  close(): Promise<void>;
};

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Connections to PostgreSQL per process for requests (the pool's `max`); pg-boss opens its own 4. */
const POSTGRES_POOL_SIZE = 10;
/** Connections for background jobs, with the jobs' longer statement timeout. */
const POSTGRES_JOB_POOL_SIZE = 4;

/**
 * Opens PostgreSQL when `url` is given, else the embedded PGlite — in its own thread, over the
 * wire protocol (`startEmbeddedPostgres`) — on `pgliteDir` (created if missing; in memory when
 * absent; `pgliteDump` starts from a tarball made by `embedded.dump`). Both are then the same code
 * path: node-postgres and Drizzle's node-postgres driver. The embedded database gets one
 * connection: PGlite is a single session, so statements queue in the pool (FIFO) and a
 * transaction holds it, as PGlite itself would; pg-boss shares it through `executeSql`.
 * `onCrash` hears the embedded database's thread end unexpectedly.
 */
export async function openDatabase(opts: {
  url?: string | null; pgliteDir?: string; pgliteDump?: string; onCrash?: (err: Error) => void;
  /** Seconds a statement may run on PostgreSQL: in requests, in jobs (defaults in statement-timeouts.ts). */
  statementTimeouts?: { requestSeconds: number; jobSeconds: number };
}): Promise<Database> {
  const embedded = opts.url ? null : await startEmbeddedPostgres({ dataDir: opts.pgliteDir, dumpFile: opts.pgliteDump, onCrash: opts.onCrash });
  const timeouts = opts.statementTimeouts ?? { requestSeconds: REQUEST_STATEMENT_TIMEOUT_S, jobSeconds: JOB_STATEMENT_TIMEOUT_S };
  const pool = embedded
    ? new pg.Pool({ host: embedded.socketDir, port: EMBEDDED_SOCKET_PORT, user: 'postgres', database: 'postgres', max: 1, idleTimeoutMillis: 0 })
    : new pg.Pool({ connectionString: opts.url!, max: POSTGRES_POOL_SIZE, statement_timeout: timeouts.requestSeconds * 1000 });
  const jobPool = embedded ? pool : new pg.Pool({ connectionString: opts.url!, max: POSTGRES_JOB_POOL_SIZE, statement_timeout: timeouts.jobSeconds * 1000 });
  // A connection the server ends while idle in the pool (restart, failover, admin) is dropped and
  // replaced on next use; without a listener its 'error' event would end the process.
  for (const p of new Set([pool, jobPool])) p.on('error', (err) => console.warn(`[db] idle connection closed: ${err.message}`));
  const db: Db = drizzle(pool, { schema });
  const closeTasks: Array<() => Promise<void>> = [];
  return {
    kind: embedded ? 'pglite' : 'postgres',
    db,
    jobDb: jobPool === pool ? db : drizzle(jobPool, { schema }),
    url: opts.url ?? null,
    embedded,
    executeSql: async (text, values) => {
      const r = await pool.query(text, values as unknown[]);
      // A multi-statement script (pg-boss's migrations) answers one result per statement.
      const last = Array.isArray(r) ? (r as pg.QueryResult[]).at(-1) : r;
      return { rows: last?.rows ?? [] };
    },
    executePrepared: async (name, text, params) => {
      const r = await pool.query({ name, text, values: params });
      return { rows: r.rows as Array<Record<string, unknown>> };
    },
    onClose: (task) => { closeTasks.push(task); },
    close: async () => {
      for (const task of closeTasks.splice(0)) await task().catch((err: Error) => console.warn(`[db] at close: ${err.message}`));
      await pool.end();
      if (jobPool !== pool) await jobPool.end();
      await embedded?.close();
    },
  };
}

/** The advisory-lock key migrations hold on PostgreSQL (any constant no other lock uses). */
const MIGRATION_LOCK_KEY = 7_240_611;

/**
 * Applies the committed drizzle-kit migrations (`apps/server/drizzle`). Idempotent. On PostgreSQL
 * several processes may start at once (README "Running at scale"): each first takes a session
 * advisory lock, so one migrates while the others wait and then find nothing to do. Runs on the
 * jobs' pool (its longer statement timeout: an index build may take a while).
 */
export async function migrateDatabase(database: Database): Promise<void> {
  if (!database.url) {
    await migrate(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
    return;
  }
  const lock = new pg.Client({ connectionString: database.url });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate(database.jobDb as never, { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await lock.end(); // the session ends, and its lock with it
  }
}
