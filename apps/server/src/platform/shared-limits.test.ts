import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@mailcraft/shared';
import { rowsOf } from '../db/raw-rows.js';
import { eventually } from '../test/eventually.js';
import { expectError } from '../test/expect-error.js';
import { createTestApp, multipartBody, signUpUser, type TestApp, type TestUser } from '../test/harness.js';
import { AppError } from './errors.js';
import { WorkSlots } from './work-slots.js';

/**
 * Two app instances on one database stand for two server processes behind a load balancer
 * (docs/decisions/0026-shared-limits-in-postgresql.md): on PostgreSQL each has its own pool, as
 * two processes do; on the embedded database they share its one session. Either way each has its
 * own memory, so only what is counted in the database is shared.
 */
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await createTestApp({ workers: false, env: { SCAN_RATE_LIMIT: '20' } });
  b = await createTestApp({ workers: false, env: { SCAN_RATE_LIMIT: '20' }, sameDatabaseAs: a });
}, 120_000);
afterAll(async () => {
  await b?.close();
  await a?.close();
});

/** The same request sent to the two processes in turn, `n` times; the status of each answer. */
async function alternate(n: number, request: (i: number) => InjectOptions): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) statuses.push((await (i % 2 ? b : a).app.inject(request(i))).statusCode);
  return statuses;
}

/** `user`'s requests sent to process `app` (sessions are rows in the shared database). */
const as = (user: TestUser, app: TestApp) => (o: InjectOptions) =>
  app.app.inject({ ...o, headers: { 'sec-fetch-site': 'same-origin', ...(o.headers ?? {}), cookie: user.cookie } } as InjectOptions);

const refusal = (err: unknown) => (err instanceof AppError ? [err.status, err.message] : err);

