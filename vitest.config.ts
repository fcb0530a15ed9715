import { defineConfig } from 'vitest/config';

/** Unit and integration tests: server modules (real database) and shared rules. */
export default defineConfig({
  test: {
    include: ['packages/shared/src/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: true,
    maxWorkers: 2,
    globalSetup: ['apps/server/src/test/global-setup.ts'],
  },
});
