import http from 'node:http';
import type net from 'node:net';
import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import {
  API_KEY_MESSAGES, NOTIFICATION_MESSAGES, WEBHOOK_MESSAGES, type TApiKeyCreated, type TNotification, type TNotificationDelivery,
  type TOrder, type TOrderWebhook, type TWebhook, type TWebhookDeliveries,
} from '@mailcraft/shared';
import { notificationDeliveries, notificationDigestItems, webhookDeliveries } from '../../db/schema/index.js';
import { eventually } from '../../test/eventually.js';
import { createMailingList, createProject, us500 } from '../../test/factories.js';
import { createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { jobsFinished } from '../../test/jobs-finished.js';
import { changePlan } from '../../test/plan-changes.js';
import { nextDigest } from '../notifications/notification-schedule.js';
import { sendDueDigests } from '../notifications/notifications.jobs.js';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

type Received = { headers: http.IncomingHttpHeaders; body: string };

/** A receiver on 127.0.0.1 answering `status`; with `hold`, requests wait until `release()`, later ones do not. */
async function receiver(status = 200, hold = false) {
  const received: Received[] = [];
  const held: Array<() => void> = [];
  let holding = hold;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      const answer = () => res.writeHead(status).end(status < 300 ? 'ok' : 'try later');
      if (holding) held.push(answer);
      else answer();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/hook`;
  const release = () => {
    holding = false;
    held.splice(0).forEach((answer) => answer());
  };
  return { url, received, release, close: () => new Promise<void>((r) => { release(); server.close(() => r()); }) };
}

/** How many of `received` verify with `secret` (Standard Webhooks); throws on any that does not. */
const verified = (received: Received[], secret: string) => received.filter((r) => new Webhook(secret).verify(r.body, r.headers as Record<string, string>)).length;

/**
 * A plan downgrade stops paid features when the work runs, not only when settings are saved
 * (docs/requirements/plans-and-billing.md#plan-gating): a Business customer's list webhook, webhook
 * notification and order webhook deliver; after `POST /api/billing/plan {plan: 'free'}` new scans and
 * order events deliver nothing, deliveries queued before end unsent with the reason in their log,
 * a digest falling due is not sent, the API key is refused; back on Business, they deliver again.
 */
describe('a plan downgrade stops deliveries at once', () => {
  let t: TestApp;
  let admin: TestUser;
  let customer: TestUser;
  const rx = {} as Record<'hook' | 'note' | 'order' | 'held' | 'digest', Awaited<ReturnType<typeof receiver>>>;
  const codes = { a: '', b: '', c: '' };
  const lists = { a: '', b: '', c: '' };
  let hook: TWebhook;
  let heldHook: TWebhook;
  let note: TNotification;
  let heldNote: TNotification;
  let digest: TNotification;
  let orderHook: TOrderWebhook;
  let apiKey: string;

  beforeAll(async () => {
    // Retries 3 s after a failure: longer than the dispatcher keeps an owner's plan (2 s).
    t = await createTestApp({ env: { ALLOW_PRIVATE_WEBHOOKS: 'true', WEBHOOK_RETRY_SCHEDULE: '0,3,3,3', NOTIFICATION_RETRY_DELAY_SECONDS: '3' } });
    admin = await signUpUser(t.app);
    customer = await signUpUser(t.app);
    await changePlan(admin, customer, 'business');
    [rx.hook, rx.note, rx.order, rx.held, rx.digest] = await Promise.all([receiver(), receiver(), receiver(), receiver(500, true), receiver()]);
    const project = await createProject(t.ctx.db, customer.id);
    for (const key of ['a', 'b', 'c'] as const) {
      lists[key] = (await createMailingList(t.ctx.db, customer.id, { ...us500(1), projectId: project.id })).id;
      const saved = await customer.req({ method: 'POST', url: '/api/qr/config', payload: { listId: lists[key], config: { baseUrl: 'https://shop.example.com/', variables: {} } } });
      expect(saved.statusCode, saved.body).toBe(200);
      codes[key] = (await customer.req({ method: 'GET', url: `/api/data-preview/list/${lists[key]}` })).json().records[0].short_url.split('/').pop();
    }
    const addHook = async (listId: string, url: string): Promise<TWebhook> => {
      const res = await customer.req({ method: 'POST', url: '/api/webhooks', payload: { name: 'CRM', endpoint_url: url, event_types: ['every_scan'], mailing_list_id: listId } });
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    };
    const addNote = async (listId: string, url: string, schedule: object = {}): Promise<TNotification> => {
      const res = await customer.req({
        method: 'POST', url: '/api/notifications', payload: { type: 'webhook', name: 'Ops', endpoint_url: url, project_id: project.id, mailing_list_id: listId, ...schedule },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    };
    hook = await addHook(lists.a, rx.hook.url);
    note = await addNote(lists.a, rx.note.url);
    heldHook = await addHook(lists.b, rx.held.url);
    heldNote = await addNote(lists.b, rx.held.url);
    digest = await addNote(lists.c, rx.digest.url, { schedule_type: 'daily', schedule_time: '09:00', timezone: 'UTC' });
    apiKey = ((await customer.req({ method: 'POST', url: '/api/keys', payload: { name: 'Shop' } })).json() as TApiKeyCreated).api_key;
    const created = await t.publicApi.inject({ method: 'POST', url: '/api/webhooks', headers: { 'x-api-key': apiKey }, payload: { name: 'Orders', endpoint_url: rx.order.url } });
    expect(created.statusCode, created.body).toBe(201);
    orderHook = created.json();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    for (const r of Object.values(rx)) await r.close();
  });

  const scan = async (code: string) => {
    expect((await t.app.inject({ method: 'GET', url: `/${code}`, headers: { 'user-agent': IPHONE } })).statusCode).toBe(302);
  };
  const fanOutsDone = async (listId: string, scans: number) =>
    (await jobsFinished(t.ctx.db, 'webhook.fan-out', { scans: [{ listId }] }, scans)) && jobsFinished(t.ctx.db, 'notification.fan-out', { scans: [{ listId }] }, scans);
  /** Nothing of the customer's is pending in either delivery table: no more can be sent. */
  const nothingPending = async () => {
    const [hooks] = await t.ctx.db.select({ n: count() }).from(webhookDeliveries).where(and(eq(webhookDeliveries.userId, customer.id), eq(webhookDeliveries.status, 'pending')));
    const [notes] = await t.ctx.db.select({ n: count() }).from(notificationDeliveries).where(and(eq(notificationDeliveries.userId, customer.id), eq(notificationDeliveries.status, 'pending')));
    return Number(hooks.n) === 0 && Number(notes.n) === 0;
  };
  const log = async (id: string) => (await customer.req({ method: 'GET', url: `/api/webhooks/${id}/deliveries` })).json() as TWebhookDeliveries;
  const history = async (id: string) => (await customer.req({ method: 'GET', url: `/api/notifications/${id}/history` })).json() as TNotificationDelivery[];
  const orderEvent = (id: string) => {
    const order: TOrder = {
      id, order_type: 'mailing', delivery_type: 'print-mail', format: 'postcard', template_id: 'p-main', mailing_list_id: null, recipient_id: null,
      reinforcement_id: null, additional_reinforcements: [], status: 'rendered', cost: 1.25, currency: 'USD', test: false, message: 'Rendered',
      file_url: null, imb: null, tracking_events: [], created_at: new Date().toISOString(),
    };
    return t.ctx.events.publish('order.changed', { type: 'order.rendered', userId: customer.id, test: false, at: new Date().toISOString(), order });
  };
  const apiAnswer = async (port: 'api' | 'web') =>
    (port === 'api' ? t.publicApi : t.app).inject({ method: 'GET', url: '/api/auth/verify', headers: { 'x-api-key': apiKey } });

  it('on Business: a scan reaches the webhook and the notification, an order event the order webhook, the key works', async () => {
    await scan(codes.a);
    await orderEvent(randomUUID());
    await eventually(() => rx.hook.received.length === 1 && rx.note.received.length === 1 && rx.order.received.length === 1);
    expect(verified(rx.hook.received, hook.secret_key)).toBe(1);
    expect(verified(rx.note.received, note.secret_key!)).toBe(1);
    expect(verified(rx.order.received, orderHook.secret_key)).toBe(1);
    expect((await apiAnswer('api')).statusCode).toBe(200);
  });

  it('after a move to free: new scans and order events deliver nothing, queued deliveries end unsent and say why, the key is refused', async () => {
    // Deliveries queued before the change: the endpoint holds their first attempt, which fails after it.
    await scan(codes.b);
    await eventually(() => rx.held.received.length === 2);
    await changePlan(admin, customer, 'free');
    for (const port of ['api', 'web'] as const) {
      const refused = await apiAnswer(port);
      expect(refused.statusCode, port).toBe(403);
      expect(refused.json().error).toMatchObject({ code: 'FORBIDDEN', message: API_KEY_MESSAGES.planRequired });
    }
    rx.held.release();
    await scan(codes.a);
    const orderId = randomUUID();
    await orderEvent(orderId);

    await eventually(async () => (await fanOutsDone(lists.a, 2)) && (await fanOutsDone(lists.b, 1))
      && (await jobsFinished(t.ctx.db, 'webhook.order-fan-out', { order: { id: orderId } }, 1)) && nothingPending(), 30_000);
    expect([rx.hook.received.length, rx.note.received.length, rx.order.received.length]).toEqual([1, 1, 1]);
    expect((await log(hook.id)).total).toBe(1);
    expect(await history(note.id)).toHaveLength(1);
    const [orderDeliveries] = await t.ctx.db.select({ n: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, orderHook.id));
    expect(Number(orderDeliveries.n)).toBe(1);

    // The queued ones: one call each (before the change), then finished without another.
    expect(rx.held.received).toHaveLength(2);
    const [queued] = (await log(heldHook.id)).deliveries;
    expect(queued).toMatchObject({ status: 'failed', attempts: 1, response_code: 500, error_message: WEBHOOK_MESSAGES.notSentPlan, next_retry: null });
    expect((await customer.req({ method: 'GET', url: `/api/webhooks/${heldHook.id}/deliveries/${queued.id}/attempts` })).json()).toHaveLength(1);
    expect(await history(heldNote.id)).toMatchObject([{ status: 'failed', attempts: 1, error_message: NOTIFICATION_MESSAGES.notSentPlan, next_retry: null }]);

    // The settings are kept, as saved.
    expect((await customer.req({ method: 'GET', url: `/api/webhooks/${lists.a}` })).json()).toMatchObject([{ id: hook.id, is_active: true }]);
    expect((await customer.req({ method: 'GET', url: `/api/notifications/${note.id}` })).json()).toMatchObject({ id: note.id, is_active: true });
  }, 60_000);

  it('back on Business: new scans deliver again, and the key works', async () => {
    await changePlan(admin, customer, 'business');
    expect((await apiAnswer('api')).statusCode).toBe(200);
    await scan(codes.a);
    await eventually(() => rx.hook.received.length === 2 && rx.note.received.length === 2);
    expect(verified(rx.hook.received, hook.secret_key)).toBe(2);
    expect(verified(rx.note.received, note.secret_key!)).toBe(2);
  });

  it('a digest falling due while on free is not sent; once back on Business, it is', async () => {
    await scan(codes.c);
    const kept = async () => (await t.ctx.db.select({ id: notificationDigestItems.scanId }).from(notificationDigestItems).where(eq(notificationDigestItems.notificationId, digest.id))).length;
    await eventually(async () => (await kept()) === 1);
    await changePlan(admin, customer, 'free');
    const at = new Date(nextDigest({ type: 'daily', time: '09:00', day: null, zone: 'UTC' }, new Date()).getTime() + 5 * 60_000);
    await sendDueDigests(t.ctx, at);
    // The run is over and queued nothing, so nothing can be sent.
    expect(await history(digest.id)).toEqual([]);

    await changePlan(admin, customer, 'business');
    await sendDueDigests(t.ctx, at);
    await eventually(() => rx.digest.received.length === 1);
    expect(verified(rx.digest.received, digest.secret_key!)).toBe(1);
    expect(JSON.parse(rx.digest.received[0].body)).toMatchObject({ type: 'notification.digest' });
  });
});
