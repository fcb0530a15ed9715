import { defineConfig } from 'vitest/config';

/**
 * Load tests (`*.load.test.ts`): the server's own latency under real-shaped work (e.g. health
 * checks answered while lists are imported). They measure time, so they run one file at a time
 * with nothing else in parallel — `npm test` runs them after the main suite, on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL.
 */
export default defineConfig({
  test: {
    pool: 'forks',
    testTimeout: 300_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    maxWorkers: 1,
    include: ['apps/server/src/**/*.load.test.ts'],
    globalSetup: ['apps/server/src/test/global-setup.ts'],
  },
});
