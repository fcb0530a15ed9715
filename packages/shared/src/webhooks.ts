import { z } from 'zod';
import { pageQuery } from './http/common.js';
import {
  isWebhookUrl, WEBHOOK_DEFAULTS, WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES, WEBHOOK_INCLUDED_FIELDS, WEBHOOK_MESSAGES,
} from './webhook-rules.js';

const ZEndpointUrl = z.string().trim().min(1, WEBHOOK_MESSAGES.urlRequired).max(2000)
  .refine(isWebhookUrl, WEBHOOK_MESSAGES.urlInvalid)
  .describe('Where deliveries are POSTed (http or https; no credentials in the URL)');

/** POST /api/webhooks (docs/requirements/workflow.md#api). */
export const ZWebhookCreateSchema = z.object({
  name: z.string().trim().min(1, WEBHOOK_MESSAGES.nameRequired).max(100).describe('Name shown in the list'),
  endpoint_url: ZEndpointUrl,
  event_types: z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1, WEBHOOK_MESSAGES.eventRequired).max(WEBHOOK_EVENT_TYPES.length)
    .default(WEBHOOK_DEFAULTS.event_types)
    .describe('Scan events first_scan, every_scan; delivery events mail.in_transit, mail.out_for_delivery, mail.delivered, mail.returned'),
  included_fields: z.array(z.enum(WEBHOOK_INCLUDED_FIELDS)).max(4)
    .default(WEBHOOK_DEFAULTS.included_fields).describe('Parts of the scan each scan delivery carries (a delivery event carries its piece, always the same fields)'),
  mailing_list_id: z.string().min(1).max(100).describe('The list whose scans and pieces\' delivery events are delivered'),
}).meta({ id: 'WebhookCreate' });
export type TWebhookCreate = z.input<typeof ZWebhookCreateSchema>;

/** PATCH /api/webhooks/{id} (docs/requirements/workflow.md#workflow-order): turn a webhook on or off. Turning it on clears a disable. */
export const ZWebhookPatchSchema = z.object({
  is_active: z.boolean().describe('Deliver scans to this endpoint'),
}).meta({ id: 'WebhookPatch' });

/** A webhook (docs/requirements/projects.md#data). */
export const ZWebhookSchema = z.object({
  id: z.string().describe('Webhook id'),
  name: z.string().describe('Name'),
  endpoint_url: z.string().describe('Endpoint URL'),
  event_types: z.array(z.enum(WEBHOOK_EVENT_TYPES)).describe('Subscribed events: scan events and delivery events'),
  included_fields: z.array(z.enum(WEBHOOK_INCLUDED_FIELDS)).describe('Included parts of the scan'),
  is_active: z.boolean().describe('Whether scans are delivered'),
  success_rate: z.number().nullable().describe('Successful deliveries ÷ finished deliveries, percent; 0 while every attempt so far failed; null before the first attempt'),
  last_triggered: z.string().nullable().describe('ISO 8601 time of the latest delivery attempt'),
  secret_key: z.string().describe('Signing secret, whsec_ + base64 (Standard Webhooks)'),
  mailing_list_id: z.string().describe('The list'),
  created_at: z.string().describe('ISO 8601 creation time'),
  disabled_reason: z.string().nullable().describe('Why the server turned the webhook off (410 Gone, failing for 5 days), or null'),
}).meta({ id: 'Webhook' });
export type TWebhook = z.infer<typeof ZWebhookSchema>;


