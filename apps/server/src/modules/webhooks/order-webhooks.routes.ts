import { ZCursorQuerySchema, ZIdParams, ZNoContent, ZOrderWebhookCreateSchema, ZOrderWebhookListSchema, ZOrderWebhookSchema } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import { PAGING_DOC, pageInMemory } from '../../platform/cursor.js';
import type { ZodApp } from '../../platform/module.js';
import { route, scope } from '../../platform/route.js';
import { createOrderWebhook, deleteOrderWebhook, listOrderWebhooks } from './order-webhooks.service.js';

const errors = [400, 402, 404, 429] as const;
const EVENTS_DOC = 'Order events (order.rendered, order.failed, order.cancelled) are POSTed to the endpoint as Standard Webhooks messages '
  + '— headers webhook-id, webhook-timestamp and webhook-signature (verify them with secret_key), body {type, timestamp, data: the order} — '
  + 'and retried on failure. A webhook that names them in event_types also receives the delivery events of the orders\' mail pieces '
  + '(mail.in_transit, mail.out_for_delivery, mail.delivered, mail.returned), body {type, timestamp, data: {piece_id, order_id, imb, stage, '
  + 'previous_stage, occurred_at, facility, simulated, …}}. An endpoint registered with a test key receives the events of test orders only; '
  + 'one registered with a live key, those of live orders only.';
/** A path at `/api…` (documented) and bare (hidden). */
const at = (path: string) => [`/api${path}`, path];

/**
 * The account's order webhooks on the Print-on-Demand API, key-authenticated, scope `webhooks`,
 * at `/api/…` and the bare path; each key sees those of its own mode (live or test):
 * - GET    /api/webhooks → a page of TOrderWebhook ({ data, has_more, next_cursor, total_count })
 * - POST   /api/webhooks {name, endpoint_url, event_types} → 201 TOrderWebhook (with its signing secret)
 * - DELETE /api/webhooks/{id} → 204
 */
export async function orderWebhooksRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const webhooks = { auth: scope('webhooks'), tags: ['webhooks'], errors };
  route(app, {
    ...webhooks, method: 'GET', url: at('/webhooks'), operationId: 'webhooks.list', summary: 'Your order webhooks', description: `${EVENTS_DOC} ${PAGING_DOC}`,
    query: ZCursorQuerySchema, response: ZOrderWebhookListSchema,
  }, async (principal, { query }) => pageInMemory('webhooks', await listOrderWebhooks(ctx, principal), (w) => w.id, query));

  route(app, {
    ...webhooks, method: 'POST', url: at('/webhooks'), operationId: 'webhooks.create', summary: 'Receive order events at an endpoint', description: EVENTS_DOC,
    body: ZOrderWebhookCreateSchema, response: ZOrderWebhookSchema, status: 201,
  }, (principal, { body }) => createOrderWebhook(ctx, principal, body));

  route(app, {
    ...webhooks, method: 'DELETE', url: at('/webhooks/:id'), operationId: 'webhooks.delete', summary: 'Stop sending order events to an endpoint',
    params: ZIdParams, response: ZNoContent, status: 204,
  }, (principal, { params }) => deleteOrderWebhook(ctx, principal, params.id));
}
