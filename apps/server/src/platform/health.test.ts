import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { eventually } from '../test/eventually.js';
import { markStopping } from './health.routes.js';

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
    const slow = t.ctx.db.execute(sql`SELECT count(*) FROM generate_series(1, 3000000)`).then((r) => r); // Drizzle runs a query when it is awaited
    await eventually(async () => (await t.app.inject({ method: 'GET', url: '/api/health' })).json().database_thread.busy_for_ms > 100, 5_000);
    const t0 = performance.now();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const ms = performance.now() - t0;
    expect(res.json().database_thread.busy).toBe(true);
    expect(res.json().database_thread.busy_for_ms).toBeGreaterThan(100);
    expect(ms).toBeLessThan(500);
    await slow;
    // The thread marks itself idle once the statement's last protocol message is done.
    await eventually(async () => !(await t.app.inject({ method: 'GET', url: '/api/health' })).json().database_thread.busy, 5_000);
  });
});

describe('GET /api/ready', () => {
  it('is ready when the database and the file storage answer; names what does not; drains while stopping', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'ok', storage: 'ok', stopping: false });

    // A storage that fails (a bucket gone, credentials revoked) makes the process not ready.
    const storage = t.ctx.storage;
    const broken = Object.create(storage) as typeof storage;
    broken.exists = () => Promise.reject(new Error('Access Denied'));
    t.ctx.storage = broken;
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'not_ready', database: 'ok', storage: 'Access Denied', stopping: false });
    } finally {
      t.ctx.storage = storage;
    }
    // Not on the public API's listener: readiness is the web listener's (the load balancer's target).
    expect((await t.publicApi.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(404);
  });

  it('answers 503 once the process is shutting down, while health stays ok', async () => {
    const other = await createTestApp({ workers: false });
    try {
      markStopping(other.ctx);
      const res = await other.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'not_ready', stopping: true, database: 'ok', storage: 'ok' });
      expect((await other.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe('JSON bodies', () => {
  it('refuses a deeply nested JSON body on any route before parsing it, signed in or not', async () => {
    const deep = '['.repeat(200_000) + ']'.repeat(200_000);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' }, payload: deep });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('This request\'s JSON nests more than 64 levels deep.');
  });
});
