import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createPglite, migrateDatabase, openDatabase } from '../db/client.js';

/**
 * Vitest global setup: migrates one PGlite once and saves its data directory as a tarball, so
 * each test file starts from a migrated database in well under a second (DESIGN.md: a fresh
 * PGlite takes 4–7 s to open and migrate).
 */
export default async function setup(): Promise<() => Promise<void>> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-test-'));
  const pglite = await createPglite();
  const database = await openDatabase({ pglite });
  await migrateDatabase(database);
  const dump = await pglite.dumpDataDir('none');
  const file = path.join(dir, 'migrated.tar');
  await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
  process.env.MC_TEST_PGLITE_DUMP = file;
  return async () => {
    await fs.rm(dir, { recursive: true, force: true });
  };
}
