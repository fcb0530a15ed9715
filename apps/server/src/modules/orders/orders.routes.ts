import {
  binary, ZIdParams, ZMailingOrderSchema, ZOrderListSchema, ZOrderSchema, ZOrderSimulateResultSchema, ZOrdersQuerySchema,
  ZReinforcementOrderResultSchema, ZReinforcementOrderSchema,
} from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { route, scope } from '../../platform/route.js';
import { TEST_MODE_DOCS } from '../api-keys/api-key-auth.js';
import {
  cancelOrder, createMailingOrder, createReinforcementOrder, getOrder, listOrders, orderFile, simulateOrderDelivery,
} from './orders.service.js';

const errors = [400, 404, 409, 422, 429] as const;
const EVENTS = 'Order events (order.rendered, order.failed, order.cancelled) reach your order webhooks (POST /api/webhooks), so you need not poll.';
const description = `${TEST_MODE_DOCS.orders} ${EVENTS}`;
const PAGING = 'Pages by cursor: pass a page\'s next_cursor as starting_after for the next; orders placed meanwhile neither repeat nor skip one.';
/** A path at `/api…` (documented) and bare (hidden). */
const at = (path: string) => [`/api${path}`, path];

/**
 * On-demand orders on the public API (docs/requirements/print-on-demand-api.md#data), key-authenticated, scope `orders`, at
 * `/api/…` and the bare path; POSTs accept `Idempotency-Key`; another user's order → 404. Test mode
 * is a separate world (TEST_MODE_DOCS.orders): a test key sees and changes only test orders.
 * - POST /api/orders/mailing → 201 TOrder (pending; its print file renders in the background)
 * - POST /api/orders/reinforcement → 201 TReinforcementOrderResult (one order per reinforcement, placed together)
 * - GET  /api/orders?limit&starting_after&test → a page of TOrder, newest first; GET /api/orders/mailing and
 *   /api/orders/reinforcement → the same of one type (the specification documents GET on them)
 * - GET  /api/orders/{id} → TOrder
 * - GET  /api/orders/{id}/file → the one-piece PDF (409 until rendered)
 * - POST /api/orders/{id}/cancel → TOrder (pending or rendered only)
 * - POST /api/orders/{id}/tracking/simulate → 202 TOrderSimulateResult (test orders only: a simulated delivery of its piece)
 */
export async function ordersRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const orders = { auth: scope('orders'), tags: ['orders'], errors };
  route(app, {
    ...orders, method: 'POST', url: at('/orders/mailing'), operationId: 'orders.create', summary: 'Order one personalised mail piece', description,
    body: ZMailingOrderSchema, response: ZOrderSchema, status: 201,
  }, (principal, { body }) => createMailingOrder(ctx, principal, body));

  route(app, {
    ...orders, method: 'POST', url: at('/orders/reinforcement'), operationId: 'orders.createReinforcement',
    summary: 'Order reinforcement pieces (one-page follow-ups) for a recipient: one order per reinforcement, placed together or not at all',
    description: `The answer is the order of reinforcementId, with the orders of additionalReinforcements in additional_orders; an Idempotency-Key replays the whole answer. ${description}`,
    body: ZReinforcementOrderSchema, response: ZReinforcementOrderResultSchema, status: 201,
  }, (principal, { body }) => createReinforcementOrder(ctx, principal, body));

  route(app, {
    ...orders, method: 'GET', url: at('/orders'), operationId: 'orders.list', summary: 'Your orders of one mode, newest first', description: `${PAGING} ${description}`,
    query: ZOrdersQuerySchema, response: ZOrderListSchema,
  }, (principal, { query }) => listOrders(ctx, principal, query));

  for (const orderType of ['mailing', 'reinforcement'] as const) {
    route(app, {
      ...orders, method: 'GET', url: at(`/orders/${orderType}`), operationId: `orders.list${orderType === 'mailing' ? 'Mailing' : 'Reinforcement'}`,
      summary: `Your ${orderType} orders of one mode, newest first`, description: `As GET /api/orders, only ${orderType} orders. ${PAGING} ${description}`,
      query: ZOrdersQuerySchema, response: ZOrderListSchema,
    }, (principal, { query }) => listOrders(ctx, principal, { ...query, orderType }));
  }

  route(app, {
    ...orders, method: 'GET', url: at('/orders/:id'), operationId: 'orders.retrieve', summary: 'One order', description, params: ZIdParams, response: ZOrderSchema,
  }, (principal, { params }) => getOrder(ctx, principal, params.id));

  route(app, {
    ...orders, method: 'GET', url: at('/orders/:id/file'), operationId: 'orders.retrieveFile', summary: 'The order\'s print file (one piece, PDF)', description,
    params: ZIdParams, response: binary('application/pdf', 'The print file'),
  }, async (principal, { params }, { reply }) => reply.type('application/pdf').send(await orderFile(ctx, principal, params.id)));

  route(app, {
    ...orders, method: 'POST', url: at('/orders/:id/cancel'), operationId: 'orders.cancel', summary: 'Cancel an order that is not printed yet', description,
    params: ZIdParams, response: ZOrderSchema,
  }, (principal, { params }) => cancelOrder(ctx, principal, params.id));

  route(app, {
    ...orders, method: 'POST', url: at('/orders/:id/tracking/simulate'), operationId: 'orders.simulateDelivery',
    summary: 'Simulate the delivery of a test order\'s piece', status: 202, params: ZIdParams, response: ZOrderSimulateResultSchema,
    description: 'Test orders only (a live order answers 422): plays simulated USPS scans of the order\'s piece — accepted, in transit, in the local '
      + 'area, out for delivery, delivered — over about two minutes, marked simulated. They arrive in the order\'s tracking_events and reach your '
      + `order webhooks of test mode as real scans would. The order must be rendered with an IMb (409 otherwise); a journey plays once. ${description}`,
  }, (principal, { params }) => simulateOrderDelivery(ctx, principal, params.id));
}
