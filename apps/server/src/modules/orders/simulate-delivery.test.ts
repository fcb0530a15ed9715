import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MESSAGES, type TOrder, type TOrderSimulateResult, type TWebhook } from '@mailcraft/shared';
import { orders } from '../../db/schema/index.js';
import { eventually } from '../../test/eventually.js';
import { onPlan } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { drainJobs } from '../../test/jobs-finished.js';
import { setMailerId } from '../../test/mail-pieces.js';
import { orderAccount, type OrderAccount } from '../../test/order-account.js';

/**
 * Simulate delivery of a test order (docs/requirements/mail-tracking.md#test-mode): POST /api/orders/{id}/tracking/simulate
 * plays its piece's journey through the print files' simulation — the same matching, tracking_events and webhooks as real
 * scans — for test orders only.
 */
describe('simulated delivery of an on-demand test order', () => {
  let t: TestApp;
  let a: OrderAccount;
  let noImb: TOrder;
  let testOrder: TOrder;
  let liveOrder: TOrder;
  let hook: TWebhook;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRACKING_SIMULATION_SECONDS: '3', ALLOW_PRIVATE_WEBHOOKS: 'true' } });
    a = await orderAccount(t);
    await onPlan(t.ctx.db, a.owner.id, 'pro', { api: true, webhooks: true });
    const mailing = (recipientId: string) => ({ templateId: `${a.projectId}-main`, mailingListId: a.listId, recipientId, deliveryType: 'print-mail', format: 'postcard' });
    const place = async (key: string, recipientId: string) => (await api('POST', '/api/orders/mailing', key, mailing(recipientId))).json() as TOrder;
    // Rendered before the account has a Mailer ID: its piece carries no IMb.
    noImb = await place(a.test, a.recordIds[2]);
    await drainJobs(t.ctx.db, { names: ['orders.render'] });
    await setMailerId(a.owner, { mailer_id: '123456' });
    testOrder = await place(a.test, a.recordIds[0]);
    liveOrder = await place(a.live, a.recordIds[1]);
    await drainJobs(t.ctx.db, { names: ['orders.render'] });
    const created = await a.owner.req({
      method: 'POST', url: '/api/webhooks', payload: { name: 'Delivered', endpoint_url: 'http://127.0.0.1:9/hook', mailing_list_id: a.listId, event_types: ['mail.delivered'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    hook = created.json();
  }, 60_000);
  afterAll(() => t?.close());

  const api = (method: 'GET' | 'POST', url: string, apiKey: string, payload?: object) =>
    t.publicApi.inject({ method, url, payload, headers: { 'x-api-key': apiKey } });
  const simulate = (id: string, key = a.test) => api('POST', `/api/orders/${id}/tracking/simulate`, key);
  const order = async (id: string, key = a.test) => (await api('GET', `/api/orders/${id}`, key)).json() as TOrder;

  it('plays a test order\'s journey: its tracking_events go from accepted to delivered, simulated, and its list\'s webhook gets mail.delivered', async () => {
    const rendered = await order(testOrder.id);
    expect(rendered).toMatchObject({ status: 'rendered', test: true, tracking_events: [] });
    const started = Date.now();
    const res = await simulate(testOrder.id);
    expect(res.statusCode, res.body).toBe(202);
    const result = res.json() as TOrderSimulateResult;
    expect(result).toMatchObject({ order_id: testOrder.id, imb: rendered.imb, events: 5 });
    expect(Date.parse(result.delivered_by) - started).toBeLessThan(120_000);

    await eventually(async () => (await order(testOrder.id)).tracking_events.some((e) => e.stage === 'delivered'), 30_000);
    const events = (await order(testOrder.id)).tracking_events;
    expect(events.map((e) => e.stage)).toEqual(['accepted', 'in_transit', 'in_local_area', 'out_for_delivery', 'delivered']);
    expect(events.every((e) => e.simulated)).toBe(true);
    expect(events.at(-1)!.facility).toEqual({ zip: '70116', city: 'NEW ORLEANS', state: 'LA' });

    await eventually(async () => (await a.owner.req({ method: 'GET', url: `/api/webhooks/${hook.id}/deliveries` })).json().total === 1);
    const [delivery] = (await a.owner.req({ method: 'GET', url: `/api/webhooks/${hook.id}/deliveries` })).json().deliveries;
    expect(delivery).toMatchObject({ event_type: 'mail.delivered' });

    const again = await simulate(testOrder.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(ORDER_MESSAGES.simulatedAlready);
  }, 60_000);

  it('refuses a live order, and a test order without an IMb or not rendered yet, each saying why', async () => {
    const live = await simulate(liveOrder.id, a.live);
    expect(live.statusCode).toBe(422);
    expect(live.json().error.message).toBe(ORDER_MESSAGES.simulateLiveOrder);
    // Test mode is a separate world: a live key never reaches a test order, nor a test key a live one.
    expect((await simulate(testOrder.id, a.live)).statusCode).toBe(404);
    expect((await simulate(liveOrder.id, a.test)).statusCode).toBe(404);

    expect((await order(noImb.id)).imb).toBeNull();
    const unbarcoded = await simulate(noImb.id);
    expect(unbarcoded.statusCode).toBe(409);
    expect(unbarcoded.json().error.message).toBe(ORDER_MESSAGES.simulateNoImb);

    const [pending] = await t.ctx.db.insert(orders).values({
      userId: a.owner.id, test: true, orderType: 'mailing', deliveryType: 'print-mail', format: 'postcard', templateId: `${a.projectId}-main`,
      mailingListId: a.listId, recipientId: a.recordIds[0], recipient: { full_name: 'James Butt' }, costCents: 0, message: 'Test order received',
    }).returning();
    const notRendered = await simulate(pending.id);
    expect(notRendered.statusCode).toBe(409);
    expect(notRendered.json().error.message).toBe(ORDER_MESSAGES.simulateNotRendered);
    expect((await order(liveOrder.id, a.live)).tracking_events).toEqual([]);
  });

  it('documents the route with its schemas in the OpenAPI document', async () => {
    const doc = (await t.publicApi.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const op = doc.paths['/api/orders/{id}/tracking/simulate'].post;
    expect(op.operationId).toBe('orders.simulateDelivery');
    expect(op.description).toMatch(/Test orders only/);
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['202', '404', '409', '422']));
  });
});
