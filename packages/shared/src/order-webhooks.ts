import { z } from 'zod';
import { ZOrderSchema } from './orders.js';
import { MAIL_EVENT_TYPES } from './tracking.js';
import { isWebhookUrl, WEBHOOK_MESSAGES } from './webhook-rules.js';

/**
 * Order events, delivered to the account's order webhooks as Standard Webhooks messages so an
 * integrator need not poll: an order's print file is ready (`order.rendered`), it could not be
 * rendered (`order.failed`), or it was cancelled (`order.cancelled`).
 */
export const ORDER_EVENT_TYPES = ['order.rendered', 'order.failed', 'order.cancelled'] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];
/** Whether `type` is an order event type. */
export const isOrderEventType = (type: string): type is OrderEventType => (ORDER_EVENT_TYPES as readonly string[]).includes(type);

/**
 * What an order webhook can subscribe to: the order events, and the delivery events of the orders' pieces
 * (docs/requirements/mail-tracking.md#delivery-events; body ZDeliveryEventSchema with `order_id` set). A new order webhook
 * gets the three order events unless it names its events.
 */
export const ORDER_WEBHOOK_EVENT_TYPES = [...ORDER_EVENT_TYPES, ...MAIL_EVENT_TYPES] as const;
export type OrderWebhookEventType = (typeof ORDER_WEBHOOK_EVENT_TYPES)[number];
/** Whether `type` is an event an order webhook can receive. */
export const isOrderWebhookEventType = (type: string): type is OrderWebhookEventType => (ORDER_WEBHOOK_EVENT_TYPES as readonly string[]).includes(type);

/** POST /api/webhooks on the Print-on-Demand API: an endpoint for the order events of the key's mode. */
export const ZOrderWebhookCreateSchema = z.object({
  name: z.string().trim().min(1, WEBHOOK_MESSAGES.nameRequired).max(100).describe('A name to recognise the endpoint by'),
  endpoint_url: z.string().trim().min(1, WEBHOOK_MESSAGES.urlRequired).max(2000).refine(isWebhookUrl, WEBHOOK_MESSAGES.urlInvalid)
    .describe('Where events are POSTed (http or https; no credentials in the URL)'),
  event_types: z.array(z.enum(ORDER_WEBHOOK_EVENT_TYPES)).min(1, WEBHOOK_MESSAGES.eventRequired).max(ORDER_WEBHOOK_EVENT_TYPES.length)
    .default([...ORDER_EVENT_TYPES])
    .describe('Order events order.rendered, order.failed, order.cancelled (default: these three); delivery events of the orders\' pieces mail.in_transit, mail.out_for_delivery, mail.delivered, mail.returned'),
}).meta({ id: 'OrderWebhookCreate' });
export type TOrderWebhookCreate = z.input<typeof ZOrderWebhookCreateSchema>;

/** An order webhook: where the order events of one mode (live or test) go. */
export const ZOrderWebhookSchema = z.object({
  id: z.string().describe('Webhook id'),
  name: z.string().describe('Name'),
  endpoint_url: z.string().describe('Endpoint URL'),
  event_types: z.array(z.enum(ORDER_WEBHOOK_EVENT_TYPES)).describe('The order and delivery events it receives'),
  test: z.boolean().describe('Registered with a test key: it receives the events of test orders only; otherwise those of live orders only'),
  is_active: z.boolean().describe('Whether events are delivered (the server turns off an endpoint that answers 410 or fails for 5 days)'),
  secret_key: z.string().describe('Signing secret, whsec_ + base64 (Standard Webhooks): verify each delivery with it'),
  disabled_reason: z.string().nullable().describe('Why the server turned the endpoint off, or null'),
  created_at: z.string().describe('ISO 8601 creation time'),
}).meta({ id: 'OrderWebhook' });
export type TOrderWebhook = z.infer<typeof ZOrderWebhookSchema>;

/** The body of an order event delivery: `{type, timestamp, data}` (Standard Webhooks), `data` the order as GET /api/orders/{id} answers it. */
export const ZOrderEventSchema = z.object({
  type: z.enum(ORDER_EVENT_TYPES).describe('order.rendered, order.failed or order.cancelled'),
  timestamp: z.string().describe('ISO 8601 time the order changed'),
  data: ZOrderSchema.describe('The order after the change'),
}).meta({ id: 'OrderEvent' });
export type TOrderEvent = z.infer<typeof ZOrderEventSchema>;
