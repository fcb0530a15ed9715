import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoMap, ORDER_MESSAGES, type TApiKeyCreated, type TApiList, type TOrder } from '@mailcraft/shared';
import { eventually } from '../../test/eventually.js';
import { createDesign, createMailingList, createProject, designPage, onPlan, saveColumnMappings, textElement, us500 } from '../../test/factories.js';
import { createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { pdfPageTexts } from '../../test/pdf-text.js';

/** On-demand mailing orders on the public API (docs/requirements/print-on-demand-api.md#data; docs/requirements/print-on-demand-api.md#print-on-demand-api). */
describe('Print-on-Demand mailing orders', () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let live: string;
  let projectId: string;
  let listId: string;
  let recordIds: string[];
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpUser(t.app);
    other = await signUpUser(t.app);
    await onPlan(t.ctx.db, owner.id, 'pro', { api: true });
    await onPlan(t.ctx.db, other.id, 'pro', { api: true });
    projectId = (await createProject(t.ctx.db, owner.id, { templateType: 'postcard', paperSize: '6x9', sides: 'single', permitType: 'none' })).id;
    const { headers, rows } = us500(5);
    listId = (await createMailingList(t.ctx.db, owner.id, { headers, rows, projectId })).id;
    await saveColumnMappings(t.ctx.db, listId, autoMap(headers));
    await createDesign(t.ctx.db, projectId, { inside: designPage([textElement('full_name', 20, 20), textElement('city_state_zip', 20, 40)], '6x9') });
    live = ((await owner.req({ method: 'POST', url: '/keys', payload: { name: 'shop' } })).json() as TApiKeyCreated).api_key;
    const page = (await t.publicApi.inject({ method: 'GET', url: `/api/recipients/${listId}`, headers: { 'x-api-key': live } })).json();
    recordIds = page.data.recipients.map((r: { id: string }) => r.id);
  }, 60_000);
  afterAll(() => t?.close());

  const post = (body: object, key = live, headers: Record<string, string> = {}, url = '/api/orders/mailing') =>
    t.publicApi.inject({ method: 'POST', url, payload: body, headers: { 'x-api-key': key, ...headers } });
  const get = (url: string, key = live) => t.publicApi.inject({ method: 'GET', url, headers: { 'x-api-key': key } });
  const order = (over: object = {}) => ({ templateId: `${projectId}-main`, mailingListId: listId, recipientId: recordIds[0], deliveryType: 'print-mail', format: 'postcard', ...over });
  const rendered = async (id: string, key = live): Promise<TOrder> => {
    let o!: TOrder;
    await eventually(async () => {
      o = (await get(`/api/orders/${id}`, key)).json();
      return o.status !== 'pending';
    }, 60_000);
    return o;
  };

  it('orders a piece for an existing recipient: pending at once, then its own print file with the recipient\'s name', async () => {
    const res = await post(order());
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as TOrder;
    expect(created).toMatchObject({ order_type: 'mailing', status: 'pending', cost: 1.25, currency: 'USD', test: false, recipient_id: recordIds[0], template_id: `${projectId}-main`, file_url: null });
    const done = await rendered(created.id);
    expect(done).toMatchObject({ status: 'rendered', message: 'Print file ready', file_url: `/api/orders/${created.id}/file` });
    const file = await get(done.file_url!);
    expect(file.headers['content-type']).toBe('application/pdf');
    const pages = pdfPageTexts(file.rawPayload);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain('James Butt');
    expect(pages[0]).toContain('New Orleans, LA 70116');
    expect((await get('/orders')).json().data.map((o: TOrder) => o.id)).toContain(created.id);
  }, 90_000);

  it('orders for a recipient sent with the order; checks its fields and the format', async () => {
    const missing = await post(order({ recipientId: undefined, recipientData: { first_name: 'Ada', last_name: '', address: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' } }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe(ORDER_MESSAGES.recipientFields);
    expect((await post(order({ recipientId: undefined }))).json().error.message).toBe(ORDER_MESSAGES.recipientRequired);
    expect((await post(order({ format: 'mailer-letter' }))).json().error.message).toBe(ORDER_MESSAGES.formatMismatch);
    const res = await post(order({ recipientId: undefined, recipientData: { first_name: 'Ada', last_name: 'Lovelace', address: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' } }));
    expect(res.statusCode, res.body).toBe(201);
    const done = await rendered(res.json().id);
    expect(pdfPageTexts((await get(done.file_url!)).rawPayload)[0]).toContain('Ada Lovelace');
  }, 90_000);

  it('replays the first answer for a repeated Idempotency-Key, refuses it with another body', async () => {
    const first = await post(order({ recipientId: recordIds[1] }), live, { 'idempotency-key': 'order-42' });
    expect(first.statusCode).toBe(201);
    const again = await post(order({ recipientId: recordIds[1] }), live, { 'idempotency-key': 'order-42' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    // Order Entry retries the bare path with the same key: the same request.
    const bare = await post(order({ recipientId: recordIds[1] }), live, { 'idempotency-key': 'order-42' }, '/orders/mailing');
    expect(bare.headers['idempotent-replayed']).toBe('true');
    expect(bare.json().id).toBe(first.json().id);
    const all = ((await get('/api/orders?limit=100')).json() as TApiList<TOrder>).data;
    expect(all.filter((o) => o.recipient_id === recordIds[1])).toHaveLength(1);
    const conflict = await post(order({ recipientId: recordIds[2] }), live, { 'idempotency-key': 'order-42' });
    expect(conflict.statusCode).toBe(422);
    expect(conflict.json().error).toMatchObject({ code: 'UNPROCESSABLE', message: 'This Idempotency-Key was already used with a different request' });
  });

  it('test keys\' orders are marked test and never printed; orders cancel while not printed; scopes and owners hold', async () => {
    const test = ((await owner.req({ method: 'POST', url: '/keys', payload: { name: 'sandbox', mode: 'test' } })).json() as TApiKeyCreated).api_key;
    expect(test).toMatch(/^test_/);
    const placed = (await post(order({ recipientId: recordIds[3] }), test)).json() as TOrder;
    expect(placed).toMatchObject({ test: true, message: 'Test order received: it is never printed or charged' });
    const done = await rendered(placed.id, test);
    expect(done).toMatchObject({ status: 'rendered', test: true });
    // Test orders are the test key's: a live key does not see them (test-mode.test.ts).
    expect((await post({}, live, {}, `/api/orders/${placed.id}/cancel`)).statusCode).toBe(404);
    const cancelled = await post({}, test, {}, `/api/orders/${placed.id}/cancel`);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    const twice = await post({}, test, {}, `/api/orders/${placed.id}/cancel`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(ORDER_MESSAGES.notCancellable);
    const readOnly = ((await owner.req({ method: 'POST', url: '/keys', payload: { name: 'ro', scopes: ['*:get'] } })).json() as TApiKeyCreated).api_key;
    expect((await post(order(), readOnly)).statusCode).toBe(403);
    const theirs = ((await other.req({ method: 'POST', url: '/keys', payload: { name: 'theirs' } })).json() as TApiKeyCreated).api_key;
    expect((await get(`/api/orders/${placed.id}`, theirs)).statusCode).toBe(404);
    expect((await post(order(), theirs)).statusCode).toBe(404);
    expect((await get('/api/orders', theirs)).json().data).toEqual([]);
  }, 90_000);
});
