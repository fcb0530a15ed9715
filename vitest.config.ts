import { defineConfig } from 'vitest/config';

/**
 * Unit and integration tests, one project per runtime:
 * - node: server modules (real database, set up once by the global setup) and shared rules;
 * - web: the SPA's client logic and components in jsdom (apps/web/vitest.config.ts).
 */
export default defineConfig({
  test: {
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: true,
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['packages/shared/src/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          // Load tests measure the server's own latency: they run alone (vitest.load.config.ts).
          exclude: ['**/node_modules/**', '**/dist/**', '**/*.load.test.ts'],
          globalSetup: ['apps/server/src/test/global-setup.ts'],
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
