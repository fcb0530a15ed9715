import http from 'node:http';
import type net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import type { TNotification, TWebhook } from '@mailcraft/shared';
import { notificationDeliveries, webhookDeliveries } from '../../db/schema/index.js';
import { eventually } from '../../test/eventually.js';
import { createMailingList, createProject, onPlan, us500 } from '../../test/factories.js';
import { createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const FLOOD = 600;

type Received = { at: number; headers: http.IncomingHttpHeaders; body: string };

/** A receiver on 127.0.0.1 that answers 200 after `delayMs`. */
async function receiver(delayMs: number) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ at: Date.now(), headers: req.headers, body });
      setTimeout(() => res.writeHead(200).end('ok'), delayMs);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/hook`;
  return { url, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** A customer on the pro plan with a one-record list, its QR code, an every-scan webhook and a webhook notification. */
async function customer(t: TestApp, webhookUrl: string, notificationUrl: string) {
  const user: TestUser = await signUpUser(t.app);
  await onPlan(t.ctx.db, user.id, 'pro');
  const project = await createProject(t.ctx.db, user.id);
  const list = await createMailingList(t.ctx.db, user.id, { ...us500(1), projectId: project.id });
  const saved = await user.req({ method: 'POST', url: '/api/qr/config', payload: { listId: list.id, config: { baseUrl: 'https://shop.example.com/', variables: {} } } });
  expect(saved.statusCode, saved.body).toBe(200);
  const code: string = (await user.req({ method: 'GET', url: `/api/data-preview/list/${list.id}` })).json().records[0].short_url.split('/').pop();
  const hookRes = await user.req({
    method: 'POST', url: '/api/webhooks', payload: { name: 'CRM', endpoint_url: webhookUrl, event_types: ['every_scan'], mailing_list_id: list.id },
  });
  expect(hookRes.statusCode, hookRes.body).toBe(201);
  const notificationRes = await user.req({
    method: 'POST', url: '/api/notifications', payload: { type: 'webhook', name: 'Ops', endpoint_url: notificationUrl, project_id: project.id, mailing_list_id: list.id },
  });
  expect(notificationRes.statusCode, notificationRes.body).toBe(201);
  return { user, code, hook: hookRes.json() as TWebhook, notification: notificationRes.json() as TNotification };
}

/** The message ids received, each checked against the Standard Webhooks signature of `secret`. */
function verifiedIds(received: Received[], secret: string): string[] {
  const verifier = new Webhook(secret);
  return received.map((r) => {
    verifier.verify(r.body, r.headers as Record<string, string>);
    return String(r.headers['webhook-id']);
  });
}

/**
 * Fairness between customers: one customer's flood of scans — every one a delivery to a slow
 * endpoint — must not hold up another customer's delivery, and must itself arrive in full, once.
 */
describe('deliveries under one customer\'s scan flood', () => {
  let t: TestApp;
  const receivers: Array<Awaited<ReturnType<typeof receiver>>> = [];
  beforeAll(async () => {
    t = await createTestApp({ env: { ALLOW_PRIVATE_WEBHOOKS: 'true' } });
  });
  afterAll(async () => {
    await t?.close();
    for (const r of receivers) await r.close();
  });

  it(`reach another customer within 10 s while ${FLOOD} of the flooder's go out, each of those once`, async () => {
    const [slowHook, slowNotify, quickHook, quickNotify] = await Promise.all([receiver(200), receiver(200), receiver(0), receiver(0)]);
    receivers.push(slowHook, slowNotify, quickHook, quickNotify);
    const a = await customer(t, slowHook.url, slowNotify.url);
    const b = await customer(t, quickHook.url, quickNotify.url);

    // A's flood: 600 scans of one code in about 6 s from one address, within SCAN_RATE_LIMIT (600 a minute).
    const flood: Array<Promise<number>> = [];
    for (let i = 0; i < FLOOD; i++) {
      flood.push(t.app.inject({ method: 'GET', url: `/${a.code}`, headers: { 'user-agent': IPHONE } }).then((r) => r.statusCode));
      await sleep(10);
    }
    expect(new Set(await Promise.all(flood))).toEqual(new Set([302]));

    // B's one scan, after A's flood was recorded, from another address.
    const scannedAt = Date.now();
    const scan = await t.app.inject({ method: 'GET', url: `/${b.code}`, headers: { 'user-agent': IPHONE }, remoteAddress: '198.51.100.7' });
    expect(scan.statusCode).toBe(302);
    await eventually(() => quickHook.received.length === 1 && quickNotify.received.length === 1, 10_000);
    const latency = { webhook: quickHook.received[0].at - scannedAt, notification: quickNotify.received[0].at - scannedAt };
    const aheadOfB = { webhook: slowHook.received.length, notification: slowNotify.received.length };
    console.info(`[fair-deliveries] ${t.ctx.database.kind}: B's webhook after ${latency.webhook} ms, its notification after ${latency.notification} ms;`
      + ` A's deliveries by then: ${aheadOfB.webhook} webhook, ${aheadOfB.notification} notification of ${FLOOD}`);
    expect(latency.webhook).toBeLessThan(10_000);
    expect(latency.notification).toBeLessThan(10_000);
    expect(verifiedIds(quickHook.received, b.hook.secret_key)).toHaveLength(1);
    expect(verifiedIds(quickNotify.received, b.notification.secret_key!)).toHaveLength(1);

    // A's deliveries all arrive. Once none is pending no more can be sent: then each arrived once.
    const finished = async () => {
      const [hooks] = await t.ctx.db.select({ n: count() }).from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.webhookId, a.hook.id), eq(webhookDeliveries.status, 'success')));
      const [notes] = await t.ctx.db.select({ n: count() }).from(notificationDeliveries)
        .where(and(eq(notificationDeliveries.notificationId, a.notification.id), eq(notificationDeliveries.status, 'success')));
      return Number(hooks.n) === FLOOD && Number(notes.n) === FLOOD;
    };
    const started = Date.now();
    await eventually(finished, 180_000);
    console.info(`[fair-deliveries] ${t.ctx.database.kind}: A's ${FLOOD} + ${FLOOD} deliveries done ${Date.now() - scannedAt} ms after B's scan (${Date.now() - started} ms of waiting)`);
    const hookIds = verifiedIds(slowHook.received, a.hook.secret_key);
    const noteIds = verifiedIds(slowNotify.received, a.notification.secret_key!);
    expect([hookIds.length, new Set(hookIds).size]).toEqual([FLOOD, FLOOD]);
    expect([noteIds.length, new Set(noteIds).size]).toEqual([FLOOD, FLOOD]);
    expect(new Set(slowHook.received.map((r) => (JSON.parse(r.body) as { data: { scan_id: string } }).data.scan_id)).size).toBe(FLOOD);
  }, 300_000);
});