describe('limits shared by two processes on one database', () => {
  it('refuses 40 failed sign-ins from one address spread over two processes as it refuses them on one: 20 answered, then 429', async () => {
    // A guesser trying many accounts: each email once, so only the address's own limit (20 in 15 minutes) applies.
    const statuses = await alternate(40, (i) => ({
      method: 'POST', url: '/api/auth/login', payload: { email: `guess${i}@example.test`, password: 'wrong password!' }, remoteAddress: '198.51.100.7',
    }));
    expect(statuses).toEqual([...Array<number>(20).fill(401), ...Array<number>(20).fill(429)]);
  });

  it('counts every sign-in post from one address against the route\'s 30 a minute in both processes', async () => {
    // Malformed posts check no password, so only the route's own limit can refuse them.
    const statuses = await alternate(40, () => ({ method: 'POST', url: '/api/auth/login', payload: { email: 'not an email' }, remoteAddress: '198.51.100.8' }));
    expect(statuses).toEqual([...Array<number>(30).fill(400), ...Array<number>(10).fill(429)]);
    // Another address, and another route (sign-up), have windows of their own.
    expect(await alternate(2, () => ({ method: 'POST', url: '/api/auth/login', payload: { email: 'x' }, remoteAddress: '198.51.100.9' }))).toEqual([400, 400]);
    expect(await alternate(2, () => ({ method: 'POST', url: '/api/auth/signup', payload: { email: 'x' }, remoteAddress: '198.51.100.8' }))).toEqual([400, 400]);
  });

  it('holds SCAN_RATE_LIMIT for one address across both processes (GET and HEAD together)', async () => {
    const statuses = await alternate(24, (i) => ({ method: i === 3 ? 'HEAD' : 'GET', url: '/Zz00000000', remoteAddress: '203.0.113.5' }));
    expect(statuses).toEqual([...Array<number>(20).fill(404), 429, 429, 429, 429]);
    const page = await b.app.inject({ method: 'GET', url: '/Zz00000000', remoteAddress: '203.0.113.5' });
    expect([page.statusCode, page.body.includes('Too many requests')]).toEqual([429, true]);
    expect((await a.app.inject({ method: 'GET', url: '/Zz00000000', remoteAddress: '203.0.113.6' })).statusCode).toBe(404);
  });

  it('lets a phone\'s first scans through on each process\'s own count (no statement), then counts them all in the database', async () => {
    const scan = (t: TestApp) => t.app.inject({ method: 'GET', url: '/Zz00000001', remoteAddress: '203.0.113.7' });
    const counted = async () => rowsOf(await a.ctx.db.execute(sql`SELECT count FROM rate_limits WHERE key LIKE '%|203.0.113.7'`)).map((r) => Number(r.count));
    for (const t of [a, a, b, b]) expect((await scan(t)).statusCode).toBe(404);
    expect(await counted()).toEqual([]); // a tenth of SCAN_RATE_LIMIT (2) per process: nothing written yet
    await scan(a);
    expect(await counted()).toEqual([3]); // A's third scan brings its first two with it
    // B's two uncounted scans are the most the limit can be passed by (one other process × 2): 22, then 429.
    const statuses: number[] = [];
    for (let i = 0; i < 18; i++) statuses.push((await scan(a)).statusCode);
    expect(statuses).toEqual([...Array<number>(17).fill(404), 429]);
    expect(await counted()).toEqual([21]);
  });

  it('sees a work slot taken in one process from the other: a user\'s second piece waits for the first and is refused after its wait', async () => {
    const kind = `test-${randomUUID()}`;
    // The same slots as two processes hold them: one object each, nothing shared but the database.
    const options = { kind, total: 4, perUser: 1, waitMs: 300, busyMessage: 'Busy', userBusyMessage: 'Yours is running' };
    const [inA, inB] = [new WorkSlots(options), new WorkSlots(options)];
    const user = await signUpUser(a.app);
    let finish!: () => void;
    const running = inA.run(a.ctx.db, user.id, () => new Promise<void>((r) => { finish = r; }));
    await eventually(() => !!finish);
    expect(refusal(await inB.run(b.ctx.db, user.id, async () => 'never').catch((e: unknown) => e))).toEqual([429, 'Yours is running']);
    const waiting = new WorkSlots({ ...options, waitMs: 20_000 }).run(b.ctx.db, user.id, async () => 'ran in B');
    finish();
    await running;
    // Process B hears of the end only from the database: its next try finds the slot free.
    expect(await waiting).toBe('ran in B');
  });

  it('holds an upload in line while the user\'s import runs in the other process, and lets it through when that import ends', async () => {
    const user = await signUpUser(a.app);
    // An import running in the other process: its lease ends in 1.5 s (as when that process stops renewing it).
    await a.ctx.db.execute(sql`INSERT INTO work_slots (id, kind, user_id, holder, expires_at)
      VALUES (${randomUUID()}::uuid, 'list-import', ${user.id}::uuid, 'other-host:4242:dead', now() + interval '1.5 seconds')`);
    const started = Date.now();
    const upload = await as(user, b)({ method: 'POST', url: '/api/lists/upload', ...multipartBody({ name: 'people.csv', data: Buffer.from('name,zip\nAnn,62701\n') }) });
    expect(upload.statusCode, upload.body).toBe(201);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
  });

  it('refuses a data export while the user\'s export runs in the other process', async () => {
    const user = await signUpUser(a.app);
    const lease = randomUUID();
    await a.ctx.db.execute(sql`INSERT INTO work_slots (id, kind, user_id, holder, expires_at)
      VALUES (${lease}::uuid, 'account-export', ${user.id}::uuid, 'other-host:4242:dead', now() + interval '1 minute')`);
    expectError(await as(user, b)({ method: 'GET', url: '/api/account/export' }), 429, 'RATE_LIMITED', ACCOUNT_MESSAGES.exportRunning);
    await a.ctx.db.execute(sql`DELETE FROM work_slots WHERE id = ${lease}::uuid`);
    expect((await as(user, b)({ method: 'GET', url: '/api/account/export' })).statusCode).toBe(200);
  });
});
