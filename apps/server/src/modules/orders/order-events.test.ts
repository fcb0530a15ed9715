import http from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { autoMap, type TApiKeyCreated, type TApiList, type TOrder, type TOrderEvent, type TOrderWebhook } from '@mailcraft/shared';
import { eventually } from '../../test/eventually.js';
import { createDesign, createMailingList, createProject, designPage, onPlan, saveColumnMappings, textElement, us500 } from '../../test/factories.js';
import { createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';

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
  const url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/orders`;
  return { url, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/**
 * Order events (order.rendered, order.failed, order.cancelled) reach the account's order webhooks
 * as signed Standard Webhooks deliveries, so integrators need not poll; test orders reach only
 * endpoints registered with a test key, live orders only live ones.
 */
describe('order events to account webhooks', () => {
  let t: TestApp;
  let owner: TestUser;
  let live: string;
  let test: string;
  let order: (projectId: string, apiKey?: string) => Promise<TOrder>;
  let printable: string;
  let unprintable: string;
  let liveRx: Awaited<ReturnType<typeof receiver>>;
  let testRx: Awaited<ReturnType<typeof receiver>>;
  let liveHook: TOrderWebhook;
  let testHook: TOrderWebhook;
  beforeAll(async () => {
    t = await createTestApp({ env: { ALLOW_PRIVATE_WEBHOOKS: 'true' } });
    owner = await signUpUser(t.app);
    await onPlan(t.ctx.db, owner.id, 'pro', { api: true, webhooks: true });
    const project = async (permitType: 'none' | 'product') => {
      const id = (await createProject(t.ctx.db, owner.id, { templateType: 'postcard', paperSize: '6x9', sides: 'single', permitType })).id;
      const { headers, rows } = us500(2);
      const listId = (await createMailingList(t.ctx.db, owner.id, { headers, rows, projectId: id })).id;
      await saveColumnMappings(t.ctx.db, listId, autoMap(headers));
      await createDesign(t.ctx.db, id, { inside: designPage([textElement('full_name', 20, 20)], '6x9') });
      return { id, listId };
    };
    const good = await project('none');
    // Mailed under the product's permit on a server that has none: it cannot render, so its order fails.
    const bad = await project('product');
    printable = good.id;
    unprintable = bad.id;
    const key = async (payload: object) => ((await owner.req({ method: 'POST', url: '/keys', payload })).json() as TApiKeyCreated).api_key;
    live = await key({ name: 'shop' });
    test = await key({ name: 'sandbox', mode: 'test' });
    const lists = { [good.id]: good.listId, [bad.id]: bad.listId };
    order = async (projectId, apiKey = live) => {
      const res = await api('POST', '/api/orders/mailing', apiKey, {
        templateId: `${projectId}-main`, mailingListId: lists[projectId], deliveryType: 'print-mail', format: 'postcard',
        recipientData: { first_name: 'Ada', last_name: 'Lovelace', address: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    };
    liveRx = await receiver();
    testRx = await receiver();
  }, 60_000);
  afterAll(async () => {
    await liveRx?.close();
    await testRx?.close();
    await t?.close();
  });

  function api(method: 'GET' | 'POST' | 'DELETE', url: string, apiKey: string, payload?: object) {
    return t.publicApi.inject({ method, url, payload, headers: { 'x-api-key': apiKey } });
  }
  /** The verified events `rx` received for `orderId`: each body checked against the endpoint's secret. */
  const eventsOf = (rx: { received: Received[] }, hook: TOrderWebhook, orderId: string) => rx.received
    .map((r) => new Webhook(hook.secret_key).verify(r.body, r.headers as Record<string, string>) as TOrderEvent)
    .filter((e) => e.data.id === orderId);

  it('registers order webhooks with a key; each mode sees its own', async () => {
    const created = await api('POST', '/api/webhooks', live, { name: 'Shop orders', endpoint_url: liveRx.url });
    expect(created.statusCode, created.body).toBe(201);
    liveHook = created.json();
    expect(liveHook).toMatchObject({ name: 'Shop orders', endpoint_url: liveRx.url, event_types: ['order.rendered', 'order.failed', 'order.cancelled'], test: false, is_active: true });
    expect(liveHook.secret_key).toMatch(/^whsec_/);
    testHook = (await api('POST', '/webhooks', test, { name: 'Sandbox orders', endpoint_url: testRx.url })).json();
    expect(testHook.test).toBe(true);
    expect(((await api('GET', '/api/webhooks', live)).json() as TApiList<TOrderWebhook>).data.map((h) => h.id)).toEqual([liveHook.id]);
    expect(((await api('GET', '/api/webhooks', test)).json() as TApiList<TOrderWebhook>).data.map((h) => h.id)).toEqual([testHook.id]);
    expect((await api('DELETE', `/api/webhooks/${liveHook.id}`, test)).statusCode).toBe(404);
    expect((await api('POST', '/api/webhooks', live, { name: 'x', endpoint_url: liveRx.url, event_types: ['scan.first'] })).statusCode).toBe(400);
    // The list webhooks of the web app do not show them.
    expect((await owner.req({ method: 'GET', url: `/api/webhooks/${liveHook.id}/deliveries` })).statusCode).toBe(404);
  });

  it('delivers order.rendered and then order.cancelled, signed; a test endpoint hears nothing of it', async () => {
    const placed = await order(printable);
    await eventually(() => eventsOf(liveRx, liveHook, placed.id).length === 1, 60_000);
    const [rendered] = eventsOf(liveRx, liveHook, placed.id);
    expect(rendered).toMatchObject({ type: 'order.rendered', data: { id: placed.id, status: 'rendered', test: false, file_url: `/api/orders/${placed.id}/file` } });
    expect(Date.parse(rendered.timestamp)).not.toBeNaN();
    expect((await api('POST', `/api/orders/${placed.id}/cancel`, live)).statusCode).toBe(200);
    await eventually(() => eventsOf(liveRx, liveHook, placed.id).length === 2, 20_000);
    expect(eventsOf(liveRx, liveHook, placed.id).map((e) => [e.type, e.data.status])).toEqual([['order.rendered', 'rendered'], ['order.cancelled', 'cancelled']]);
    expect(testRx.received.map((r) => r.body).join()).not.toContain(placed.id);
  }, 90_000);

  it('delivers order.failed with the reason; test orders reach the test endpoint only', async () => {
    const failing = await order(unprintable);
    await eventually(() => eventsOf(liveRx, liveHook, failing.id).length === 1, 60_000);
    expect(eventsOf(liveRx, liveHook, failing.id)[0]).toMatchObject({ type: 'order.failed', data: { id: failing.id, status: 'failed' } });
    expect(eventsOf(liveRx, liveHook, failing.id)[0].data.message).toMatch(/permit/i);

    const sandbox = await order(printable, test);
    await eventually(() => eventsOf(testRx, testHook, sandbox.id).length === 1, 60_000);
    expect(eventsOf(testRx, testHook, sandbox.id)[0]).toMatchObject({ type: 'order.rendered', data: { test: true } });
    expect(liveRx.received.map((r) => r.body).join()).not.toContain(sandbox.id);
  }, 90_000);

  it('stops delivering to a deleted endpoint', async () => {
    expect((await api('DELETE', `/api/webhooks/${testHook.id}`, test)).statusCode).toBe(204);
    expect((await api('GET', '/api/webhooks', test)).json().data).toEqual([]);
  });
});
