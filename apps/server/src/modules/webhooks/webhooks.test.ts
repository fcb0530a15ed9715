import http from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_MESSAGES, type TWebhook } from '@mailcraft/shared';
import { webhookDeliveries, webhooks } from '../../db/schema/index.js';
import { startDispatch } from './webhooks.jobs.js';
import { expectError } from '../../test/expect-error.js';
import { createMailingList, onPlan, us500 } from '../../test/factories.js';
import { eventually } from '../../test/eventually.js';
import { drainJobs } from '../../test/jobs-finished.js';
import { createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { scanEvent } from '../../test/scan-event.js';

type Received = { at: number; headers: http.IncomingHttpHeaders; body: string };

/** A receiver on 127.0.0.1 answering attempt n of each message (webhook-id) with `script[n]` (then the last). */
async function receiver(script: Array<{ status: number; headers?: Record<string, string> }>) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ at: Date.now(), headers: req.headers, body });
      const nth = received.filter((r) => r.headers['webhook-id'] === req.headers['webhook-id']).length;
      const step = script[Math.min(nth - 1, script.length - 1)];
      res.writeHead(step.status, step.headers ?? {}).end(step.status >= 400 ? 'try later' : 'ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/hook`;
  return { url, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}


const scan = scanEvent;

describe('webhooks: configuration', () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let listId: string;
  beforeAll(async () => {
    t = await createTestApp({ workers: false });
    owner = await signUpUser(t.app);
    other = await signUpUser(t.app);
    await onPlan(t.ctx.db, owner.id, 'pro');
    listId = (await createMailingList(t.ctx.db, owner.id, us500(3))).id;
  });
  afterAll(() => t?.close());

  const create = (user: TestUser, body: object) => user.req({ method: 'POST', url: '/api/webhooks', payload: { mailing_list_id: listId, ...body } });

  it('creates a webhook with the spec\'s defaults and a Standard Webhooks secret', async () => {
    const res = await create(owner, { name: 'CRM', endpoint_url: 'https://crm.example.com/hooks' });
    expect(res.statusCode, res.body).toBe(201);
    const hook: TWebhook = res.json();
    expect(hook).toMatchObject({
      name: 'CRM', endpoint_url: 'https://crm.example.com/hooks', event_types: ['first_scan'],
      included_fields: ['contact_info', 'scan_location', 'scan_timestamp'], is_active: true, success_rate: null, last_triggered: null,
      mailing_list_id: listId, disabled_reason: null,
    });
    expect(hook.secret_key).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(hook.secret_key.slice(6), 'base64')).toHaveLength(24);
    expect((await owner.req({ method: 'GET', url: `/api/webhooks/${listId}` })).json()).toEqual([hook]);
  });

  it('validates name, URL and events, and refuses private endpoints', async () => {
    const issue = (message: string) => expect.arrayContaining([expect.objectContaining({ message })]);
    expectError(await create(owner, { name: ' ', endpoint_url: 'https://a.example' }), 400, 'VALIDATION', WEBHOOK_MESSAGES.nameRequired, issue(WEBHOOK_MESSAGES.nameRequired));
    expectError(await create(owner, { name: 'x', endpoint_url: 'ftp://a.example' }), 400, 'VALIDATION', WEBHOOK_MESSAGES.urlInvalid, issue(WEBHOOK_MESSAGES.urlInvalid));
    expectError(await create(owner, { name: 'x', endpoint_url: '' }), 400, 'VALIDATION', WEBHOOK_MESSAGES.urlRequired, issue(WEBHOOK_MESSAGES.urlRequired));
    expectError(await create(owner, { name: 'x', endpoint_url: 'https://a.example', event_types: [] }), 400, 'VALIDATION', WEBHOOK_MESSAGES.eventRequired, issue(WEBHOOK_MESSAGES.eventRequired));
    for (const url of ['http://127.0.0.1/x', 'http://localhost:9/x', 'http://[::1]/x', 'http://169.254.169.254/latest', 'http://10.0.0.8/', 'http://0x7f000001/']) {
      expectError(await create(owner, { name: 'x', endpoint_url: url }), 400, 'VALIDATION', WEBHOOK_MESSAGES.privateAddress);
    }
  });

  it('toggles, rotates the secret and deletes; another user sees 404 everywhere', async () => {
    const hook: TWebhook = (await create(owner, { name: 'Toggle', endpoint_url: 'https://t.example/h' })).json();
    const off = await owner.req({ method: 'PATCH', url: `/api/webhooks/${hook.id}`, payload: { is_active: false } });
    expect(off.json().is_active).toBe(false);
    const rotated = (await owner.req({ method: 'POST', url: `/api/webhooks/${hook.id}/rotate-secret` })).json();
    expect(rotated.secret_key).not.toBe(hook.secret_key);
    for (const [method, url, payload] of [
      ['GET', `/api/webhooks/${listId}`], ['PATCH', `/api/webhooks/${hook.id}`, { is_active: true }], ['DELETE', `/api/webhooks/${hook.id}`],
      ['POST', `/api/webhooks/${hook.id}/rotate-secret`], ['POST', `/api/webhooks/${hook.id}/test`], ['GET', `/api/webhooks/${hook.id}/deliveries`],
    ] as const) {
      expect((await other.req({ method, url, payload })).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await create(other, { name: 'x', endpoint_url: 'https://a.example' })).statusCode).toBe(404);
    expect((await owner.req({ method: 'DELETE', url: `/api/webhooks/${hook.id}` })).statusCode).toBe(204);
    expect((await owner.req({ method: 'GET', url: `/api/webhooks/${hook.id}/deliveries` })).statusCode).toBe(404);
  });

  it('refuses to save without the webhooks feature, with the spec\'s wording', async () => {
    const free = await signUpUser(t.app);
    const list = await createMailingList(t.ctx.db, free.id, us500(1));
    await onPlan(t.ctx.db, free.id, 'free');
    expectError(await free.req({ method: 'POST', url: '/api/webhooks', payload: { name: 'x', endpoint_url: 'https://a.example', mailing_list_id: list.id } }),
      402, 'PAYMENT_REQUIRED', 'You need to upgrade your plan to save webhooks', { feature: 'webhooks' });
  });
});

