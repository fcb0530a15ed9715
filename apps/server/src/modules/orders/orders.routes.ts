import {
  binary, ZApiErrorSchema, ZIdParams, ZMailingOrderSchema, ZOrderListSchema, ZOrderSchema, ZOrdersQuerySchema, ZReinforcementOrderResultSchema,
  ZReinforcementOrderSchema,
} from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { requirePrincipal } from '../../platform/principal.js';
import { scoped, TEST_MODE_DOCS } from '../api-keys/api-key-auth.js';
import { cancelOrder, createMailingOrder, createReinforcementOrder, getOrder, listOrders, orderFile } from './orders.service.js';

const errors = { 400: ZApiErrorSchema, 401: ZApiErrorSchema, 403: ZApiErrorSchema, 404: ZApiErrorSchema, 409: ZApiErrorSchema, 422: ZApiErrorSchema, 429: ZApiErrorSchema };
const EVENTS = 'Order events (order.rendered, order.failed, order.cancelled) reach your order webhooks (POST /api/webhooks), so you need not poll.';
const description = `${TEST_MODE_DOCS.orders} ${EVENTS}`;
const PAGING = 'Pages by cursor: pass a page\'s next_cursor as starting_after for the next; orders placed meanwhile neither repeat nor skip one.';

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
 */
export async function ordersRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  for (const prefix of ['/api', '']) {
    const hide = prefix === '';
    const tags = ['orders'];
    app.post(`${prefix}/orders/mailing`, {
      ...scoped('orders'),
      schema: {
        hide, operationId: 'orders.create', summary: 'Order one personalised mail piece', description, tags, body: ZMailingOrderSchema,
        response: { 201: ZOrderSchema, ...errors },
      },
    }, async (req, reply) => reply.status(201).send(await createMailingOrder(ctx, requirePrincipal(req), req.body)));

    app.post(`${prefix}/orders/reinforcement`, {
      ...scoped('orders'),
      schema: {
        hide, operationId: 'orders.createReinforcement',
        summary: 'Order reinforcement pieces (one-page follow-ups) for a recipient: one order per reinforcement, placed together or not at all',
        description: `The answer is the order of reinforcementId, with the orders of additionalReinforcements in additional_orders; an Idempotency-Key replays the whole answer. ${description}`,
        tags, body: ZReinforcementOrderSchema,
        response: { 201: ZReinforcementOrderResultSchema, ...errors },
      },
    }, async (req, reply) => reply.status(201).send(await createReinforcementOrder(ctx, requirePrincipal(req), req.body)));

    app.get(`${prefix}/orders`, {
      ...scoped('orders'),
      schema: {
        hide, operationId: 'orders.list', summary: 'Your orders of one mode, newest first', description: `${PAGING} ${description}`, tags,
        querystring: ZOrdersQuerySchema, response: { 200: ZOrderListSchema, ...errors },
      },
    }, async (req) => listOrders(ctx, requirePrincipal(req), req.query));

    for (const orderType of ['mailing', 'reinforcement'] as const) {
      app.get(`${prefix}/orders/${orderType}`, {
        ...scoped('orders'),
        schema: {
          hide, operationId: `orders.list${orderType === 'mailing' ? 'Mailing' : 'Reinforcement'}`, summary: `Your ${orderType} orders of one mode, newest first`,
          description: `As GET /api/orders, only ${orderType} orders. ${PAGING} ${description}`, tags,
          querystring: ZOrdersQuerySchema, response: { 200: ZOrderListSchema, ...errors },
        },
      }, async (req) => listOrders(ctx, requirePrincipal(req), req.query, orderType));
    }

    app.get(`${prefix}/orders/:id`, {
      ...scoped('orders'),
      schema: { hide, operationId: 'orders.retrieve', summary: 'One order', description, tags, params: ZIdParams, response: { 200: ZOrderSchema, ...errors } },
    }, async (req) => getOrder(ctx, requirePrincipal(req), req.params.id));

    app.get(`${prefix}/orders/:id/file`, {
      ...scoped('orders'),
      schema: { hide, operationId: 'orders.retrieveFile', summary: 'The order\'s print file (one piece, PDF)', description, tags, params: ZIdParams, response: { 200: binary('application/pdf', 'The print file'), ...errors } },
    }, async (req, reply) => reply.type('application/pdf').send(await orderFile(ctx, requirePrincipal(req), req.params.id)));

    app.post(`${prefix}/orders/:id/cancel`, {
      ...scoped('orders'),
      schema: { hide, operationId: 'orders.cancel', summary: 'Cancel an order that is not printed yet', description, tags, params: ZIdParams, response: { 200: ZOrderSchema, ...errors } },
    }, async (req) => cancelOrder(ctx, requirePrincipal(req), req.params.id));
  }
}