/** One delivery of an event to a webhook, with its latest attempt. */
export const ZWebhookDeliverySchema = z.object({
  id: z.string().describe('Delivery id'),
  message_id: z.string().describe('The webhook-id header: the same on every attempt and resend'),
  event_type: z.string().describe('scan.first, scan.every, a delivery event (mail.in_transit, mail.out_for_delivery, mail.delivered, mail.returned), an order event or webhook.test'),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).describe('pending (attempts left), success, failed (gave up)'),
  attempts: z.number().int().describe('Attempts made'),
  response_code: z.number().int().nullable().describe('HTTP status of the latest attempt, null if none came'),
  response_excerpt: z.string().nullable().describe('Start of the latest answer\'s body'),
  error_message: z.string().nullable().describe('Why the latest attempt failed'),
  next_retry: z.string().nullable().describe('ISO 8601 time of the next attempt, null when none is due'),
  created_at: z.string().describe('ISO 8601 time the event happened'),
  last_attempt_at: z.string().nullable().describe('ISO 8601 time of the latest attempt'),
}).meta({ id: 'WebhookDelivery' });
export type TWebhookDelivery = z.infer<typeof ZWebhookDeliverySchema>;

/** GET /api/webhooks/{id}/deliveries?page&limit. */
export const ZWebhookDeliveriesQuerySchema = pageQuery(20);
export const ZWebhookDeliveriesSchema = z.object({
  deliveries: z.array(ZWebhookDeliverySchema).describe('Newest first'),
  total: z.number().int().describe('Deliveries in all'),
}).meta({ id: 'WebhookDeliveries' });
export type TWebhookDeliveries = z.infer<typeof ZWebhookDeliveriesSchema>;

/** One attempt of a delivery (the expandable rows of the delivery log). */
export const ZWebhookAttemptSchema = z.object({
  attempt: z.number().int().describe('1 for the first attempt'),
  attempted_at: z.string().describe('ISO 8601 time of the attempt'),
  response_code: z.number().int().nullable().describe('HTTP status of the answer, null if none came'),
  response_excerpt: z.string().nullable().describe('Start of the answer\'s body'),
  error_message: z.string().nullable().describe('Why the attempt failed, null on success'),
  duration_ms: z.number().int().nullable().describe('Time to the answer, milliseconds'),
}).meta({ id: 'WebhookAttempt' });
export type TWebhookAttempt = z.infer<typeof ZWebhookAttemptSchema>;

/** Path parameters of one delivery. */
export const ZDeliveryParams = z.object({
  id: z.string().max(100).describe('Webhook id'),
  deliveryId: z.string().max(100).describe('Delivery id'),
});

/** Path parameter of GET /api/webhooks/{mailingListId}. */
export const ZMailingListIdParams = z.object({
  mailingListId: z.string().max(100).describe('The mailing list'),
});

/**
 * The body of a scan delivery: `{type, timestamp, data}` (Standard Webhooks). `data` carries the
 * list, record and short link, plus only the webhook's `included_fields`.
 */
export const ZWebhookScanEventSchema = z.object({
  type: z.string().describe('scan.first, scan.every or webhook.test'),
  timestamp: z.string().describe('ISO 8601 time the event happened'),
  data: z.object({
    scan_id: z.string().describe('The scan'),
    mailing_list: z.object({ id: z.string(), name: z.string() }).describe('The list'),
    record_id: z.string().describe('The record'),
    short_link: z.string().describe('The record\'s short link'),
    scan_count: z.number().int().describe('Human scans of this mail piece so far'),
    scan_timestamp: z.string().optional().describe('ISO 8601 time of the scan (scan_timestamp)'),
    location: z.object({
      city: z.string().nullable(), region: z.string().nullable(), country: z.string().nullable(),
    }).optional().describe('Where the scan came from (scan_location)'),
    device: z.object({
      type: z.string().nullable(), os: z.string().nullable(), browser: z.string().nullable(),
    }).optional().describe('The scanning device (scan_location)'),
    contact: z.record(z.string(), z.string()).optional()
      .describe('Name, company, email, phone and address fields of the record (contact_info)'),
    custom_fields: z.record(z.string(), z.string()).optional().describe('custom_1 … custom_10 of the record (custom_fields)'),
  }).describe('The event'),
}).meta({ id: 'WebhookScanEvent' });
export type TWebhookScanEvent = z.infer<typeof ZWebhookScanEventSchema>;
