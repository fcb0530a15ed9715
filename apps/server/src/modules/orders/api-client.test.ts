import createClient, { type Client } from 'openapi-fetch';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoMap, type TApiKeyCreated, type TOrder } from '@mailcraft/shared';
import { createDesign, createMailingList, createProject, designPage, onPlan, saveColumnMappings, textElement, us500 } from '../../test/factories.js';
import { createTestApp, signUpUser, type TestApp } from '../../test/harness.js';

type SecurityScheme = { type: string; in: string; name: string };
type Document = { components: { securitySchemes: Record<string, SecurityScheme> } };
type Page<T> = { data: T[]; has_more: boolean; next_cursor: string | null };
type Recipient = Record<string, unknown> & { id: string; row: number };
type Recipients = { data: { recipients: Recipient[]; pagination: { total: number; page: number }; has_more: boolean; next_cursor: string | null } };
// The runtime client over the generated paths (the types are generated below; this test drives it untyped).
type Api = Client<Record<string, Record<string, unknown>>>;
type Answer<T> = { data?: T; error?: { error: { code: string; request_id: string } }; response: Response };

/**
 * The public API as an integrator meets it: a client generated from the served OpenAPI document
 * (openapi-typescript), driven with openapi-fetch against a real listener, authenticating through the
 * security scheme the document declares (docs/requirements/print-on-demand-api.md#api).
 */
describe('a client generated from the public API\'s document', () => {
  let t: TestApp;
  let api: Api;
  let projectId: string;
  let listId: string;
  const call = <T>(method: 'GET' | 'POST', path: string, init: object = {}) => (api[method] as (p: string, i: object) => Promise<Answer<T>>)(path, init);
  const recipientData = (n: number) => ({ first_name: `Ada${n}`, last_name: 'Lovelace', address: `${n} Main St`, city: 'Austin', state: 'TX', zip: '78701' });
  const order = (n: number) => ({ templateId: `${projectId}-main`, mailingListId: listId, recipientData: recipientData(n), format: 'postcard' });

  beforeAll(async () => {
    t = await createTestApp({ workers: false });
    const owner = await signUpUser(t.app);
    await onPlan(t.ctx.db, owner.id, 'pro', { api: true });
    projectId = (await createProject(t.ctx.db, owner.id, { templateType: 'postcard', paperSize: '6x9', sides: 'single', permitType: 'none' })).id;
    const { headers, rows } = us500(30);
    listId = (await createMailingList(t.ctx.db, owner.id, { headers, rows, projectId })).id;
    await saveColumnMappings(t.ctx.db, listId, autoMap(headers));
    await createDesign(t.ctx.db, projectId, { inside: designPage([textElement('full_name', 20, 20)], '6x9') });
    const key = ((await owner.req({ method: 'POST', url: '/keys', payload: { name: 'sdk' } })).json() as TApiKeyCreated).api_key;
    const baseUrl = await t.publicApi.listen({ host: '127.0.0.1', port: 0 });

    const doc = await (await fetch(`${baseUrl}/api/openapi.json`)).json() as Document;
    // The document is one openapi-typescript turns into types.
    const types = astToString(await openapiTS(doc as never));
    expect(types).toContain('"/api/orders/mailing"');
    expect(types).toContain('"orders.list"');
    // The key goes where the declared scheme says.
    const scheme = doc.components.securitySchemes.ApiKey;
    expect(scheme).toMatchObject({ type: 'apiKey', in: 'header' });
    api = createClient({ baseUrl }) as unknown as Api;
    api.use({ onRequest: ({ request }) => { request.headers.set(scheme.name, key); return request; } });
  });
  afterAll(() => t?.close());

  it('places an order once for one Idempotency-Key and replays the answer', async () => {
    const init = { body: order(0), params: { header: { 'Idempotency-Key': 'order-0' } } };
    const first = await call<TOrder>('POST', '/api/orders/mailing', init);
    expect(first.response.status).toBe(201);
    const again = await call<TOrder>('POST', '/api/orders/mailing', init);
    expect(again.response.status).toBe(201);
    expect(again.response.headers.get('idempotent-replayed')).toBe('true');
    expect(again.data!.id).toBe(first.data!.id);
  });

  it('pages orders with a cursor: an order placed between two pages neither repeats nor skips one', async () => {
    for (let n = 1; n <= 4; n++) expect((await call('POST', '/api/orders/mailing', { body: order(n) })).response.status).toBe(201);
    const all = (await call<Page<TOrder>>('GET', '/api/orders', { params: { query: { limit: 100 } } })).data!.data.map((o) => o.id);
    expect(all).toHaveLength(5);
    const first = (await call<Page<TOrder>>('GET', '/api/orders', { params: { query: { limit: 2 } } })).data!;
    expect(first.has_more).toBe(true);
    expect(first.next_cursor).toEqual(expect.any(String));
    await call('POST', '/api/orders/mailing', { body: order(5) });
    const second = (await call<Page<TOrder>>('GET', '/api/orders', { params: { query: { limit: 2, starting_after: first.next_cursor } } })).data!;
    const third = (await call<Page<TOrder>>('GET', '/api/orders', { params: { query: { limit: 2, starting_after: second.next_cursor } } })).data!;
    expect([...first.data, ...second.data, ...third.data].map((o) => o.id)).toEqual(all);
    expect(third.has_more).toBe(false);
    expect(third.next_cursor).toBeNull();
    // A cursor the API did not give is refused in a sentence.
    const bad = await call('GET', '/api/orders', { params: { query: { starting_after: 'not-a-cursor' } } });
    expect(bad.response.status).toBe(400);
  });

  it('lists recipients with the Address fields flat, and pages them by cursor while addresses are added', async () => {
    const first = (await call<Recipients>('GET', `/api/recipients/${listId}`, { params: { query: { limit: 25 } } })).data!.data;
    expect(first.recipients).toHaveLength(25);
    expect(first.recipients[0]).toMatchObject({
      row: 1, mailing_list_id: listId, first_name: 'James', last_name: 'Butt', city: 'New Orleans', state: 'LA', zip: '70116',
      record_id: expect.any(String), created_at: expect.any(String), excluded: false,
    });
    expect(first.recipients[0]).not.toHaveProperty('fields');
    expect(first.has_more).toBe(true);
    expect((await call('POST', '/api/addresses', { body: { mailing_list_id: listId, ...recipientData(31) } })).response.status).toBe(201);
    const second = (await call<Recipients>('GET', `/api/recipients/${listId}`, { params: { query: { limit: 25, starting_after: first.next_cursor } } })).data!.data;
    expect(second.recipients.map((r) => r.row)).toEqual([26, 27, 28, 29, 30, 31]);
    expect(second.recipients.at(-1)).toMatchObject({ first_name: 'Ada31' });
    expect(second.pagination.page).toBe(2);
    expect(second.has_more).toBe(false);
    expect(second.next_cursor).toBeNull();
  });

  it('reads an error\'s request id from the body and the X-Request-Id header', async () => {
    const missing = await call('GET', '/api/orders/{id}', { params: { path: { id: '3f6c0e3a-1111-4222-8333-944455556666' } } });
    expect(missing.response.status).toBe(404);
    expect(missing.error!.error.request_id).toBe(missing.response.headers.get('x-request-id'));
    expect(missing.error!.error.code).toBe('NOT_FOUND');
  });
});
