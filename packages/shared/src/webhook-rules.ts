import { MAIL_EVENT_TYPES } from './tracking.js';

/**
 * Per-list webhooks (docs/requirements/webhooks.md#webhook): event types, included fields, defaults, retry
 * schedule and messages, apart from the zod schemas of webhooks.ts so the webhooks page does not
 * load zod (docs/architecture.md#first-load-budget).
 */

/**
 * Events a list's webhook subscribes to (docs/requirements/webhooks.md#webhook `event_types`): its records' scans
 * (`first_scan`, `every_scan`) and its pieces' delivery events (docs/requirements/mail-tracking.md#delivery-events:
 * `mail.in_transit`, `mail.out_for_delivery`, `mail.delivered`, `mail.returned`).
 */
export const WEBHOOK_EVENT_TYPES = ['first_scan', 'every_scan', ...MAIL_EVENT_TYPES] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** Whether `type` is an event type of a list's webhook (a scan or delivery event), not an order event (an account's order webhook). */
export const isScanEventType = (type: string): type is WebhookEventType => (WEBHOOK_EVENT_TYPES as readonly string[]).includes(type);
/** The `type` each event type is delivered as (a delivery event keeps its own name); `webhook.test` is the 'Send test event' button's. */
export const WEBHOOK_EVENT_NAMES = {
  first_scan: 'scan.first', every_scan: 'scan.every',
  'mail.in_transit': 'mail.in_transit', 'mail.out_for_delivery': 'mail.out_for_delivery', 'mail.delivered': 'mail.delivered', 'mail.returned': 'mail.returned',
} as const satisfies Record<WebhookEventType, string>;
export const WEBHOOK_TEST_EVENT = 'webhook.test';
/** Parts of the scan a delivery carries (docs/requirements/webhooks.md#webhook `included_fields`). */
export const WEBHOOK_INCLUDED_FIELDS = ['contact_info', 'scan_location', 'scan_timestamp', 'custom_fields'] as const;
export type WebhookIncludedField = (typeof WEBHOOK_INCLUDED_FIELDS)[number];

/** New webhook defaults (docs/requirements/projects.md#rules): first_scan on, every_scan off; all but custom_fields included. */
export const WEBHOOK_DEFAULTS = {
  event_types: ['first_scan'] as WebhookEventType[],
  included_fields: ['contact_info', 'scan_location', 'scan_timestamp'] as WebhookIncludedField[],
};

/**
 * Delivery attempts, in seconds after the previous failure: immediately, 5 s, 5 min, 30 min, 2 h,
 * 5 h, 10 h, 10 h (Standard Webhooks / Svix schedule; docs/decisions/README.md#library-choices).
 */
export const WEBHOOK_RETRY_SCHEDULE_SECONDS = [0, 5, 300, 1800, 7200, 18000, 36000, 36000] as const;
/** One attempt waits this long for the endpoint's answer. */
export const WEBHOOK_TIMEOUT_SECONDS = 15;
/** An endpoint that has failed every delivery for this long is disabled. */
export const WEBHOOK_DISABLE_AFTER_DAYS = 5;
/** Characters of an endpoint's answer kept in the delivery log. */
export const WEBHOOK_RESPONSE_EXCERPT_CHARS = 1000;

/** Messages of the webhook screens (docs/requirements/projects.md#rules) and the server's validation. */
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
  /**
   * The delivery log's reason for a delivery queued before the owner's plan lost `webhooks`: it is
   * finished without a call (docs/requirements/webhooks.md#plan-gating).
   */
  notSentPlan: 'Not sent: your plan no longer includes webhooks',
  /** The webhooks screen's banner while the plan lacks `webhooks`: saved webhooks are kept but send nothing. */
  pausedByPlan: 'Your webhooks are paused: your plan does not include webhooks',
} as const;

/** Statuses of a delivery: pending (attempts left), success, failed (gave up). */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'success', 'failed'] as const;

/** Whether `u` is an http(s) URL without credentials (docs/requirements/projects.md#rules: the endpoint is a URL field). */
export function isWebhookUrl(u: string): boolean {
  try {
    const url = new URL(u);
    return ['http:', 'https:'].includes(url.protocol) && !url.username && !url.password;
  } catch {
    return false;
  }
}

/**
 * The first problem of an Add Webhook form, in the words the server answers with, or null:
 * name required, endpoint URL required and valid, at least one event.
 */
export function webhookFormError(v: { name: string; endpoint_url: string; event_types: readonly string[] }): string | null {
  if (!v.name.trim()) return WEBHOOK_MESSAGES.nameRequired;
  if (!v.endpoint_url.trim()) return WEBHOOK_MESSAGES.urlRequired;
  if (!isWebhookUrl(v.endpoint_url.trim())) return WEBHOOK_MESSAGES.urlInvalid;
  if (v.event_types.length === 0) return WEBHOOK_MESSAGES.eventRequired;
  return null;
}
