import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { openDatabase, type Database } from '../db/client.js';
import { openScratchPostgres } from '../db/scratch-database.js';

const IMPORT_BENCH = fileURLToPath(new URL('./import-bench.js', import.meta.url));

/**
 * A fresh database for one benchmark: a scratch PostgreSQL database (BENCH_DATABASE_URL, default
 * the local test server; dropped by `drop`), or a PGlite in `dir`/db created and migrated in a child
 * process first (`import-bench.js --prepare-db`: PGlite's initdb leaves a process ~860 MB RSS).
 * The caller migrates (a no-op for the prepared PGlite) and closes it.
 */
export async function openBenchDatabase(kind: 'pglite' | 'postgres', dir: string): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (kind === 'postgres') return openScratchPostgres(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test', 'mc_bench');
  const dbDir = path.join(dir, 'db');
  await promisify(execFile)(process.execPath, [IMPORT_BENCH, '--prepare-db', dbDir]);
  return { database: await openDatabase({ pgliteDir: dbDir }), drop: async () => {} };
}
