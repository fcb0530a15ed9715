import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_MESSAGES, type TApiList, type TOrder } from '@mailcraft/shared';
import { eventually } from '../../test/eventually.js';
import { createPermit, designPage } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { orderAccount } from '../../test/order-account.js';

/**
 * Test mode is a separate world (as Stripe's and Lob's): a test key sees and changes only the
 * orders placed with test keys, reads projects, lists, templates and permits without changing
 * them, and every live order is 404 to it; a live key sees test orders only when it asks.
 */
describe('test keys and live data', () => {
  let t: TestApp;
  let live: string;
  let test: string;
  let projectId: string;
  let listId: string;
  let permitId: string;
  let liveOrder: TOrder;
  let testOrder: TOrder;
  beforeAll(async () => {
    t = await createTestApp();
    const account = await orderAccount(t);
    ({ live, test, projectId, listId } = account);
    permitId = (await createPermit(t.ctx.db, account.owner.id)).id;
    const order = { templateId: `${projectId}-main`, mailingListId: listId, recipientId: account.recordIds[0], deliveryType: 'print-mail', format: 'postcard' };
    liveOrder = (await call('POST', '/api/orders/mailing', live, order)).json();
    testOrder = (await call('POST', '/api/orders/mailing', test, order)).json();
    await eventually(async () => (await call('GET', `/api/orders/${liveOrder.id}`, live)).json().status === 'rendered', 60_000);
  }, 90_000);
  afterAll(() => t?.close());

  function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, apiKey: string, payload?: object) {
    return t.publicApi.inject({ method, url, payload, headers: { 'x-api-key': apiKey } });
  }
  const ids = async (url: string, apiKey: string) => ((await call('GET', url, apiKey)).json() as TApiList<TOrder>).data.map((o) => o.id);

  it('a live order is 404 to a test key: not read, downloaded or cancelled; its list shows only test orders', async () => {
    expect(liveOrder.test).toBe(false);
    expect(testOrder.test).toBe(true);
    for (const [method, url] of [['GET', ''], ['GET', '/file'], ['POST', '/cancel']] as const) {
      const res = await call(method, `/api/orders/${liveOrder.id}${url}`, test);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call('GET', `/api/orders/${liveOrder.id}`, live)).json().status).toBe('rendered');
    expect(await ids('/api/orders', test)).toEqual([testOrder.id]);
    expect(await ids('/orders?test=true', test)).toEqual([testOrder.id]);
    const asked = await call('GET', '/api/orders?test=false', test);
    expect(asked.statusCode).toBe(403);
    expect(asked.json().error.message).toBe(API_KEY_MESSAGES.testSeesTestOrders);
  });

  it('a live key lists test orders only when asked, and never reads or cancels one by id', async () => {
    expect(await ids('/api/orders', live)).toEqual([liveOrder.id]);
    expect(await ids('/api/orders?test=false', live)).toEqual([liveOrder.id]);
    expect(await ids('/api/orders?test=true', live)).toEqual([testOrder.id]);
    expect((await call('GET', `/api/orders/${testOrder.id}`, live)).statusCode).toBe(404);
    expect((await call('POST', `/api/orders/${testOrder.id}/cancel`, live)).statusCode).toBe(404);
    const cancelled = await call('POST', `/api/orders/${testOrder.id}/cancel`, test);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', test: true });
  });

  it('a test key reads projects, lists, templates and permits but changes none of them', async () => {
    expect((await call('GET', `/api/projects/${projectId}`, test)).statusCode).toBe(200);
    expect((await call('GET', `/api/mailingLists/${listId}`, test)).statusCode).toBe(200);
    expect((await call('GET', '/api/templates/permits', test)).json().data).toHaveLength(1);
    const writes: Array<['POST' | 'PUT' | 'DELETE', string, object?]> = [
      ['DELETE', `/api/projects/${projectId}`],
      ['PUT', `/api/projects/${projectId}`, { name: 'Renamed' }],
      ['POST', '/api/projects', { name: 'New' }],
      ['POST', '/api/mailingLists', { name: 'More' }],
      ['POST', `/api/mailingLists/${listId}/import`, [{ first_name: 'A', last_name: 'B', address: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' }]],
      ['POST', '/api/addresses', { mailing_list_id: listId, first_name: 'A' }],
      ['POST', `/api/templates/project/${projectId}/design`, { template_data_inside: designPage([], '6x9') }],
      ['PUT', `/api/templates/project/${projectId}/permit`, { permitId }],
      ['POST', '/api/templates/permits', { name: 'X', indicia: { line1: 'A' } }],
      ['DELETE', `/api/templates/permits/${permitId}`],
      ['DELETE', `/templates/permits/${permitId}`],
    ];
    for (const [method, url, body] of writes) {
      const res = await call(method, url, test, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
      expect(res.json().error.message).toBe(API_KEY_MESSAGES.testKeyReadOnly);
    }
    expect((await call('GET', `/api/projects/${projectId}`, live)).json().name).toBe('Spring mailer');
    expect((await call('GET', `/api/mailingLists/${listId}`, live)).json().row_count).toBe(3);
    expect((await call('GET', '/api/projects', live)).json().data).toHaveLength(1);
    expect((await call('GET', '/api/templates/permits', live)).json().data).toHaveLength(1);
  });

  it('documents the rule in the OpenAPI document', async () => {
    const doc = (await t.publicApi.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const list = doc.paths['/api/orders'].get;
    expect(list.description).toMatch(/test key/i);
    expect(list.parameters.find((p: { name: string }) => p.name === 'test').description).toMatch(/test orders/i);
    expect(doc.paths['/api/projects/{id}'].delete.description).toMatch(/test key/i);
  });
});
