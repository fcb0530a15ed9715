import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z, ZodError } from 'zod';
import { createTestApp, type TestApp } from '../test/harness.js';
import { drainJobs } from '../test/jobs-finished.js';
import { defineJob } from './job.js';
import { createEventBus, DOMAIN_EVENTS } from './events.js';
import { eventSubscriptions } from '../modules/index.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ workers: false }); });
afterAll(async () => { await t.close(); });

/** Resolves when `check()` is true, polling every 100 ms; fails after `ms`. */
async function eventually(check: () => boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('typed jobs', () => {
  it('validates the payload when sent and hands the handler the parsed payload', async () => {
    const seen: Array<{ n: number }> = [];
    const job = defineJob({
      id: 'test.double', payload: z.object({ n: z.coerce.number().int() }),
      handler: async (payload) => { seen.push(payload); },
    });
    await t.ctx.queue.work(job, t.ctx);
    await expect(t.ctx.queue.send(job, { n: 'not a number' } as never)).rejects.toBeInstanceOf(ZodError);
    expect(await t.ctx.queue.send(job, { n: 21 })).toMatch(/^[0-9a-f-]{36}$/);
    await eventually(() => seen.length === 1);
    expect(seen).toEqual([{ n: 21 }]);
  });

  it('retries a failed job by its policy until it succeeds', async () => {
    let attempts = 0;
    const job = defineJob({
      id: 'test.flaky', payload: z.object({}),
      handler: async () => {
        attempts++;
        if (attempts < 3) throw new Error(`attempt ${attempts} fails`);
      },
      retry: { limit: 3, delaySeconds: 1, backoff: false },
    });
    await t.ctx.queue.work(job, t.ctx);
    await t.ctx.queue.send(job, {});
    await eventually(() => attempts === 3);
    // The job is finished, and a fourth run (a retry 1 s later) would have happened by then.
    await drainJobs(t.ctx.db, { names: [job.id], dueWithinMs: 5_000 });
    expect(attempts).toBe(3); // no fourth run after the success
  });

  it('runs jobs of one kind concurrently up to the definition\'s concurrency', async () => {
    let running = 0;
    let peak = 0;
    const job = defineJob({
      id: 'test.parallel', payload: z.object({}), concurrency: 2,
      handler: async () => {
        peak = Math.max(peak, ++running);
        await new Promise((r) => setTimeout(r, 1500));
        running--;
      },
    });
    await t.ctx.queue.work(job, t.ctx);
    await Promise.all([1, 2, 3].map(() => t.ctx.queue.send(job, {})));
    await eventually(() => peak === 2);
    // All three have run: the third could only have raised the peak while the first two ran.
    await drainJobs(t.ctx.db, { names: [job.id] });
    expect(peak).toBe(2);
  });

  it('stores a cron schedule with its time zone', async () => {
    const job = defineJob({ id: 'test.digest', payload: z.object({ period: z.enum(['daily', 'weekly']) }), handler: async () => {} });
    await t.ctx.queue.schedule(job, '0 8 * * *', { period: 'daily' }, 'America/New_York');
    const rows = (await t.ctx.db.execute(sql`SELECT name, cron, timezone, data FROM pgboss.schedule WHERE name = 'test.digest'`)).rows;
    expect(rows).toEqual([{ name: 'test.digest', cron: '0 8 * * *', timezone: 'America/New_York', data: { period: 'daily' } }]);
    await expect(t.ctx.queue.schedule(job, '0 8 * * *', { period: 'hourly' } as never)).rejects.toBeInstanceOf(ZodError);
  });

  it('removes a schedule an older version set, and answers quietly when there is none', async () => {
    const job = defineJob({ id: 'test.retired', payload: z.object({}), handler: async () => {} });
    await t.ctx.queue.schedule(job, '* * * * *', {});
    await t.ctx.queue.unschedule('test.retired');
    await t.ctx.queue.unschedule('test.never-scheduled');
    const rows = (await t.ctx.db.execute(sql`SELECT name FROM pgboss.schedule WHERE name IN ('test.retired', 'test.never-scheduled')`)).rows;
    expect(rows).toEqual([]);
  });
});

describe('domain events', () => {
  it('fans a published event out to every subscribed job, each with the event as payload', async () => {
    const webhooks: string[] = [];
    const notifications: string[] = [];
    const scanPayload = DOMAIN_EVENTS['scans.recorded'];
    const toWebhooks = defineJob({ id: 'test.scan-webhooks', payload: scanPayload, handler: async (p) => { webhooks.push(...p.scans.map((s) => s.scanId)); } });
    const toNotifications = defineJob({ id: 'test.scan-notify', payload: scanPayload, handler: async (p) => { notifications.push(...p.scans.map((s) => s.scanId)); } });
    for (const job of [toWebhooks, toNotifications]) {
      await t.ctx.queue.work(job, t.ctx);
      t.ctx.events.subscribe('scans.recorded', job);
    }
    const scan = (scanId: string) => ({
      scanId, userId: 'u', listId: 'l', listName: 'list.csv', recordId: 'r', shortUrl: 'http://localhost/abc', scannedAt: new Date().toISOString(),
      isFirst: true, scanCount: 1, location: { city: null, region: null, country: null }, device: { type: 'mobile', os: 'iOS', browser: 'Safari' },
      ip: null, userAgent: null, fields: { first_name: 'James' },
    });
    const ids = await t.ctx.events.publish('scans.recorded', { scans: [scan('scan-1')] });
    // One job per subscriber: these two and the modules' own (webhook fan-out).
    expect(ids).toHaveLength(2 + (eventSubscriptions['scans.recorded']?.length ?? 0));
    await eventually(() => webhooks.length === 1 && notifications.length === 1);
    expect([webhooks, notifications]).toEqual([['scan-1'], ['scan-1']]);
    await t.ctx.events.publishMany('scans.recorded', [{ scans: [scan('scan-2')] }, { scans: [scan('scan-3')] }]);
    await eventually(() => webhooks.length === 3 && notifications.length === 3);
    expect(webhooks.sort()).toEqual(['scan-1', 'scan-2', 'scan-3']);
    await expect(t.ctx.events.publish('scans.recorded', { scans: [{ scanId: 'x' }] } as never)).rejects.toBeInstanceOf(ZodError);
  });

  it('enqueues for a subscriber with `narrow` only what it keeps, and nothing when it keeps nothing', async () => {
    const got: string[][] = [];
    const onlyEven = defineJob({
      id: 'test.scan-even', payload: DOMAIN_EVENTS['scans.recorded'],
      narrow: async (payloads) => payloads.flatMap((p) => {
        const scans = p.scans.filter((s) => Number(s.scanId.slice(5)) % 2 === 0);
        return scans.length ? [{ scans }] : [];
      }),
      handler: async (p) => void got.push(p.scans.map((s) => s.scanId)),
    });
    await t.ctx.queue.work(onlyEven, t.ctx);
    const bus = createEventBus(t.ctx.queue, { 'scans.recorded': [onlyEven] }, t.ctx.db);
    const scan = (scanId: string) => ({
      scanId, userId: 'u', listId: 'l', listName: 'list.csv', recordId: 'r', shortUrl: 'http://localhost/abc', scannedAt: new Date().toISOString(),
      isFirst: true, scanCount: 1, location: { city: null, region: null, country: null }, device: { type: null, os: null, browser: null },
      ip: null, userAgent: null, fields: {},
    });
    expect(await bus.publish('scans.recorded', { scans: [scan('scan-1'), scan('scan-3')] })).toEqual([]);
    await bus.publishMany('scans.recorded', [{ scans: [scan('scan-5')] }, { scans: [scan('scan-6'), scan('scan-7'), scan('scan-8')] }]);
    await eventually(() => got.length === 1);
    expect(got).toEqual([['scan-6', 'scan-8']]);
  });
});
