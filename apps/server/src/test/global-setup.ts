import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { migrateDatabase, openDatabase } from '../db/client.js';

/**
 * Vitest global setup: migrates one PGlite once and saves its data directory as a tarball, so
 * each test file starts from a migrated database in well under a second (docs/decisions/README.md#records: a fresh
 * PGlite takes 4–7 s to open and migrate).
 */
export default async function setup(): Promise<() => Promise<void>> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-test-'));
  const database = await openDatabase({});
  await migrateDatabase(database);
  const file = path.join(dir, 'migrated.tar');
  await database.embedded!.dump(file);
  await database.close();
  process.env.MC_TEST_PGLITE_DUMP = file;
  return async () => {
    await fs.rm(dir, { recursive: true, force: true });
  };
}
