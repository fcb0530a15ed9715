import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase } from './client.js';

const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(serverUrl)('migrations on PostgreSQL', () => {
  it('three processes starting at once on an empty database: one migrates, the others wait and find nothing to do', async () => {
    const name = `mc_migrate_${randomBytes(5).toString('hex')}`;
    const admin = async (sql: string) => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      try { return await c.query(sql); } finally { await c.end(); }
    };
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    const databases = await Promise.all([0, 1, 2].map(() => openDatabase({ url: url.toString() })));
    try {
      await Promise.all(databases.map((d) => migrateDatabase(d)));
      const applied = await databases[0].executeSql('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
      const journal = await import('../../drizzle/meta/_journal.json', { with: { type: 'json' } });
      expect((applied.rows[0] as { n: number }).n).toBe(journal.default.entries.length);
      // A fourth start later has nothing to apply and does not fail.
      await migrateDatabase(databases[0]);
    } finally {
      await Promise.all(databases.map((d) => d.close()));
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  });
});
