import http from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { autoMap, type TApiKeyCreated, type TDeliveryEvent, type TOrderWebhook, type TWebhook } from '@mailcraft/shared';
import { mailingListRecords, orders } from '../../db/schema/index.js';
import { createMailingList, createProject, onPlan, saveColumnMappings, us500 } from '../../test/factories.js';
import { drainJobs } from '../../test/jobs-finished.js';
import { createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { insertPiece, mailTracked, type TestPiece } from '../../test/mail-pieces.js';

type Received = { headers: http.IncomingHttpHeaders; body: string };

/** An endpoint on 127.0.0.1 that answers 200 and keeps what it received. */
async function receiver() {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/hook`;
  return { url, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/**
 * Delivery events (docs/requirements/mail-tracking.md#delivery-events) reach the list's webhooks that subscribe to them, and an
 * order piece's reach the account's order webhooks of the order's mode — signed, logged and retried like scans.
 */
describe('delivery events to webhooks', () => {
  let t: TestApp;
  let owner: TestUser;
  let listId: string;
  let piece: TestPiece;
  let rx: Awaited<ReturnType<typeof receiver>>;
  beforeAll(async () => {
    t = await createTestApp({ env: { ALLOW_PRIVATE_WEBHOOKS: 'true' } });
    owner = await signUpUser(t.app);
    await onPlan(t.ctx.db, owner.id, 'pro', { api: true, webhooks: true });
    const projectId = (await createProject(t.ctx.db, owner.id)).id;
    const { headers, rows } = us500(3);
    listId = (await createMailingList(t.ctx.db, owner.id, { headers, rows, projectId })).id;
    await saveColumnMappings(t.ctx.db, listId, autoMap(headers));
    const [record] = await t.ctx.db.select().from(mailingListRecords).where(eq(mailingListRecords.listId, listId)).orderBy(asc(mailingListRecords.rowIndex)).limit(1);
    piece = await insertPiece(t.ctx.db, { userId: owner.id, listId, recordId: record.id, projectId });
    rx = await receiver();
  });
  afterAll(async () => {
    await t?.close();
    await rx?.close();
  });

  const addHook = async (body: object): Promise<TWebhook> => {
    const res = await owner.req({ method: 'POST', url: '/api/webhooks', payload: { name: 'Hook', endpoint_url: rx.url, mailing_list_id: listId, ...body } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const log = async (id: string) => (await owner.req({ method: 'GET', url: `/api/webhooks/${id}/deliveries` })).json();

  it('a list\'s webhook subscribes to delivery events with the rest; a list of unknown events is refused', async () => {
    const hook = await addHook({ event_types: ['first_scan', 'mail.in_transit', 'mail.out_for_delivery', 'mail.delivered', 'mail.returned'] });
    expect(hook.event_types).toEqual(['first_scan', 'mail.in_transit', 'mail.out_for_delivery', 'mail.delivered', 'mail.returned']);
    expect((await owner.req({ method: 'GET', url: `/api/webhooks/${listId}` })).json()).toContainEqual(hook);
    await owner.req({ method: 'DELETE', url: `/api/webhooks/${hook.id}` });
    const refused = await owner.req({ method: 'POST', url: '/api/webhooks', payload: { name: 'x', endpoint_url: rx.url, mailing_list_id: listId, event_types: ['mail.forwarded'] } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('VALIDATION');
  });

  it('delivers a signed mail.delivered to the webhooks subscribing to it, once per piece however often the event comes', async () => {
    const delivered = await addHook({ name: 'Delivered', event_types: ['mail.delivered'] });
    const inTransit = await addHook({ name: 'In transit', event_types: ['mail.in_transit', 'every_scan'] });
    const change = mailTracked(piece, { occurredAt: '2026-11-25T15:04:00.000Z' });
    await t.ctx.events.publish('mail.tracked', { changes: [change] });
    await drainJobs(t.ctx.db);
    expect(rx.received).toHaveLength(1);
    const [call] = rx.received;
    const body = new Webhook(delivered.secret_key).verify(call.body, call.headers as Record<string, string>) as TDeliveryEvent;
    expect(body).toEqual({
      type: 'mail.delivered',
      timestamp: '2026-11-25T15:04:00.000Z',
      data: {
        piece_id: piece.id, print_job_id: piece.printJobId, order_id: null, record_id: piece.recordId, imb: piece.imb, stage: 'delivered',
        previous_stage: 'out_for_delivery', occurred_at: '2026-11-25T15:04:00.000Z', facility: { zip: '70116', city: 'New Orleans', state: 'LA' }, simulated: false,
      },
    });
    expect(call.headers['webhook-id']).toBe(`msg_${piece.id.replace(/-/g, '')}_delivered`);
    const entries = (await log(delivered.id)).deliveries;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ event_type: 'mail.delivered', status: 'success', attempts: 1, response_code: 200 });
    expect((await log(inTransit.id)).total).toBe(0);

    // The same change again (a scan file uploaded twice, a retried publish): nothing more is sent.
    await t.ctx.events.publish('mail.tracked', { changes: [change] });
    await drainJobs(t.ctx.db);
    expect(rx.received).toHaveLength(1);
    expect((await log(delivered.id)).total).toBe(1);

    // The next stage change of another kind goes to the webhook subscribing to that one.
    await t.ctx.events.publish('mail.tracked', { changes: [mailTracked(piece, { type: 'mail.in_transit', stage: 'accepted', previousStage: null })] });
    await drainJobs(t.ctx.db);
    expect(rx.received).toHaveLength(2);
    expect(new Webhook(inTransit.secret_key).verify(rx.received[1].body, rx.received[1].headers as Record<string, string>)).toMatchObject({
      type: 'mail.in_transit', data: { stage: 'accepted', previous_stage: null },
    });
    for (const h of [delivered, inTransit]) await owner.req({ method: 'DELETE', url: `/api/webhooks/${h.id}` });
  });

  it('sends an order piece\'s delivery events to the order webhooks of the order\'s mode that ask for them', async () => {
    const key = async (payload: object) => ((await owner.req({ method: 'POST', url: '/keys', payload })).json() as TApiKeyCreated).api_key;
    const live = await key({ name: 'shop' });
    const test = await key({ name: 'sandbox', mode: 'test' });
    const orderHook = async (apiKey: string, eventTypes?: string[]): Promise<TOrderWebhook> => {
      const res = await t.publicApi.inject({
        method: 'POST', url: '/api/webhooks', headers: { 'x-api-key': apiKey }, payload: { name: 'Orders', endpoint_url: rx.url, ...(eventTypes ? { event_types: eventTypes } : {}) },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    };
    const testHook = await orderHook(test, ['order.rendered', 'mail.delivered']);
    expect(testHook.event_types).toEqual(['order.rendered', 'mail.delivered']);
    const liveHook = await orderHook(live, ['mail.delivered']);
    const byDefault = await orderHook(test);
    expect(byDefault.event_types).toEqual(['order.rendered', 'order.failed', 'order.cancelled']);
    const [order] = await t.ctx.db.insert(orders).values({
      userId: owner.id, test: true, orderType: 'mailing', deliveryType: 'print-mail', format: 'mailer-letter', templateId: 'x-main', mailingListId: listId,
      recipientId: piece.recordId, recipient: { full_name: 'James Butt' }, costCents: 0, message: 'Test order rendered', status: 'rendered',
    }).returning();
    const orderPiece = await insertPiece(t.ctx.db, { userId: owner.id, listId: null, recordId: null, orderId: order.id, test: true });
    const before = rx.received.length;
    await t.ctx.events.publish('mail.tracked', { changes: [mailTracked(orderPiece, { simulated: true })] });
    await drainJobs(t.ctx.db);
    const calls = rx.received.slice(before);
    expect(calls).toHaveLength(1);
    const body = new Webhook(testHook.secret_key).verify(calls[0].body, calls[0].headers as Record<string, string>) as TDeliveryEvent;
    expect(body).toMatchObject({ type: 'mail.delivered', data: { piece_id: orderPiece.id, order_id: order.id, print_job_id: null, simulated: true } });
    expect(liveHook.test).toBe(false);
  });
});
