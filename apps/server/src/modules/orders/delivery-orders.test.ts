import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DELIVERY_FOLLOW_UP_MESSAGES, parseImb, type TApiKeyCreated, type TApiList, type TDeliveryFollowUp, type TOrder,
} from '@mailcraft/shared';
import { designPage, textElement } from '../../test/factories.js';
import { drainJobs } from '../../test/jobs-finished.js';
import { createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { orderAccount } from '../../test/order-account.js';
import { insertPiece, insertTrackingEvent, mailTracked, setMailerId } from '../../test/mail-pieces.js';

const DAY_MS = 86_400_000;

/**
 * Orders and delivery events (docs/requirements/mail-tracking.md#delivery-events): an order presents its piece's tracking events,
 * and a project's follow-up orders a reinforcement for each delivered piece's record, once, N days after the delivery.
 */
describe('orders and delivered pieces', () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let live: string;
  let test: string;
  let projectId: string;
  let listId: string;
  let recordIds: string[];
  beforeAll(async () => {
    t = await createTestApp();
    ({ owner, live, test, projectId, listId, recordIds } = await orderAccount(t));
    other = await signUpUser(t.app);
    const saved = await owner.req({
      method: 'PUT', url: `/api/projects/${projectId}/reinforcements/1`,
      payload: { name: 'Thank you', type: 'image', template_data: designPage([textElement('first_name', 20, 30)], '6x9') },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }, 60_000);
  afterAll(() => t?.close());

  const api = (method: 'GET' | 'POST', url: string, apiKey: string, payload?: object) =>
    t.publicApi.inject({ method, url, payload, headers: { 'x-api-key': apiKey } });
  const followUp = async (user = owner) => user.req({ method: 'GET', url: `/api/projects/${projectId}/delivery-follow-up` });
  const setFollowUp = (body: object, user = owner) => user.req({ method: 'PUT', url: `/api/projects/${projectId}/delivery-follow-up`, payload: body });
  const reinforcementOrders = async (apiKey: string) => ((await api('GET', '/api/orders/reinforcement?limit=100', apiKey)).json() as TApiList<TOrder>).data;

  it('presents an order\'s tracking events, oldest first, on the order and in the list', async () => {
    const mailing = { templateId: `${projectId}-main`, mailingListId: listId, recipientId: recordIds[0], deliveryType: 'print-mail', format: 'postcard' };
    const placed = await api('POST', '/api/orders/mailing', test, mailing);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json() as TOrder;
    expect(order.tracking_events).toEqual([]);
    const piece = await insertPiece(t.ctx.db, { userId: owner.id, listId, recordId: recordIds[0], orderId: order.id, test: true });
    await insertTrackingEvent(t.ctx.db, piece, 'delivered', new Date('2026-11-27T16:00:00Z'), { simulated: true });
    await insertTrackingEvent(t.ctx.db, piece, 'accepted', new Date('2026-11-25T09:00:00Z'), { simulated: true });
    const events = [
      { stage: 'accepted', occurred_at: '2026-11-25T09:00:00.000Z', facility: { zip: '70116', city: 'New Orleans', state: 'LA' }, simulated: true },
      { stage: 'delivered', occurred_at: '2026-11-27T16:00:00.000Z', facility: { zip: '70116', city: 'New Orleans', state: 'LA' }, simulated: true },
    ];
    expect((await api('GET', `/api/orders/${order.id}`, test)).json().tracking_events).toEqual(events);
    const listed = ((await api('GET', '/api/orders?limit=100', test)).json() as TApiList<TOrder>).data;
    expect(listed.find((o) => o.id === order.id)?.tracking_events).toEqual(events);
    // Another order's piece has no scans yet.
    const second = (await api('POST', '/api/orders/mailing', test, { ...mailing, recipientId: recordIds[1] })).json() as TOrder;
    expect((await api('GET', `/api/orders/${second.id}`, test)).json().tracking_events).toEqual([]);
  });

  it('keeps a project\'s follow-up: off until saved, a designed reinforcement and a delay in range, the owner\'s only', async () => {
    const initial: TDeliveryFollowUp = (await followUp()).json();
    expect(initial).toEqual({ project_id: projectId, enabled: false, reinforcement_slot: 1, delay_days: 7, updated_at: null, scheduled: 0, placed: 0, not_placed: 0 });
    const empty = await setFollowUp({ enabled: true, reinforcement_slot: 2, delay_days: 3 });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(DELIVERY_FOLLOW_UP_MESSAGES.noReinforcement(2));
    const far = await setFollowUp({ enabled: true, reinforcement_slot: 1, delay_days: 400 });
    expect(far.statusCode).toBe(400);
    expect(far.json().error.message).toBe(DELIVERY_FOLLOW_UP_MESSAGES.delayDays);
    expect((await followUp(other)).statusCode).toBe(404);
    expect((await setFollowUp({ enabled: false, reinforcement_slot: 1, delay_days: 3 }, other)).statusCode).toBe(404);
    const saved = await setFollowUp({ enabled: true, reinforcement_slot: 1, delay_days: 2 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ enabled: true, reinforcement_slot: 1, delay_days: 2 });
    expect((await followUp()).json()).toEqual(saved.json());
  });

  it('orders the reinforcement once, N days after a piece is delivered, and never for a repeated event', async () => {
    expect((await setFollowUp({ enabled: true, reinforcement_slot: 1, delay_days: 1 })).statusCode).toBe(200);
    const piece = await insertPiece(t.ctx.db, { userId: owner.id, listId, recordId: recordIds[2], projectId });
    // Delivered a day ago less 8 s: the follow-up falls due 8 s from now.
    const delivered = mailTracked(piece, { occurredAt: new Date(Date.now() - DAY_MS + 8_000).toISOString() });
    await t.ctx.events.publish('mail.tracked', { changes: [delivered] });
    await drainJobs(t.ctx.db, { names: ['orders.follow-up-schedule'] });
    expect(await reinforcementOrders(live)).toEqual([]);
    expect((await followUp()).json()).toMatchObject({ scheduled: 1, placed: 0 });

    await drainJobs(t.ctx.db, { dueWithinMs: 15_000 });
    const [order, ...more] = await reinforcementOrders(live);
    expect(more).toEqual([]);
    expect(order).toMatchObject({
      order_type: 'reinforcement', reinforcement_id: `${projectId}-r1`, recipient_id: recordIds[2], mailing_list_id: listId, format: 'postcard', test: false,
    });
    expect((await followUp()).json()).toMatchObject({ scheduled: 0, placed: 1, not_placed: 0 });

    // The same delivery reported again, and the follow-up order's own piece delivered: nothing more is ordered.
    const ownPiece = await insertPiece(t.ctx.db, { userId: owner.id, listId, recordId: recordIds[2], orderId: order.id });
    await t.ctx.events.publish('mail.tracked', { changes: [delivered, mailTracked(ownPiece, { occurredAt: new Date(Date.now() - DAY_MS).toISOString() })] });
    await drainJobs(t.ctx.db, { dueWithinMs: 10_000 });
    expect(await reinforcementOrders(live)).toHaveLength(1);
    expect((await followUp()).json()).toMatchObject({ scheduled: 0, placed: 1 });
  }, 60_000);

  it('orders a test piece\'s follow-up as a test order, and places nothing once the follow-up is turned off', async () => {
    const testPiece = await insertPiece(t.ctx.db, { userId: owner.id, listId, recordId: recordIds[0], projectId, test: true });
    await t.ctx.events.publish('mail.tracked', { changes: [mailTracked(testPiece, { simulated: true, occurredAt: new Date(Date.now() - DAY_MS).toISOString() })] });
    await drainJobs(t.ctx.db, { dueWithinMs: 10_000 });
    expect((await reinforcementOrders(test)).map((o) => [o.recipient_id, o.test])).toEqual([[recordIds[0], true]]);

    const later = await insertPiece(t.ctx.db, { userId: owner.id, listId, recordId: recordIds[1], projectId });
    await t.ctx.events.publish('mail.tracked', { changes: [mailTracked(later, { occurredAt: new Date(Date.now() - DAY_MS + 8_000).toISOString() })] });
    await drainJobs(t.ctx.db, { names: ['orders.follow-up-schedule'] });
    expect((await setFollowUp({ enabled: false, reinforcement_slot: 1, delay_days: 1 })).statusCode).toBe(200);
    await drainJobs(t.ctx.db, { dueWithinMs: 15_000 });
    expect(await reinforcementOrders(live)).toHaveLength(1);
    expect((await followUp()).json()).toMatchObject({ enabled: false, placed: 2, not_placed: 1, scheduled: 0 });
  }, 60_000);

  it('gives a rendered order\'s piece an IMb of the account\'s Mailer ID, and a pushed scan of it reaches the order', async () => {
    await setMailerId(owner, { mailer_id: '123456' });
    const mailing = { templateId: `${projectId}-main`, mailingListId: listId, recipientId: recordIds[1], deliveryType: 'print-mail', format: 'postcard' };
    const placed = (await api('POST', '/api/orders/mailing', live, mailing)).json() as TOrder;
    expect(placed.imb).toBeNull();
    await drainJobs(t.ctx.db, { names: ['orders.render'] });
    const rendered = (await api('GET', `/api/orders/${placed.id}`, live)).json() as TOrder;
    expect(rendered).toMatchObject({ status: 'rendered', tracking_events: [] });
    expect(parseImb(rendered.imb!)).toMatchObject({ barcodeId: '00', stid: '270', mailerId: '123456' });

    const scanKey = ((await owner.req({ method: 'POST', url: '/keys', payload: { name: 'iv-mtr', scopes: ['tracking:post'] } })).json() as TApiKeyCreated).api_key;
    const at = new Date().toISOString();
    const pushed = await t.publicApi.inject({
      method: 'POST', url: '/api/tracking/scans', headers: { 'x-api-key': scanKey },
      payload: { imb: rendered.imb, scanDatetime: at, scanEventCode: '918', scanFacilityCity: 'NEW ORLEANS', scanFacilityState: 'LA', scanFacilityZip: '70113' },
    });
    expect(pushed.json()).toMatchObject({ rows: 1, matched: 1, stored: 1, unmatched: 0 });
    const tracked = (await api('GET', `/api/orders/${placed.id}`, live)).json() as TOrder;
    expect(tracked.tracking_events).toEqual([
      { stage: expect.any(String), occurred_at: at, facility: { zip: '70113', city: 'NEW ORLEANS', state: 'LA' }, simulated: false },
    ]);
    // A second order takes the next serial.
    const next = (await api('POST', '/api/orders/mailing', live, { ...mailing, recipientId: recordIds[0] })).json() as TOrder;
    await drainJobs(t.ctx.db, { names: ['orders.render'] });
    const second = parseImb((await api('GET', `/api/orders/${next.id}`, live)).json().imb)!;
    expect(Number(second.serial)).toBe(Number(parseImb(rendered.imb!)!.serial) + 1);
  }, 60_000);
});
