import { z } from 'zod';
import {
  NOTIFICATION_EVENTS, NOTIFICATION_MESSAGES as M, NOTIFICATION_RETRY, NOTIFICATION_TYPES, SCHEDULE_TYPES, splitRecipients,
} from './notification-rules.js';

/** A carrier's email-to-SMS gateway (docs/requirements/notifications.md#carrier GET /api/carriers). */
export const ZCarrierSchema = z.object({
  id: z.string().describe('Carrier id, e.g. verizon'),
  name: z.string().describe('Carrier name'),
  country: z.string().describe('ISO 3166-1 alpha-2 country code'),
  gateway_domain: z.string().describe('The gateway: an SMS to 5551234567 is an email to 5551234567@{gateway_domain}'),
  retired: z.boolean().describe('The carrier has shut its gateway down; it cannot be chosen'),
}).meta({ id: 'Carrier' });
export type TCarrier = z.infer<typeof ZCarrierSchema>;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Webhook notification settings kept in `variable_mapping` (docs/requirements/maps.md#data). */
export const ZNotificationVariableMappingSchema = z.object({
  selectedFields: z.array(z.string().max(64)).max(60).default([]).describe('Record and scan fields sent in the body'),
  variables: z.array(z.object({
    field: z.string().max(64).describe('Record or scan field'),
    param: z.string().max(64).describe('Query parameter name'),
  })).max(60).default([]).describe('Fields appended to the URL as query parameters'),
  staticParams: z.array(z.object({
    name: z.string().max(64).describe('Query parameter name'),
    value: z.string().max(500).describe('Its fixed value'),
  })).max(20).default([]).describe('Fixed query parameters'),
}).describe('Webhook fields, variables and static parameters');

const base = {
  name: z.string().trim().max(200).default('').describe('Name of the notification'),
  project_id: z.uuid({ error: 'Invalid project ID' }).describe('The project'),
  mailing_list_id: z.uuid({ error: M.invalidList }).describe('The mailing list whose scans and pieces it reports'),
  events: z.array(z.enum(NOTIFICATION_EVENTS)).min(1, M.eventRequired).max(NOTIFICATION_EVENTS.length).default(['scan'])
    .describe('What it reports: scan (the list\'s QR code scans, the default) and/or the delivery events mail.in_transit, mail.out_for_delivery, mail.delivered, mail.returned of its pieces'),
  schedule_type: z.enum(SCHEDULE_TYPES).default('immediate').describe('immediate, or a daily, weekly or monthly digest'),
  schedule_time: z.string().regex(HHMM, M.scheduleTime).nullish().describe('HH:MM (24 h) in `timezone`, for digests'),
  schedule_day: z.number().int().nullish().describe('Weekly: 0 (Sunday)–6; monthly: 1–31 (the last day of shorter months)'),
  timezone: z.string().max(64).default('UTC').describe('IANA time zone of the schedule, e.g. America/New_York'),
  is_active: z.boolean().default(true).describe('Whether it is sent'),
  send_first_scan_only: z.boolean().default(false).describe('Only the first scan of each record (scans only; delivery events are each sent once)'),
  retry_count: z.number().int().min(NOTIFICATION_RETRY.count.min, M.retryCount).max(NOTIFICATION_RETRY.count.max, M.retryCount)
    .default(NOTIFICATION_RETRY.count.default).describe('Retries after a failed delivery (0–10)'),
  retry_delay: z.number().int().min(NOTIFICATION_RETRY.delaySeconds.min, M.retryDelay).max(NOTIFICATION_RETRY.delaySeconds.max, M.retryDelay)
    .default(NOTIFICATION_RETRY.delaySeconds.default).describe('Seconds between retries (60–3600)'),
};

/**
 * POST /api/notifications and PUT /api/notifications/{id} (docs/requirements/maps.md#data): the fields of
 * one type; the others are ignored. SMS needs name, phone and carrier; email a name and a
 * recipient; webhook a name and an endpoint URL. Digests need a time, weekly a weekday, monthly a
 * day; the time zone must exist (checked by the server).
 */
export const ZNotificationInputSchema = z.object({
  type: z.enum(NOTIFICATION_TYPES).describe('sms, email or webhook'),
  ...base,
  phone_number: z.string().trim().max(32).nullish().describe('SMS: the phone number (digits; +1 and punctuation are dropped)'),
  carrier_id: z.string().max(64).nullish().describe('SMS: the carrier (GET /api/carriers)'),
  sms_template: z.string().max(1000).nullish().describe('SMS: Liquid template; default lists name, address, scan time and total scans'),
  email_recipients: z.string().max(2000).nullish().describe('Email: recipients, comma-joined'),
  subject: z.string().max(300).nullish().describe('Email: Liquid subject template'),
  email_template: z.string().max(10_000).nullish().describe('Email: Liquid body template'),
  endpoint_url: z.string().trim().max(2000).nullish().describe('Webhook: the endpoint URL (http or https)'),
  variable_mapping: ZNotificationVariableMappingSchema.nullish().describe('Webhook: fields, URL variables and static parameters'),
}).superRefine((v, ctx) => {
  const need = (ok: boolean, message: string) => {
    if (!ok) ctx.addIssue({ code: 'custom', message });
  };
  if (v.type === 'sms') need(!!v.name && !!v.phone_number && !!v.carrier_id, M.smsRequired);
  if (v.type === 'email') need(!!v.name && splitRecipients(v.email_recipients ?? '').length > 0, M.emailRequired);
  if (v.type === 'webhook') need(!!v.name && !!v.endpoint_url, M.webhookRequired);
  if (v.schedule_type !== 'immediate') need(!!v.schedule_time, M.scheduleTime);
  if (v.schedule_type === 'weekly') need(v.schedule_day != null && v.schedule_day >= 0 && v.schedule_day <= 6, M.scheduleWeekday);
  if (v.schedule_type === 'monthly') need(v.schedule_day != null && v.schedule_day >= 1 && v.schedule_day <= 31, M.scheduleMonthDay);
});
export type TNotificationInput = z.input<typeof ZNotificationInputSchema>;

/** A notification as the API answers it (docs/requirements/notifications.md#notification). */
export const ZNotificationSchema = z.object({
  id: z.string().describe('Notification id'),
  type: z.enum(NOTIFICATION_TYPES).describe('sms, email or webhook'),
  name: z.string().describe('Name'),
  project_id: z.string().nullable().describe('The project'),
  mailing_list_id: z.string().describe('The mailing list'),
  events: z.array(z.enum(NOTIFICATION_EVENTS)).describe('What it reports: scan and/or delivery events'),
  phone_number: z.string().nullable().describe('SMS phone number'),
  carrier_id: z.string().nullable().describe('SMS carrier'),
  sms_template: z.string().nullable().describe('SMS template'),
  email_recipients: z.string().nullable().describe('Email recipients, comma-joined'),
  subject: z.string().nullable().describe('Email subject template'),
  email_template: z.string().nullable().describe('Email body template'),
  endpoint_url: z.string().nullable().describe('Webhook endpoint URL'),
  secret_key: z.string().nullable().describe('Webhook signing secret (Standard Webhooks, whsec_…)'),
  variable_mapping: ZNotificationVariableMappingSchema.nullable().describe('Webhook fields, URL variables and static parameters'),
  schedule_type: z.enum(SCHEDULE_TYPES).describe('immediate, daily, weekly or monthly'),
  schedule_time: z.string().nullable().describe('HH:MM in `timezone`'),
  schedule_day: z.number().int().nullable().describe('Weekday 0–6 or day of month 1–31'),
  timezone: z.string().describe('IANA time zone'),
  is_active: z.boolean().describe('Whether it is sent'),
  send_first_scan_only: z.boolean().describe('Only the first scan of each record'),
  retry_count: z.number().int().describe('Retries after a failure'),
  retry_delay: z.number().int().describe('Seconds between retries'),
  created_at: z.string().describe('ISO 8601 creation time'),
}).meta({ id: 'Notification' });
export type TNotification = z.infer<typeof ZNotificationSchema>;

/** GET /api/notifications?project={id}&listId={id}. */
export const ZNotificationsQuerySchema = z.object({
  project: z.uuid({ error: 'Invalid project ID' }).optional().describe('Only this project\'s notifications'),
  listId: z.uuid({ error: M.invalidList }).optional().describe('Only this list\'s notifications'),
});

/** One delivery of a notification (docs/requirements/notifications.md#delivery-history-entry history entry). */
export const ZNotificationDeliverySchema = z.object({
  id: z.string().describe('Delivery id'),
  status: z.string().describe('success, failed or pending (anything else shows as other)'),
  created_at: z.string().describe('ISO 8601 time the delivery was queued'),
  scan_timestamp: z.string().nullable().describe('The time of the scan it reports — a QR code scan, or the USPS scan of a delivery event (null for a digest or a test)'),
  city: z.string().nullable().describe('City of the scan'),
  country: z.string().nullable().describe('Country of the scan'),
  response_code: z.number().int().nullable().describe('HTTP status (webhook) or SMTP reply code of the last attempt'),
  response_body: z.unknown().nullable().describe('The last answer (JSON): HTTP body excerpt or SMTP response'),
  attempts: z.number().int().describe('Attempts made'),
  next_retry: z.string().nullable().describe('When the next attempt is due, or null'),
  error_message: z.string().nullable().describe('Why the last attempt failed'),
}).meta({ id: 'NotificationDelivery' });
export type TNotificationDelivery = z.infer<typeof ZNotificationDeliverySchema>;

/** POST /api/notifications/sms/test (docs/requirements/maps.md#api). */
export const ZSmsTestSchema = z.object({
  phoneNumber: z.string().trim().max(32).default('').describe('Phone number'),
  carrierId: z.string().max(64).default('').describe('Carrier id'),
  content: z.string().max(1000).optional().describe('Template to render (default: the default SMS template)'),
  isLivePreview: z.boolean().optional().describe('Render with the list\'s first record instead of sample values'),
  listId: z.uuid({ error: M.invalidList }).optional().describe('The list whose first record fills a live preview'),
}).refine((v) => v.phoneNumber && v.carrierId, { message: M.smsTestRequired });

/** POST /api/notifications/email/test (docs/requirements/maps.md#api). */
export const ZEmailTestSchema = z.object({
  recipients: z.union([z.string().max(2000), z.array(z.string().max(320)).max(20)]).default('').describe('Recipients, comma-joined or a list'),
  subject: z.string().max(300).optional().describe('Subject template'),
  content: z.string().max(10_000).optional().describe('Body template'),
}).refine((v) => splitRecipients(v.recipients).length > 0, { message: M.emailTestRequired });

/** POST /api/notifications/webhook/test (docs/requirements/maps.md#api): sends a signed `notification.test` event to the composed URL. */
export const ZWebhookNotificationTestSchema = z.object({
  endpointUrl: z.string().trim().max(4000).default('').describe('The composed URL (base URL with its query parameters)'),
  mailingListFields: z.record(z.string(), z.string().max(1000)).default({}).describe('Record fields to send'),
  scanData: z.record(z.string(), z.string().max(1000)).default({}).describe('Scan fields to send'),
  secretKey: z.string().max(200).optional().describe('Signing secret of the notification being tested'),
}).refine((v) => v.endpointUrl, { message: M.webhookTestRequired });

/** The answer of a test send: what went out, to whom. */
export const ZNotificationTestResultSchema = z.object({
  message: z.string().describe('e.g. Test SMS sent successfully'),
  to: z.array(z.string()).describe('Addresses or URL it went to'),
  rendered: z.string().describe('The rendered message (SMS text, email subject, or request body)'),
  outbox: z.boolean().describe('True when no SMTP server is configured and the mail was kept in the outbox'),
}).meta({ id: 'NotificationTestResult' });

/** One message kept in the outbox because no SMTP server is configured (docs/requirements/notifications.md#notifications). */
export const ZOutboxMessageSchema = z.object({
  id: z.string().describe('Message id'),
  to: z.string().describe('Recipients, comma-joined (an SMS gateway address for a text message)'),
  subject: z.string().describe('Subject'),
  text: z.string().describe('Plain-text body'),
  html: z.string().nullable().describe('HTML body, when the message has one'),
  created_at: z.string().describe('ISO 8601 time it would have been sent'),
}).meta({ id: 'OutboxMessage' });
export type TOutboxMessage = z.infer<typeof ZOutboxMessageSchema>;

/** GET /api/outbox: how mail leaves the server, and the user's kept messages, newest first. */
export const ZOutboxSchema = z.object({
  delivery: z.enum(['smtp', 'outbox']).describe('smtp: sent through SMTP_URL; outbox: SMTP_URL is unset and mail is kept here'),
  messages: z.array(ZOutboxMessageSchema).describe('The latest 100 kept messages, newest first'),
}).meta({ id: 'Outbox' });
export type TOutbox = z.infer<typeof ZOutboxSchema>;
