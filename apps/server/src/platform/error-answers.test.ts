import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoMap, type TApiKeyCreated, type TOrder } from '@mailcraft/shared';
import { createDesign, createMailingList, createProject, designPage, onPlan, saveColumnMappings, textElement, us500 } from '../test/factories.js';
import { createTestApp, signUpUser, type TestApp, type TestUser } from '../test/harness.js';

type Answer = { statusCode: number; headers: Record<string, unknown>; json(): { error: { code: string; message: string; request_id: string; details?: unknown } } };

/** An error answer names its request, in the body and in the X-Request-Id header, and the two agree. */
function expectRequestId(res: Answer): string {
  const id = res.headers['x-request-id'];
  expect(typeof id).toBe('string');
  expect(res.json().error.request_id).toBe(id);
  return id as string;
}

/**
 * What a failing call answers on both listeners (docs/requirements/print-on-demand-api.md#errors):
 * a sentence and the request's id, 405 with Allow for a known path's wrong method, validation
 * sentences naming the field, and an empty JSON body accepted where no body is needed.
 */
describe('error answers', () => {
  let t: TestApp;
  let owner: TestUser;
  let key: string;
  let projectId: string;
  let listId: string;
  beforeAll(async () => {
    t = await createTestApp({ workers: false });
    owner = await signUpUser(t.app);
    await onPlan(t.ctx.db, owner.id, 'pro', { api: true });
    projectId = (await createProject(t.ctx.db, owner.id, { templateType: 'postcard', paperSize: '6x9', sides: 'single', permitType: 'none' })).id;
    const { headers, rows } = us500(3);
    listId = (await createMailingList(t.ctx.db, owner.id, { headers, rows, projectId })).id;
    await saveColumnMappings(t.ctx.db, listId, autoMap(headers));
    await createDesign(t.ctx.db, projectId, { inside: designPage([textElement('full_name', 20, 20)], '6x9') });
    key = ((await owner.req({ method: 'POST', url: '/keys', payload: { name: 'errors' } })).json() as TApiKeyCreated).api_key;
  });
  afterAll(() => t?.close());

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.publicApi.inject({ method, url, headers: { 'x-api-key': key, ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const recipient = { first_name: 'Ada', last_name: 'Lovelace', address: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' };
  const mailing = (over: object = {}) => ({ templateId: `${projectId}-main`, mailingListId: listId, recipientData: recipient, format: 'postcard', ...over });

  it('gives every error a request id, in the body and the X-Request-Id header, on both listeners', async () => {
    const unknownKey = await t.publicApi.inject({ method: 'GET', url: '/api/projects', headers: { 'x-api-key': 'live_nope' } });
    expect(unknownKey.statusCode).toBe(401);
    const first = expectRequestId(unknownKey);
    const again = expectRequestId(await t.publicApi.inject({ method: 'GET', url: '/api/projects', headers: { 'x-api-key': 'live_nope' } }));
    expect(again).not.toBe(first);
    expect(first).toMatch(/^req_[A-Za-z0-9_-]{16,}$/);
    expectRequestId(await t.publicApi.inject({ method: 'GET', url: '/api/no-such-route' }));
    // The web listener: its session API and its unknown routes.
    expectRequestId(await t.app.inject({ method: 'GET', url: '/api/projects' }));
    expectRequestId(await t.app.inject({ method: 'GET', url: '/api/no-such-route' }));
    // A success names its request too.
    const ok = await api('GET', '/api/projects');
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['x-request-id']).toMatch(/^req_/);
  });

  it('names the API version that answered, and refuses one it does not know', async () => {
    const ok = await api('GET', '/api/projects');
    expect(ok.headers['mailcraft-version']).toBe('2026-11-27');
    expect((await api('GET', '/api/projects', undefined, { 'mailcraft-version': '2026-11-27' })).statusCode).toBe(200);
    const unknown = await api('GET', '/api/projects', undefined, { 'mailcraft-version': '1999-01-01' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatchObject({ code: 'VALIDATION', message: 'Mailcraft-Version must be one of: 2026-11-27' });
    expectRequestId(unknown);
  });

  it('answers 405 with Allow for a known path\'s wrong method, at /api/… and the bare path', async () => {
    for (const prefix of ['/api', '']) {
      const cancelByGet = await api('GET', `${prefix}/orders/3f6c0e3a-1111-4222-8333-944455556666/cancel`);
      expect(cancelByGet.statusCode).toBe(405);
      expect(cancelByGet.headers.allow).toBe('POST');
      expect(cancelByGet.json().error).toMatchObject({ code: 'METHOD_NOT_ALLOWED', message: expect.stringContaining('POST') });
      expectRequestId(cancelByGet);
      const postList = await api('PUT', `${prefix}/orders`);
      expect(postList.statusCode).toBe(405);
      expect(postList.headers.allow).toBe('GET, HEAD');
    }
    expect((await api('GET', '/api/no-such-thing/at-all')).statusCode).toBe(404);
  });

  it('lists a type\'s orders at GET /api/orders/mailing and /api/orders/reinforcement', async () => {
    const placed = await api('POST', '/api/orders/mailing', mailing());
    expect(placed.statusCode, placed.body).toBe(201);
    const mailingOrders = await api('GET', '/api/orders/mailing');
    expect(mailingOrders.statusCode, mailingOrders.body).toBe(200);
    expect((mailingOrders.json() as unknown as { data: TOrder[] }).data.map((o) => o.id)).toEqual([(placed.json() as unknown as TOrder).id]);
    const reinforcementOrders = await api('GET', '/orders/reinforcement');
    expect(reinforcementOrders.statusCode).toBe(200);
    expect((reinforcementOrders.json() as unknown as { data: TOrder[] }).data).toEqual([]);
  });

  it('says which field is wrong, in a sentence', async () => {
    const { first_name: _omitted, ...noFirstName } = recipient;
    const missing = await api('POST', '/api/orders/mailing', mailing({ recipientData: noFirstName }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({ code: 'VALIDATION', message: 'recipientData.first_name is required' });
    const notNumber = await api('GET', '/api/orders?limit=ten');
    expect(notNumber.json().error.message).toBe('limit must be a number');
    const tooBig = await api('GET', '/api/orders?limit=500');
    expect(tooBig.json().error.message).toBe('limit must be at most 100');
    const badFormat = await api('POST', '/api/orders/mailing', mailing({ format: 'poster' }));
    expect(badFormat.json().error.message).toBe('format must be one of: postcard, mailer-letter, mailer-tabloid');
    const noBody = await api('POST', '/api/templates/permits', '', { 'content-type': 'application/json' });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json().error.message).toBe('The request body is required');
    const brokenJson = await api('POST', '/api/orders/mailing', '{"templateId":', { 'content-type': 'application/json' });
    expect(brokenJson.statusCode).toBe(400);
    expect(brokenJson.json().error.message).toBe('The request body is not valid JSON');
    // A message a schema words itself is kept.
    const custom = await api('POST', '/api/orders/mailing', mailing({ recipientData: { ...recipient, state: 'Texas' } }));
    expect(custom.json().error.message).toBe('State must be a 2-letter code');
  });

  it('accepts a DELETE or a body-less POST sent with Content-Type: application/json and no body', async () => {
    const permit = await api('POST', '/api/templates/permits', { name: 'Permit 1', indicia: { line1: 'PRESORTED', line2: 'STANDARD', line3: 'U.S. POSTAGE', line4: 'PAID', line5: 'PERMIT NO. 1', line6: 'AUSTIN, TX' } });
    expect(permit.statusCode, permit.body).toBe(201);
    const id = (permit.json() as unknown as { id: string }).id;
    const removed = await api('DELETE', `/api/templates/permits/${id}`, '', { 'content-type': 'application/json' });
    expect(removed.statusCode, removed.body).toBe(204);
    const order = (await api('POST', '/api/orders/mailing', mailing())).json() as unknown as TOrder;
    const cancelled = await api('POST', `/api/orders/${order.id}/cancel`, '', { 'content-type': 'application/json' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // The web listener too.
    const web = await owner.req({ method: 'DELETE', url: `/api/projects/${projectId}`, headers: { 'content-type': 'application/json' }, payload: '' });
    expect(web.statusCode, web.body).toBe(204);
  });
});
