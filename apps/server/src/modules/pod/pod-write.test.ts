import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TApiKeyCreated, TRecipients } from '@mailcraft/shared';
import { onPlan } from '../../test/factories.js';
import { createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';

/** Projects, mailing lists and address imports through the public API (docs/requirements/print-on-demand-api.md#api; docs/requirements/print-on-demand-api.md#print-on-demand-api). */
describe('the public API: projects, lists and address imports', () => {
  let t: TestApp;
  let owner: TestUser;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp({ workers: false });
    owner = await signUpUser(t.app);
    await onPlan(t.ctx.db, owner.id, 'pro', { api: true });
    key = ((await owner.req({ method: 'POST', url: '/keys', payload: { name: 'crm' } })).json() as TApiKeyCreated).api_key;
  });
  afterAll(() => t?.close());

  const send = (method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: unknown, apiKey = key) =>
    t.publicApi.inject({ method, url, payload: payload as object, headers: { 'x-api-key': apiKey } });

  it('creates, changes and deletes a project', async () => {
    const created = await send('POST', '/api/projects', { name: 'API postcard', template_type: 'postcard', paper_size: '6x9', sides: 'double', permit_type: 'none' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    expect((await send('PUT', `/projects/${id}`, { name: 'Renamed', template_type: 'postcard', paper_size: '6x9', sides: 'single' })).json()).toMatchObject({ name: 'Renamed', sides: 'single' });
    expect((await send('DELETE', `/api/projects/${id}`)).statusCode).toBe(204);
    expect((await send('GET', `/api/projects/${id}`)).statusCode).toBe(404);
  });

  it('creates a list and imports addresses field by field, refusing a bad one with its place', async () => {
    const list = await send('POST', '/api/mailingLists', { name: 'CRM contacts' });
    expect(list.statusCode, list.body).toBe(201);
    const listId = list.json().id;
    const bad = await send('POST', `/api/mailingLists/${listId}/import`, [
      { first_name: 'Ada', last_name: 'Lovelace', address: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' },
      { first_name: 'Alan', last_name: 'Turing', address: '2 Main St', city: 'Austin', state: 'Texas', zip: '78701' },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('State must be a 2-letter code');
    expect(JSON.stringify(bad.json().error.details)).toContain('/1/state');
    const ok = await send('POST', `/api/mailingLists/${listId}/import`, [
      { first_name: 'Ada', last_name: 'Lovelace', address: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', custom_1: 'VIP' },
      { first_name: 'Alan', last_name: 'Turing', address: '2 Main St', city: 'Austin', state: 'TX', zip: '78702' },
    ]);
    expect(ok.json()).toEqual({ imported: 2, row_count: 2 });
    expect((await send('POST', `/api/mailingLists/${listId}/import`, [{ first_name: 'Grace', last_name: 'Hopper', address: '3 Main St', city: 'Austin', state: 'TX', zip: '78703' }])).json()).toEqual({ imported: 1, row_count: 3 });
    const page = (await send('GET', `/api/recipients/${listId}`)).json() as TRecipients;
    expect(page.data.recipients.map((r) => [r.row, r.full_name, r.city_state_zip, r.custom_1])).toEqual([
      [1, 'Ada Lovelace', 'Austin, TX 78701', 'VIP'], [2, 'Alan Turing', 'Austin, TX 78702', ''], [3, 'Grace Hopper', 'Austin, TX 78703', ''],
    ]);
    expect((await send('POST', `/api/mailingLists/${listId}/import`, [])).statusCode).toBe(400);

    // One address at a time, and back by its id.
    const added = await send('POST', '/addresses', { mailing_list_id: listId, first_name: 'Katherine', last_name: 'Johnson', address: '4 Main St', city: 'Austin', state: 'TX', zip: '78704' });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ row: 4, mailing_list_id: listId, full_name: 'Katherine Johnson' });
    expect((await send('GET', `/api/addresses/${added.json().id}`)).json().zip).toBe('78704');
    expect((await send('GET', `/api/addresses?mailing_list_id=${listId}&limit=50`)).json()).toMatchObject({ has_more: false, total_count: 4, data: expect.any(Array) });
    expect((await send('GET', `/api/addresses?mailing_list_id=${listId}&limit=50`)).json().data).toHaveLength(4);
    const stranger = await signUpUser(t.app);
    await onPlan(t.ctx.db, stranger.id, 'pro', { api: true });
    const theirs = ((await stranger.req({ method: 'POST', url: '/keys', payload: { name: 'x' } })).json() as TApiKeyCreated).api_key;
    const hidden = await send('GET', `/api/addresses/${added.json().id}`, undefined, theirs);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error.message).toBe('Address not found');
  });

  it('lists the API\'s routes for API Debug', async () => {
    const routes = (await send('GET', '/debug/routes')).json() as Array<{ method: string; url: string }>;
    expect(routes).toEqual(expect.arrayContaining([{ method: 'POST', url: '/api/orders/mailing' }, { method: 'GET', url: '/api/recipients/:listId' }]));
  });
});
