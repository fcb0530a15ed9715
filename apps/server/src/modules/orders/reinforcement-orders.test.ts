import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoMap, type TApiKeyCreated, type TApiList, type TOrder, type TReinforcementOrderResult } from '@mailcraft/shared';
import { eventually } from '../../test/eventually.js';
import { createDesign, createMailingList, createProject, designPage, onPlan, saveColumnMappings, textElement, us500 } from '../../test/factories.js';
import { createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { pdfPageTexts } from '../../test/pdf-text.js';

/**
 * A reinforcement order with `additionalReinforcements` places one order per reinforcement, all in
 * one transaction, and its Idempotency-Key replays the whole answer.
 */
describe('reinforcement orders with additional reinforcements', () => {
  let t: TestApp;
  let owner: TestUser;
  let key: string;
  let projectId: string;
  let listId: string;
  let recordId: string;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpUser(t.app);
    await onPlan(t.ctx.db, owner.id, 'pro', { api: true });
    projectId = (await createProject(t.ctx.db, owner.id, { templateType: 'postcard', paperSize: '6x9', sides: 'single', permitType: 'none' })).id;
    const { headers, rows } = us500(2);
    listId = (await createMailingList(t.ctx.db, owner.id, { headers, rows, projectId })).id;
    await saveColumnMappings(t.ctx.db, listId, autoMap(headers));
    await createDesign(t.ctx.db, projectId, { inside: designPage([textElement('full_name', 20, 20)], '6x9') });
    for (const slot of [1, 2]) {
      const saved = await owner.req({
        method: 'PUT', url: `/api/projects/${projectId}/reinforcements/${slot}`,
        payload: { name: `Follow-up ${slot}`, type: 'image', template_data: designPage([textElement('first_name', 20, 20 + slot * 10)], '6x9') },
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    key = ((await owner.req({ method: 'POST', url: '/keys', payload: { name: 'shop' } })).json() as TApiKeyCreated).api_key;
    recordId = (await api('GET', `/api/recipients/${listId}`)).json().data.recipients[0].id;
  }, 60_000);
  afterAll(() => t?.close());

  function api(method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) {
    return t.publicApi.inject({ method, url, payload, headers: { 'x-api-key': key, ...headers } });
  }
  const r = (slot: number) => `${projectId}-r${slot}`;
  const body = (additional: string[]) => ({
    reinforcementId: r(1), additionalReinforcements: additional, mailingListId: listId, recipientId: recordId, deliveryType: 'print-mail', format: 'postcard',
  });
  const orderCount = async () => ((await api('GET', '/api/orders?limit=100')).json() as TApiList<TOrder>).data.length;

  it('places nothing when one of the reinforcements does not exist', async () => {
    const res = await api('POST', '/api/orders/reinforcement', body([r(2), r(3)]));
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Reinforcement not found');
    expect(await orderCount()).toBe(0);
  });

  it('places each reinforcement as its own order, linked to the others, each with its own one-page file', async () => {
    const res = await api('POST', '/api/orders/reinforcement', body([r(2)]), { 'idempotency-key': 'follow-ups-1' });
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json() as TReinforcementOrderResult;
    expect(answer).toMatchObject({ order_type: 'reinforcement', reinforcement_id: r(1), additional_reinforcements: [r(2)], status: 'pending', cost: 0.25 });
    expect(answer.additional_orders.map((o) => [o.reinforcement_id, o.additional_reinforcements, o.recipient_id])).toEqual([[r(2), [r(1)], recordId]]);
    const all = ((await api('GET', '/api/orders?limit=100')).json() as TApiList<TOrder>).data;
    expect(all.map((o) => o.id).sort()).toEqual([answer.id, answer.additional_orders[0].id].sort());

    for (const placed of [answer, ...answer.additional_orders]) {
      let done = placed as TOrder;
      await eventually(async () => {
        done = (await api('GET', `/api/orders/${placed.id}`)).json();
        return done.status !== 'pending';
      }, 60_000);
      expect(done.status, done.message).toBe('rendered');
      const pages = pdfPageTexts((await api('GET', done.file_url!)).rawPayload);
      expect(pages).toHaveLength(1);
      expect(pages[0]).toContain('James');
    }
  }, 120_000);

  it('replays the whole answer for the same Idempotency-Key and places nothing more', async () => {
    const first = ((await api('GET', '/api/orders?limit=100')).json() as TApiList<TOrder>).data;
    const again = await api('POST', '/orders/reinforcement', body([r(2)]), { 'idempotency-key': 'follow-ups-1' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const replayed = again.json() as TReinforcementOrderResult;
    expect([replayed.id, ...replayed.additional_orders.map((o) => o.id)].sort()).toEqual(first.map((o) => o.id).sort());
    expect(await orderCount()).toBe(2);
  });
});