describe('webhooks: signed deliveries with retries', () => {
  let t: TestApp;
  let owner: TestUser;
  let listId: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { ALLOW_PRIVATE_WEBHOOKS: 'true', WEBHOOK_RETRY_SCHEDULE: '0,1,1,1' } });
    owner = await signUpUser(t.app);
    await onPlan(t.ctx.db, owner.id, 'pro');
    listId = (await createMailingList(t.ctx.db, owner.id, us500(3))).id;
  });
  afterAll(() => t?.close());

  const addHook = async (url: string, body: object = {}): Promise<TWebhook> =>
    (await owner.req({ method: 'POST', url: '/api/webhooks', payload: { name: 'Hook', endpoint_url: url, mailing_list_id: listId, ...body } })).json();
  const deliveries = async (id: string) => (await owner.req({ method: 'GET', url: `/api/webhooks/${id}/deliveries` })).json();

  it('retries a failing endpoint on schedule, signs every attempt, succeeds once and logs every attempt', async () => {
    const rx = await receiver([{ status: 500 }, { status: 502 }, { status: 200 }]);
    try {
      const hook = await addHook(rx.url, { event_types: ['first_scan', 'every_scan'], included_fields: ['contact_info', 'custom_fields'] });
      const event = scan(listId, owner.id);
      await t.ctx.events.publish('scans.recorded', { scans: [event] });
      // Two deliveries (scan.first and scan.every), each failing twice then arriving.
      // Both finished (nothing pending, so nothing more can be sent) — then count what arrived.
      await eventually(async () => {
        const log = await deliveries(hook.id);
        return log.total === 2 && log.deliveries.length === 2 && log.deliveries.every((d: { status: string }) => d.status === 'success');
      }).catch(async (err) => {
        throw new Error(`${String(err)}: received ${rx.received.length}, log ${JSON.stringify(await deliveries(hook.id))}`);
      });
      expect(rx.received).toHaveLength(6);
      const verifier = new Webhook(hook.secret_key);
      const byId = new Map<string, Received[]>();
      for (const r of rx.received) {
        const payload = verifier.verify(r.body, r.headers as Record<string, string>) as { type: string; data: Record<string, unknown> };
        expect(['scan.first', 'scan.every']).toContain(payload.type);
        expect(payload.data).toMatchObject({ scan_id: event.scanId, contact: { first_name: 'James', last_name: 'Butt' }, custom_fields: { custom_1: 'VIP' } });
        expect(payload.data).not.toHaveProperty('location');
        byId.set(String(r.headers['webhook-id']), [...(byId.get(String(r.headers['webhook-id'])) ?? []), r]);
      }
      expect(byId.size).toBe(2);
      for (const attempts of byId.values()) {
        expect(attempts).toHaveLength(3);
        expect(attempts[1].at - attempts[0].at).toBeGreaterThanOrEqual(900);
        expect(attempts[2].at - attempts[1].at).toBeGreaterThanOrEqual(900);
      }
      const log = await deliveries(hook.id);
      expect(log.total).toBe(2);
      for (const d of log.deliveries) {
        expect(d).toMatchObject({ status: 'success', attempts: 3, response_code: 200, next_retry: null });
        const attempts = (await owner.req({ method: 'GET', url: `/api/webhooks/${hook.id}/deliveries/${d.id}/attempts` })).json();
        expect(attempts.map((a: { response_code: number }) => a.response_code)).toEqual([500, 502, 200]);
      }
      const after = (await owner.req({ method: 'GET', url: `/api/webhooks/${listId}` })).json().find((h: TWebhook) => h.id === hook.id);
      expect(after.success_rate).toBe(100);
      expect(after.last_triggered).not.toBeNull();
      // A repeat scan of the same record goes only to every_scan.
      await t.ctx.events.publish('scans.recorded', { scans: [scan(listId, owner.id, { isFirst: false, scanCount: 2 })] });
      await eventually(async () => (await deliveries(hook.id)).total === 3);
      expect((await deliveries(hook.id)).deliveries[0].event_type).toBe('scan.every');
      await owner.req({ method: 'DELETE', url: `/api/webhooks/${hook.id}` });
    } finally {
      await rx.close();
    }
  }, 60_000);

  it('gives up after the last attempt, counts the failure, and resends on request with the same message id', async () => {
    const rx = await receiver([{ status: 500 }]);
    try {
      const hook = await addHook(rx.url);
      await t.ctx.events.publish('scans.recorded', { scans: [scan(listId, owner.id)] });
      await eventually(async () => (await deliveries(hook.id)).deliveries[0]?.status === 'failed');
      expect(rx.received).toHaveLength(4);
      const [failed] = (await deliveries(hook.id)).deliveries;
      expect(failed).toMatchObject({ attempts: 4, response_code: 500, error_message: 'The endpoint answered 500', response_excerpt: 'try later' });
      expect((await owner.req({ method: 'GET', url: `/api/webhooks/${listId}` })).json().find((h: TWebhook) => h.id === hook.id).success_rate).toBe(0);
      const resent = await owner.req({ method: 'POST', url: `/api/webhooks/${hook.id}/deliveries/${failed.id}/resend` });
      expect(resent.statusCode).toBe(202);
      await eventually(() => rx.received.length === 5);
      expect(rx.received[4].headers['webhook-id']).toBe(failed.message_id);
      await owner.req({ method: 'DELETE', url: `/api/webhooks/${hook.id}` });
    } finally {
      await rx.close();
    }
  }, 60_000);

  it('turns a webhook off when its endpoint answers 410 Gone, and honours Retry-After on 429', async () => {
    const gone = await receiver([{ status: 410 }]);
    const busy = await receiver([{ status: 429, headers: { 'retry-after': '3' } }, { status: 204 }]);
    try {
      const goneHook = await addHook(gone.url);
      const busyHook = await addHook(busy.url);
      await t.ctx.events.publish('scans.recorded', { scans: [scan(listId, owner.id)] });
      await eventually(() => busy.received.length === 2);
      expect(busy.received[1].at - busy.received[0].at).toBeGreaterThanOrEqual(2900);
      const list = async (): Promise<TWebhook[]> => (await owner.req({ method: 'GET', url: `/api/webhooks/${listId}` })).json();
      // The endpoint's answer is recorded just after it is sent: wait for the record, not the request.
      await eventually(async () => (await list()).find((h) => h.id === busyHook.id)?.success_rate === 100);
      await drainJobs(t.ctx.db); // nothing is due any more: a retry of the 410 would have been sent
      const hooks = await list();
      expect(hooks.find((h) => h.id === goneHook.id)).toMatchObject({ is_active: false, disabled_reason: 'The endpoint answered 410 Gone' });
      expect(gone.received).toHaveLength(1);
      expect(hooks.find((h) => h.id === busyHook.id)).toMatchObject({ is_active: true, success_rate: 100 });
      // Turning it back on clears the reason.
      const on = (await owner.req({ method: 'PATCH', url: `/api/webhooks/${goneHook.id}`, payload: { is_active: true } })).json();
      expect(on).toMatchObject({ is_active: true, disabled_reason: null });
      for (const h of [goneHook, busyHook]) await owner.req({ method: 'DELETE', url: `/api/webhooks/${h.id}` });
    } finally {
      await gone.close();
      await busy.close();
    }
  }, 60_000);

  it('takes over an attempt whose lease ran out (its process died), but never one in progress', async () => {
    const rx = await receiver([{ status: 200 }]);
    try {
      const hook = await addHook(rx.url);
      const row = (leaseEnds: Date, messageId: string) => ({
        webhookId: hook.id, userId: owner.id, messageId, eventType: 'webhook.test', payload: { type: 'webhook.test', timestamp: new Date().toISOString(), data: {} },
        attempts: 1, sending: true, dueAt: leaseEnds, lastAttemptAt: new Date(Date.now() - 60_000),
      });
      await t.ctx.db.insert(webhookDeliveries).values([
        row(new Date(Date.now() - 1000), 'msg_stale'), row(new Date(Date.now() + 10 * 60_000), 'msg_busy'),
      ]);
      await startDispatch(t.ctx);
      const log = async () => (await deliveries(hook.id)).deliveries as Array<{ message_id: string; status: string; attempts: number }>;
      await eventually(async () => (await log()).find((d) => d.message_id === 'msg_stale')?.status === 'success');
      expect((await log()).find((d) => d.message_id === 'msg_stale')).toMatchObject({ attempts: 1 });
      expect((await log()).find((d) => d.message_id === 'msg_busy')).toMatchObject({ status: 'pending', attempts: 1 });
      expect(rx.received.map((r) => r.headers['webhook-id'])).toEqual(['msg_stale']);
      await owner.req({ method: 'DELETE', url: `/api/webhooks/${hook.id}` });
    } finally {
      await rx.close();
    }
  });

  it('sends a signed test event on request', async () => {
    const rx = await receiver([{ status: 200 }]);
    try {
      const hook = await addHook(rx.url);
      const res = await owner.req({ method: 'POST', url: `/api/webhooks/${hook.id}/test` });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toMatchObject({ event_type: 'webhook.test', status: 'pending' });
      await eventually(() => rx.received.length === 1);
      const payload = new Webhook(hook.secret_key).verify(rx.received[0].body, rx.received[0].headers as Record<string, string>) as { type: string };
      expect(payload.type).toBe('webhook.test');
    } finally {
      await rx.close();
    }
  });
});

