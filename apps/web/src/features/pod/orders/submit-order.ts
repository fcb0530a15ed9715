import type { TMailingOrder, TOrder, TReinforcementOrder, TReinforcementOrderResult } from '@mailcraft/shared';
import { apiErrorMessage, callApi, TransportError, type ApiCallResult } from '../api-call';

/** The two order endpoints (docs/requirements/print-on-demand-api.md#api). */
export type OrderKind = 'mailing' | 'reinforcement';
/** One order to place: its endpoint and body (ZMailingOrderSchema or ZReinforcementOrderSchema). */
export type OrderRequest =
  | { kind: 'mailing'; body: TMailingOrder }
  | { kind: 'reinforcement'; body: TReinforcementOrder };

/** The message when neither path variant got an HTTP answer other than 404 (docs/requirements/print-on-demand-api.md#messages). */
export const ALL_ENDPOINTS_FAILED = 'All API endpoints failed';

/** The paths tried for `kind`, in order (docs/requirements/print-on-demand-api.md#api): the /api-prefixed one, then the bare one. */
export const orderPaths = (kind: OrderKind) => [`/api/orders/${kind}`, `/orders/${kind}`];

/** What placing one request gave: its orders (a reinforcement request places one per reinforcement). */
export type PostOutcome =
  | { ok: true; orders: TOrder[]; answer: ApiCallResult }
  /**
   * `status`: the HTTP status the message came from, or null; `unknown`: some attempt got no
   * answer at all, so the order may exist (its idempotency key is worth keeping for a retry).
   */
  | { ok: false; message: string; status: number | null; unknown: boolean };

type Call = typeof callApi;

/**
 * Whether an answer says the endpoint is not there: 404 with no message or the router's generic
 * 'Not found'. A 404 naming what is missing ('Recipient not found') is the API's answer to this order.
 */
function endpointMissing(answer: ApiCallResult): boolean {
  if (answer.status !== 404) return false;
  const message = apiErrorMessage(answer.body);
  return !message || /^not found\.?$/i.test(message.trim());
}

/** The orders of a 2xx answer: the order, then — for a reinforcement request — its additional orders. */
function ordersOf(body: TOrder | TReinforcementOrderResult): TOrder[] {
  if (!('additional_orders' in body)) return [body];
  const { additional_orders: additional, ...first } = body;
  return [first, ...additional];
}

/**
 * POSTs one request (docs/requirements/print-on-demand-api.md#api): to '/api/orders/{kind}', then — unless that answered 2xx — to
 * '/orders/{kind}'; the first 2xx answer wins (its orders: the TOrder, with a reinforcement
 * answer's `additional_orders` after it). Both attempts carry the same
 * `Idempotency-Key`, so the retry cannot place the order twice. When both fail the message is
 * 'All API endpoints failed' if no attempt got an HTTP answer other than a bare 404 (no answer,
 * or the router's 'Not found'; docs/requirements/print-on-demand-api.md#messages), else the error message of the first such answer (the
 * /api one, which says why; the bare path's answer is usually the same or about the reused key).
 * Never throws for HTTP or transport failures.
 */
export async function postOrder(
  request: OrderRequest,
  opts: { apiKey: string; idempotencyKey: string; call?: Call },
): Promise<PostOutcome> {
  const call = opts.call ?? callApi;
  let failed: ApiCallResult | null = null;
  let unknown = false;
  for (const path of orderPaths(request.kind)) {
    let answer: ApiCallResult;
    try {
      answer = await call({ method: 'POST', path, apiKey: opts.apiKey, body: request.body, headers: { 'Idempotency-Key': opts.idempotencyKey } });
    } catch (err) {
      if (!(err instanceof TransportError)) throw err;
      unknown = true;
      continue;
    }
    if (answer.ok) return { ok: true, orders: ordersOf(answer.body as TOrder | TReinforcementOrderResult), answer };
    if (!endpointMissing(answer) && !failed) failed = answer;
  }
  if (!failed) return { ok: false, message: ALL_ENDPOINTS_FAILED, status: null, unknown };
  return { ok: false, message: apiErrorMessage(failed.body) ?? `The API answered ${failed.status}`, status: failed.status, unknown };
}

/** Orders placed by one submit (each with the answer that placed it), and the failure that stopped it (null when every request succeeded). */
export type SubmitOutcome = {
  placed: { order: TOrder; answer: ApiCallResult }[];
  failure: { index: number; message: string; status: number | null } | null;
  /** How many requests the submit meant to send. */
  requested: number;
};

/**
 * Sends `requests` one after the other, each only after the one before succeeded; stops at the
 * first failure. `keys` maps each request
 * (kind + body) to its Idempotency-Key across submits: a new key (`newKey`, crypto.randomUUID by
 * default) the first time; after a fully successful submit every key is dropped (ordering the same
 * again is a new order), while after a failed one the keys of the placed orders and of an order
 * whose fate is unknown (no answer) are kept — submitting again then gets the placed orders back
 * instead of placing them twice, and places only what is missing.
 */
export async function submitOrders(
  requests: OrderRequest[],
  opts: { apiKey: string; keys: Map<string, string>; call?: Call; newKey?: () => string },
): Promise<SubmitOutcome> {
  const newKey = opts.newKey ?? (() => crypto.randomUUID());
  const ids = requests.map((r) => `${r.kind} ${JSON.stringify(r.body)}`);
  const placed: SubmitOutcome['placed'] = [];
  for (const [index, request] of requests.entries()) {
    const id = ids[index];
    const idempotencyKey = opts.keys.get(id) ?? newKey();
    opts.keys.set(id, idempotencyKey);
    const outcome = await postOrder(request, { apiKey: opts.apiKey, idempotencyKey, call: opts.call });
    if (!outcome.ok) {
      if (!outcome.unknown) opts.keys.delete(id);
      return { placed, failure: { index, message: outcome.message, status: outcome.status }, requested: requests.length };
    }
    placed.push(...outcome.orders.map((order) => ({ order, answer: outcome.answer })));
  }
  for (const id of ids) opts.keys.delete(id);
  return { placed, failure: null, requested: requests.length };
}
