import { describe, expect, it } from 'vitest';
import { TransportError, type ApiCallResult } from '../api-call';
import { ALL_ENDPOINTS_FAILED, postOrder, submitOrders, type OrderRequest } from './submit-order';
import { anOrder, uuid } from './test-fixtures';

type Sent = { path: string; key: string | undefined; body: unknown };
const answer = (status: number, body: unknown = null): ApiCallResult => ({ status, ok: status >= 200 && status < 300, ms: 1, body, headers: {} });
const error = (status: number, message: string) => answer(status, { error: { code: 'X', message } });

/** A fake callApi answering each path from `replies` (in turn per path), recording what was sent. */
function fakeApi(replies: Record<string, Array<ApiCallResult | 'transport'>>) {
  const sent: Sent[] = [];
  const call = async (o: { path: string; body?: unknown; headers?: Record<string, string> }) => {
    sent.push({ path: o.path, key: o.headers?.['Idempotency-Key'], body: o.body });
    const next = replies[o.path]?.shift() ?? answer(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    if (next === 'transport') throw new TransportError('Failed to fetch');
    return next;
  };
  return { sent, call: call as never };
}

const listId = uuid('cccccccc', 1);
const mailing: OrderRequest = { kind: 'mailing', body: { templateId: `${uuid('bbbbbbbb', 1)}-main`, mailingListId: listId, recipientId: uuid('dddddddd', 1), deliveryType: 'print-mail', format: 'postcard' } };
const reinforcement = (n: 1 | 2 | 3): OrderRequest => ({
  kind: 'reinforcement', body: { reinforcementId: `${uuid('bbbbbbbb', 1)}-r${n}`, additionalReinforcements: [], mailingListId: listId, recipientId: uuid('dddddddd', 1), format: 'postcard' },
});

describe('placing an order', () => {
  it('succeeds on the /api path without trying the bare one', async () => {
    const api = fakeApi({ '/api/orders/mailing': [answer(201, anOrder())] });
    const out = await postOrder(mailing, { apiKey: 'k', idempotencyKey: 'idem-1', call: api.call });
    expect(out).toMatchObject({ ok: true, orders: [{ id: anOrder().id }] });
    expect(api.sent.map((s) => s.path)).toEqual(['/api/orders/mailing']);
  });

  it('falls back to the bare path with the same Idempotency-Key', async () => {
    const api = fakeApi({ '/api/orders/mailing': ['transport'], '/orders/mailing': [answer(201, anOrder())] });
    const out = await postOrder(mailing, { apiKey: 'k', idempotencyKey: 'idem-1', call: api.call });
    expect(out.ok).toBe(true);
    expect(api.sent).toEqual([
      { path: '/api/orders/mailing', key: 'idem-1', body: mailing.body },
      { path: '/orders/mailing', key: 'idem-1', body: mailing.body },
    ]);
  });

  it("says 'All API endpoints failed' when neither path got an answer other than 404", async () => {
    const cases: Record<string, Array<ApiCallResult | 'transport'>>[] = [
      {}, { '/api/orders/mailing': ['transport'], '/orders/mailing': ['transport'] }, { '/orders/mailing': ['transport'] },
      { '/api/orders/mailing': [error(404, 'Not found')] },
    ];
    for (const replies of cases) {
      const out = await postOrder(mailing, { apiKey: 'k', idempotencyKey: 'i', call: fakeApi(replies).call });
      expect(out).toMatchObject({ ok: false, message: ALL_ENDPOINTS_FAILED, status: null });
    }
  });

  it("gives the API's message when a path answered with an error", async () => {
    const api = fakeApi({ '/api/orders/mailing': [error(400, 'This format does not fit the template')], '/orders/mailing': [error(422, 'Key reused')] });
    expect(await postOrder(mailing, { apiKey: 'k', idempotencyKey: 'i', call: api.call }))
      .toEqual({ ok: false, message: 'This format does not fit the template', status: 400, unknown: false });
    const missing = fakeApi({ '/api/orders/mailing': [error(404, 'Recipient not found')] });
    expect(await postOrder(mailing, { apiKey: 'k', idempotencyKey: 'i', call: missing.call })).toMatchObject({ message: 'Recipient not found', status: 404 });
    const bareOnly = fakeApi({ '/orders/mailing': [error(401, 'Invalid API key')] });
    expect(await postOrder(mailing, { apiKey: 'k', idempotencyKey: 'i', call: bareOnly.call })).toMatchObject({ message: 'Invalid API key', status: 401 });
  });
});

describe('submitting several orders', () => {
  it('places each reinforcement as its own order, one after the other, each with its own key', async () => {
    const api = fakeApi({ '/api/orders/reinforcement': [answer(201, anOrder({ id: 'o1' })), answer(201, anOrder({ id: 'o2' }))] });
    const keys = new Map<string, string>();
    let n = 0;
    const out = await submitOrders([reinforcement(1), reinforcement(2)], { apiKey: 'k', keys, call: api.call, newKey: () => `idem-${++n}` });
    expect(out.failure).toBeNull();
    expect(out.placed.map((p) => p.order.id)).toEqual(['o1', 'o2']);
    expect(api.sent.map((s) => [s.key, (s.body as { reinforcementId: string }).reinforcementId.slice(-2)])).toEqual([['idem-1', 'r1'], ['idem-2', 'r2']]);
    expect(keys.size).toBe(0);
  });

  it('stops at the first failure, and a second submit reuses the placed order\'s key so it is not placed twice', async () => {
    const api = fakeApi({
      '/api/orders/reinforcement': [answer(201, anOrder({ id: 'o1' })), error(429, 'Rate limit exceeded'), answer(201, anOrder({ id: 'o1' })), answer(201, anOrder({ id: 'o2' }))],
      '/orders/reinforcement': [error(429, 'Rate limit exceeded')],
    });
    const keys = new Map<string, string>();
    let n = 0;
    const opts = { apiKey: 'k', keys, call: api.call, newKey: () => `idem-${++n}` };
    const first = await submitOrders([reinforcement(1), reinforcement(2), reinforcement(3)], opts);
    expect(first).toMatchObject({ failure: { index: 1, message: 'Rate limit exceeded', status: 429 }, requested: 3 });
    expect(first.placed.map((p) => p.order.id)).toEqual(['o1']);
    expect(api.sent.some((s) => (s.body as { reinforcementId: string }).reinforcementId.endsWith('r3'))).toBe(false);

    await submitOrders([reinforcement(1), reinforcement(2)], opts);
    // r1 again with its first key (the server answers the same order), r2 with a new one: its 429 placed nothing.
    expect(api.sent.slice(3).map((s) => s.key)).toEqual(['idem-1', 'idem-3']);
  });

  it('counts every order of a reinforcement answer as placed: the first and its additional orders', async () => {
    const api = fakeApi({ '/api/orders/reinforcement': [answer(201, { ...anOrder({ id: 'o1' }), additional_orders: [anOrder({ id: 'o2' })] })] });
    const out = await submitOrders([reinforcement(1)], { apiKey: 'k', keys: new Map(), call: api.call });
    expect(out.failure).toBeNull();
    expect(out.placed.map((p) => p.order.id)).toEqual(['o1', 'o2']);
    expect(out.placed.map((p) => p.order)).not.toContainEqual(expect.objectContaining({ additional_orders: expect.anything() }));
  });

  it('keeps the key of an order whose fate is unknown (no answer) for the next submit', async () => {
    const api = fakeApi({ '/api/orders/mailing': ['transport', answer(201, anOrder())], '/orders/mailing': ['transport'] });
    const keys = new Map<string, string>();
    let n = 0;
    const opts = { apiKey: 'k', keys, call: api.call, newKey: () => `idem-${++n}` };
    expect((await submitOrders([mailing], opts)).failure?.message).toBe(ALL_ENDPOINTS_FAILED);
    expect((await submitOrders([mailing], opts)).failure).toBeNull();
    expect(api.sent.map((s) => s.key)).toEqual(['idem-1', 'idem-1', 'idem-1']);
  });
});
