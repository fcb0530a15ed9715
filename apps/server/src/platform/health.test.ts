import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ workers: false }); });
afterAll(async () => { await t.close(); });

describe('GET /api/health', () => {
  it('answers on both listeners with the event loop\'s delay and, embedded, the database thread', async () => {
    for (const app of [t.app, t.publicApi]) {
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ status: 'ok', database: t.ctx.database.kind, event_loop: { window_seconds: expect.any(Number) } });
      expect(body.event_loop.p99_ms).toBeGreaterThanOrEqual(0);
      expect(body.database_thread).toEqual(t.ctx.database.kind === 'pglite' ? { busy: false, busy_for_ms: 0 } : null);
    }
  });

  it.runIf(!process.env.TEST_DATABASE_URL)('answers at once while the embedded database is inside a long statement, and says so', async () => {
    // A statement of a few seconds holds PGlite's thread (pg_sleep does not: it returns at once in WASM); the HTTP thread stays free.
    const slow = t.ctx.db.execute(sql`SELECT count(*) FROM generate_series(1, 8000000)`).then((r) => r); // Drizzle runs a query when it is awaited
    await new Promise((r) => setTimeout(r, 300));
    const t0 = performance.now();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const ms = performance.now() - t0;
    expect(res.json().database_thread.busy).toBe(true);
    expect(res.json().database_thread.busy_for_ms).toBeGreaterThan(100);
    expect(ms).toBeLessThan(500);
    await slow;
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json().database_thread.busy).toBe(false);
  });
});
