import { ZApiErrorSchema, ZCursorQuerySchema, ZIdParams, ZNoContent, ZOrderWebhookCreateSchema, ZOrderWebhookListSchema, ZOrderWebhookSchema } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import { PAGING_DOC, pageInMemory } from '../../platform/cursor.js';
import type { ZodApp } from '../../platform/module.js';
import { requirePrincipal } from '../../platform/principal.js';
import { scoped } from '../api-keys/api-key-auth.js';
import { createOrderWebhook, deleteOrderWebhook, listOrderWebhooks } from './order-webhooks.service.js';

const errors = { 400: ZApiErrorSchema, 401: ZApiErrorSchema, 402: ZApiErrorSchema, 403: ZApiErrorSchema, 404: ZApiErrorSchema, 429: ZApiErrorSchema };
const EVENTS_DOC = 'Order events (order.rendered, order.failed, order.cancelled) are POSTed to the endpoint as Standard Webhooks messages '
  + '— headers webhook-id, webhook-timestamp and webhook-signature (verify them with secret_key), body {type, timestamp, data: the order} — '
  + 'and retried on failure. An endpoint registered with a test key receives the events of test orders only; one registered with a live key, those of live orders only.';

/**
 * The account's order webhooks on the Print-on-Demand API, key-authenticated, scope `webhooks`,
 * at `/api/…` and the bare path; each key sees those of its own mode (live or test):
 * - GET    /api/webhooks → a page of TOrderWebhook ({ data, has_more, next_cursor, total_count })
 * - POST   /api/webhooks {name, endpoint_url, event_types} → 201 TOrderWebhook (with its signing secret)
 * - DELETE /api/webhooks/{id} → 204
 */
export async function orderWebhooksRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  for (const prefix of ['/api', '']) {
    const hide = prefix === '';
    const tags = ['webhooks'];
    app.get(`${prefix}/webhooks`, {
      ...scoped('webhooks'),
      schema: {
        hide, operationId: 'webhooks.list', summary: 'Your order webhooks', description: `${EVENTS_DOC} ${PAGING_DOC}`, tags,
        querystring: ZCursorQuerySchema, response: { 200: ZOrderWebhookListSchema, ...errors },
      },
    }, async (req) => pageInMemory('webhooks', await listOrderWebhooks(ctx, requirePrincipal(req)), (w) => w.id, req.query));

    app.post(`${prefix}/webhooks`, {
      ...scoped('webhooks'),
      schema: {
        hide, operationId: 'webhooks.create', summary: 'Receive order events at an endpoint', description: EVENTS_DOC, tags, body: ZOrderWebhookCreateSchema,
        response: { 201: ZOrderWebhookSchema, ...errors },
      },
    }, async (req, reply) => reply.status(201).send(await createOrderWebhook(ctx, requirePrincipal(req), req.body)));

    app.delete(`${prefix}/webhooks/:id`, {
      ...scoped('webhooks'),
      schema: { hide, operationId: 'webhooks.delete', summary: 'Stop sending order events to an endpoint', tags, params: ZIdParams, response: { 204: ZNoContent, ...errors } },
    }, async (req, reply) => {
      await deleteOrderWebhook(ctx, requirePrincipal(req), req.params.id);
      return reply.status(204).send(null);
    });
  }
}
