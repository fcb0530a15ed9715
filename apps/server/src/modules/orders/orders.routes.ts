import { binary, ZApiErrorSchema, ZIdParams, ZMailingOrderSchema, ZOrderSchema, ZReinforcementOrderSchema } from '@mailcraft/shared';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { requirePrincipal } from '../../platform/principal.js';
import { scoped } from '../api-keys/api-key-auth.js';
import { cancelOrder, createMailingOrder, createReinforcementOrder, getOrder, listOrders, orderFile } from './orders.service.js';

const idempotencyHeader = z.object({
  'idempotency-key': z.string().max(255).optional().describe('Send the same key to retry safely: the first answer is returned again for 24 h'),
});
const errors = { 400: ZApiErrorSchema, 401: ZApiErrorSchema, 403: ZApiErrorSchema, 404: ZApiErrorSchema, 409: ZApiErrorSchema, 422: ZApiErrorSchema, 429: ZApiErrorSchema };

/**
 * On-demand orders on the public API (spec 002 §3, §7), key-authenticated, scope `orders`, at
 * `/api/…` and the bare path; POSTs accept `Idempotency-Key`; another user's order → 404:
 * - POST /api/orders/mailing → 201 TOrder (pending; its print file renders in the background)
 * - POST /api/orders/reinforcement → 201 TOrder (one reinforcement piece; send each further one as its own order)
 * - GET  /api/orders?limit&offset, GET /api/orders/{id} → TOrder
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
        hide, summary: 'Order one personalised mail piece', tags, body: ZMailingOrderSchema,
        headers: idempotencyHeader,
        response: { 201: ZOrderSchema, ...errors },
      },
    }, async (req, reply) => reply.status(201).send(await createMailingOrder(ctx, requirePrincipal(req), req.body)));

    app.post(`${prefix}/orders/reinforcement`, {
      ...scoped('orders'),
      schema: {
        hide, summary: 'Order one reinforcement piece (a one-page follow-up) for a recipient', tags, body: ZReinforcementOrderSchema,
        headers: idempotencyHeader,
        response: { 201: ZOrderSchema, ...errors },
      },
    }, async (req, reply) => reply.status(201).send(await createReinforcementOrder(ctx, requirePrincipal(req), req.body)));

    app.get(`${prefix}/orders`, {
      ...scoped('orders'),
      schema: {
        hide, summary: 'Your orders, newest first', tags,
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(100).default(25).describe('Orders per page (1–100)'),
          offset: z.coerce.number().int().min(0).max(1_000_000).default(0).describe('Orders to skip'),
        }),
        response: { 200: z.array(ZOrderSchema), ...errors },
      },
    }, async (req) => listOrders(ctx, requirePrincipal(req), req.query));

    app.get(`${prefix}/orders/:id`, {
      ...scoped('orders'),
      schema: { hide, summary: 'One order', tags, params: ZIdParams, response: { 200: ZOrderSchema, ...errors } },
    }, async (req) => getOrder(ctx, requirePrincipal(req), req.params.id));

    app.get(`${prefix}/orders/:id/file`, {
      ...scoped('orders'),
      schema: { hide, summary: 'The order\'s print file (one piece, PDF)', tags, params: ZIdParams, response: { 200: binary('application/pdf', 'The print file'), ...errors } },
    }, async (req, reply) => reply.type('application/pdf').send(await orderFile(ctx, requirePrincipal(req), req.params.id)));

    app.post(`${prefix}/orders/:id/cancel`, {
      ...scoped('orders'),
      schema: { hide, summary: 'Cancel an order that is not printed yet', tags, params: ZIdParams, response: { 200: ZOrderSchema, ...errors } },
    }, async (req) => cancelOrder(ctx, requirePrincipal(req), req.params.id));
  }
}
