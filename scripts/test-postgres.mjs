// Runs the server integration suite against PostgreSQL when one is reachable
// (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test); skips with a note otherwise.
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
try {
  await client.connect();
  await client.end();
} catch (err) {
  console.log(`PostgreSQL not reachable at ${url} (${err.message}); the PostgreSQL pass is skipped.`);
  process.exit(0);
}
console.log(`Running the integration suite against PostgreSQL at ${url}`);
const env = { ...process.env, TEST_DATABASE_URL: url };
const r = spawnSync('npx', ['vitest', 'run', 'apps/server'], { stdio: 'inherit', env });
if (r.status !== 0) process.exit(r.status ?? 1);
// The load tests, alone (they measure latency).
const load = spawnSync('npx', ['vitest', 'run', '-c', 'vitest.load.config.ts'], { stdio: 'inherit', env });
process.exit(load.status ?? 1);
