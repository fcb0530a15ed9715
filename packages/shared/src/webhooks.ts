import { z } from 'zod';
import { pageQuery } from './http/common.js';

/** Scan events a webhook subscribes to (spec 000 §3 Webhook `event_types`). */
export const WEBHOOK_EVENT_TYPES = ['first_scan', 'every_scan'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** The `type` each event type is delivered as; `webhook.test` is the 'Send test event' button's. */
export const WEBHOOK_EVENT_NAMES = { first_scan: 'scan.first', every_scan: 'scan.every' } as const;
export const WEBHOOK_TEST_EVENT = 'webhook.test';
/** Parts of the scan a delivery carries (spec 000 §3 Webhook `included_fields`). */
export const WEBHOOK_INCLUDED_FIELDS = ['contact_info', 'scan_location', 'scan_timestamp', 'custom_fields'] as const;
export type WebhookIncludedField = (typeof WEBHOOK_INCLUDED_FIELDS)[number];

/** New webhook defaults (spec 000 §5): first_scan on, every_scan off; all but custom_fields included. */
export const WEBHOOK_DEFAULTS = {
  event_types: ['first_scan'] as WebhookEventType[],
  included_fields: ['contact_info', 'scan_location', 'scan_timestamp'] as WebhookIncludedField[],
};

/**
 * Delivery attempts, in seconds after the previous failure: immediately, 5 s, 5 min, 30 min, 2 h,
 * 5 h, 10 h, 10 h (Standard Webhooks / Svix schedule; DESIGN.md "Next areas").
 */
export const WEBHOOK_RETRY_SCHEDULE_SECONDS = [0, 5, 300, 1800, 7200, 18000, 36000, 36000] as const;
/** One attempt waits this long for the endpoint's answer. */
export const WEBHOOK_TIMEOUT_SECONDS = 15;
/** An endpoint that has failed every delivery for this long is disabled. */
export const WEBHOOK_DISABLE_AFTER_DAYS = 5;
/** Characters of an endpoint's answer kept in the delivery log. */
export const WEBHOOK_RESPONSE_EXCERPT_CHARS = 1000;

/** Messages of the webhook screens (spec 000 §5, §8) and the server's validation. */
export const WEBHOOK_MESSAGES = {
  fetchFailed: 'Failed to fetch webhooks',
  createFailed: 'Failed to create webhook',
  toggleFailed: 'Failed to toggle webhook',
  deleteFailed: 'Failed to delete webhook',
  confirmDelete: 'Are you sure you want to delete this webhook?',
  nameRequired: 'Name is required',
  urlRequired: 'Endpoint URL is required',
  urlInvalid: 'Endpoint URL must be a valid http:// or https:// URL',
  eventRequired: 'Choose at least one event',
  upgrade: 'You need to upgrade your plan to save webhooks',
  privateAddress: 'Endpoint URL must not point to a private, loopback or link-local address',
} as const;

const ZEndpointUrl = z.string().trim().min(1, WEBHOOK_MESSAGES.urlRequired).max(2000)
  .refine((u) => {
    try {
      const url = new URL(u);
      return ['http:', 'https:'].includes(url.protocol) && !url.username && !url.password;
    } catch { return false; }
  }, WEBHOOK_MESSAGES.urlInvalid)
  .describe('Where deliveries are POSTed (http or https; no credentials in the URL)');

/** POST /api/webhooks (spec 000 §7). */
export const ZWebhookCreateSchema = z.object({
  name: z.string().trim().min(1, WEBHOOK_MESSAGES.nameRequired).max(100).describe('Name shown in the list'),
  endpoint_url: ZEndpointUrl,
  event_types: z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1, WEBHOOK_MESSAGES.eventRequired).max(2)
    .default(WEBHOOK_DEFAULTS.event_types).describe('first_scan, every_scan'),
  included_fields: z.array(z.enum(WEBHOOK_INCLUDED_FIELDS)).max(4)
    .default(WEBHOOK_DEFAULTS.included_fields).describe('Parts of the scan each delivery carries'),
  mailing_list_id: z.string().min(1).max(100).describe('The list whose scans are delivered'),
}).meta({ id: 'WebhookCreate' });
export type TWebhookCreate = z.input<typeof ZWebhookCreateSchema>;

/** PATCH /api/webhooks/{id} (spec 000 §4): turn a webhook on or off. Turning it on clears a disable. */
export const ZWebhookPatchSchema = z.object({
  is_active: z.boolean().describe('Deliver scans to this endpoint'),
}).meta({ id: 'WebhookPatch' });

/** A webhook (spec 000 §3). */
export const ZWebhookSchema = z.object({
  id: z.string().describe('Webhook id'),
  name: z.string().describe('Name'),
  endpoint_url: z.string().describe('Endpoint URL'),
  event_types: z.array(z.enum(WEBHOOK_EVENT_TYPES)).describe('Subscribed events'),
  included_fields: z.array(z.enum(WEBHOOK_INCLUDED_FIELDS)).describe('Included parts of the scan'),
  is_active: z.boolean().describe('Whether scans are delivered'),
  success_rate: z.number().nullable().describe('Successful deliveries ÷ finished deliveries, percent; null before the first'),
  last_triggered: z.string().nullable().describe('ISO 8601 time of the latest delivery attempt'),
  secret_key: z.string().describe('Signing secret, whsec_ + base64 (Standard Webhooks)'),
  mailing_list_id: z.string().describe('The list'),
  created_at: z.string().describe('ISO 8601 creation time'),
  disabled_reason: z.string().nullable().describe('Why the server turned the webhook off (410 Gone, failing for 5 days), or null'),
}).meta({ id: 'Webhook' });
export type TWebhook = z.infer<typeof ZWebhookSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'success', 'failed'] as const;

/** One delivery of an event to a webhook, with its latest attempt. */
export const ZWebhookDeliverySchema = z.object({
  id: z.string().describe('Delivery id'),
  message_id: z.string().describe('The webhook-id header: the same on every attempt and resend'),
  event_type: z.string().describe('scan.first, scan.every or webhook.test'),
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