describe('webhooks: SSRF guard at connect time', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('never reaches a loopback endpoint when private addresses are not allowed', async () => {
    t = await createTestApp({ env: { WEBHOOK_RETRY_SCHEDULE: '0' } });
    const owner = await signUpUser(t.app);
    const rx = await receiver([{ status: 200 }]);
    try {
      const list = await createMailingList(t.ctx.db, owner.id, us500(1));
      // Stored directly, as an address that changed after saving (DNS rebinding) would be.
      const [hook] = await t.ctx.db.insert(webhooks).values({
        userId: owner.id, mailingListId: list.id, name: 'Rebound', endpointUrl: rx.url.replace('127.0.0.1', 'localhost'),
        eventTypes: ['first_scan'], includedFields: [], secretKey: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      }).returning();
      await t.ctx.events.publish('scans.recorded', { scans: [scan(list.id, owner.id)] });
      await eventually(async () => (await owner.req({ method: 'GET', url: `/api/webhooks/${hook.id}/deliveries` })).json().deliveries[0]?.status === 'failed');
      const [d] = (await owner.req({ method: 'GET', url: `/api/webhooks/${hook.id}/deliveries` })).json().deliveries;
      expect(d.error_message).toMatch(/^Endpoint URL must not point to a private, loopback or link-local address/);
      expect(d.response_code).toBeNull();
      expect(rx.received).toHaveLength(0);
    } finally {
      await rx.close();
    }
  });
});
