import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpUser, type TestApp, type TestUser } from '../test/harness.js';
import { eventually } from '../test/eventually.js';
import { ownerFeatureCheck } from '../modules/subscriptions/subscriptions.service.js';
import { CACHE_CHANNEL, cacheGeneration, invalidate, LISTENER_NAME, onInvalidate } from './cache-invalidation.js';

/** Cache invalidation (docs/architecture.md#caches-across-processes), on the test database: PGlite, or PostgreSQL with TEST_DATABASE_URL. */
describe('cache invalidation', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ workers: false });
    admin = await signUpUser(t.app); // the operator
  });
  afterAll(() => t?.close());

  it('runs this process\'s handlers of the topic at once, counts the change, and survives a failing handler', async () => {
    const heard: Array<string | null> = [];
    const stopHearing = onInvalidate('address-check', (key) => { heard.push(key); });
    const stopFailing = onInvalidate('address-check', () => { throw new Error('broken cache'); });
    const before = cacheGeneration('address-check');
    await invalidate(t.ctx, 'address-check', 'list-1');
    await invalidate(t.ctx, 'address-check', null);
    expect(heard).toEqual(['list-1', null]);
    expect(cacheGeneration('address-check')).toBe(before + 2);
    stopHearing();
    stopFailing();
    await invalidate(t.ctx, 'address-check', 'list-2');
    expect(heard).toEqual(['list-1', null]);
  });

  it('stops running work of a user moved to a plan without the feature from its next check', async () => {
    const user = await signUpUser(t.app);
    const put = (plan: string) => admin.req({ method: 'PUT', url: `/api/admin/users/${user.id}/plan`, payload: { plan_id: plan } });
    expect((await put('business')).statusCode).toBe(200);
    // A check that would keep an allowing answer for a minute.
    const webhooksAllowed = ownerFeatureCheck(t.ctx.db, 'webhooks', 60_000);
    expect(await webhooksAllowed(user.id)).toBe(true);
    expect((await put('free')).statusCode).toBe(200);
    expect(await webhooksAllowed(user.id)).toBe(false);
  });
});

/** The listener itself: only PostgreSQL has other processes to hear. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('the cache-invalidation listener on PostgreSQL', () => {
  let t: TestApp;
  let other: pg.Client;
  const heard: Array<string | null> = [];
  let stopHearing: () => void;
  beforeAll(async () => {
    t = await createTestApp({ workers: false });
    // Another process's connection: it notifies as a server process does, with an origin of its own.
    other = new pg.Client({ connectionString: t.ctx.database.url! });
    await other.connect();
    stopHearing = onInvalidate('font-files', (key) => { heard.push(key); });
  });
  afterAll(async () => {
    stopHearing?.();
    await other?.end();
    await t?.close();
  });
  const notifyFromElsewhere = (key: string) =>
    other.query('SELECT pg_notify($1, $2)', [CACHE_CHANNEL, JSON.stringify({ o: 'another-process', t: 'font-files', k: key })]);

  it('hears other processes\' invalidations, and runs its own once', async () => {
    heard.length = 0;
    await notifyFromElsewhere('from-elsewhere');
    await eventually(() => heard.includes('from-elsewhere'), 5_000);
    await invalidate(t.ctx, 'font-files', 'from-here');
    // Notifications arrive in the order sent: once the marker sent after ours is heard, our own echo has been too.
    await notifyFromElsewhere('marker');
    await eventually(() => heard.includes('marker'), 5_000);
    expect(heard).toEqual(['from-elsewhere', 'from-here', 'marker']);
  });

  it('reconnects after losing its connection, drops every cache, and hears again', async () => {
    heard.length = 0;
    const ended = await t.ctx.database.executeSql(
      'SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()', [LISTENER_NAME],
    );
    expect(ended.rows).toEqual([{ ended: true }]);
    // Back again (0.5 s later): changes made meanwhile were not heard, so every entry goes.
    await eventually(() => heard.includes(null), 10_000);
    await notifyFromElsewhere('after-reconnect');
    await eventually(() => heard.includes('after-reconnect'), 5_000);
  });
});
