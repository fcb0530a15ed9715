import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrateDatabase, openDatabase, type Database } from './client.js';

/**
 * A fresh, migrated database `{prefix}_{random}` on the PostgreSQL server at `serverUrl`, for
 * tests and benchmarks; `drop()` closes nothing but removes the database (close it first).
 * `opts.statementTimeouts` overrides the statement timeouts (tests of the timeout).
 */
export async function openScratchPostgres(
  serverUrl: string, prefix: string, opts: Pick<Parameters<typeof openDatabase>[0], 'statementTimeouts'> = {},
): Promise<{ database: Database; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), ...opts });
  await migrateDatabase(database);
  return { database, drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
