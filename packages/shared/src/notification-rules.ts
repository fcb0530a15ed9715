import { DELIVERY_EVENT_LABELS } from './delivery-event-rules.js';
import { MAIL_EVENT_TYPES } from './tracking.js';

/**
 * Scan and delivery notifications (docs/requirements/notifications.md#notification Notifications, §5, §8, §9): types, schedules,
 * limits, default templates and messages, written once for the server and the web app. Apart from
 * the zod schemas in notifications.ts (docs/requirements/workflow.md#clear-states-and-fast-pages: pages load zod only when they validate).
 */

/** How a notification is delivered (docs/requirements/maps.md#data). */
export const NOTIFICATION_TYPES = ['sms', 'email', 'webhook'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** When it is sent (docs/requirements/notifications.md#rules): at each scan, or a digest of the period's scans. */
export const SCHEDULE_TYPES = ['immediate', 'daily', 'weekly', 'monthly'] as const;
export type ScheduleType = (typeof SCHEDULE_TYPES)[number];

/**
 * What a notification reports (docs/requirements/notifications.md#rules; docs/requirements/mail-tracking.md#delivery-events): the list's
 * human scans (`scan`, the default) and/or its pieces' delivery events.
 */
export const NOTIFICATION_EVENTS = ['scan', ...MAIL_EVENT_TYPES] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];
/** How the forms name each event a notification can report. */
export const NOTIFICATION_EVENT_LABELS: Record<NotificationEvent, string> = { scan: 'QR code scan', ...DELIVERY_EVENT_LABELS };

/** Retries of a failed delivery (docs/requirements/qr-codes.md#rules): count 0–10 (default 3), delay 60–3600 s (default 300). */
export const NOTIFICATION_RETRY = {
  count: { min: 0, max: 10, default: 3 },
  delaySeconds: { min: 60, max: 3600, default: 300 },
} as const;

/** An SMS is at most this many characters; longer messages are cut at a word (docs/requirements/qr-codes.md#rules, docs/requirements/notifications.md#notifications). */
export const SMS_MAX_CHARS = 160;

/** Scan variables every notification template can use (docs/requirements/notifications.md#notification field lists). */
export const NOTIFICATION_SCAN_FIELDS = ['scan_timestamp', 'scan_location', 'scan_ip', 'scan_user_agent', 'scan_count'] as const;
/** Record variables the notification field lists add to the QR fields (docs/requirements/maps.md#data). */
export const NOTIFICATION_EXTRA_FIELDS = ['company_name', 'phone', 'cell_phone', 'sequence'] as const;

/** Default SMS template: name, address, scan time and total scans (docs/requirements/maps.md#limits). Liquid syntax. */
export const DEFAULT_SMS_TEMPLATE =
  'Scan: {{ full_name }}, {{ address }}, {{ city_state_zip }} at {{ scan_timestamp }}. Total scans: {{ scan_count }}';
/** Default email subject, with the contact's first and last name (docs/requirements/maps.md#limits). */
export const DEFAULT_EMAIL_SUBJECT = 'QR code scanned by {{ first_name }} {{ last_name }}';
/** Default email body. */
export const DEFAULT_EMAIL_TEMPLATE = [
  '{{ first_name }} {{ last_name }} scanned the QR code on their mail piece.',
  '',
  'Address: {{ address }}, {{ city_state_zip }}',
  'Email: {{ email }}',
  'Scanned at: {{ scan_timestamp }} ({{ scan_location }})',
  'Total scans: {{ scan_count }}',
].join('\n');

/**
 * Variables of a delivery event (docs/requirements/mail-tracking.md#delivery-events) beside the record's fields: `mail_recipient`
 * (the addressee's name, else the record), `mail_status` ('Delivered'), `mail_stage` (the stage reached in words),
 * `mail_occurred_at` (the scan's time in the notification's zone), `mail_facility` ('City, ST 12345' or 'Unknown
 * facility'), `imb`, `mail_simulated` ('yes' for a simulated scan, else 'no').
 */
export const NOTIFICATION_MAIL_FIELDS = ['mail_recipient', 'mail_status', 'mail_stage', 'mail_occurred_at', 'mail_facility', 'imb', 'mail_simulated'] as const;

/**
 * Default templates of a delivery-event message, naming the piece's addressee and its stage. A notification that
 * reports delivery events only starts from these; one that reports scans too keeps the scan defaults for scans and
 * sends these for delivery events unless its templates were changed.
 */
export const DEFAULT_MAIL_SMS_TEMPLATE = '{{ mail_status }}: mail piece for {{ mail_recipient }}, {{ address }}, {{ city_state_zip }} ({{ mail_occurred_at }}, {{ mail_facility }})';
export const DEFAULT_MAIL_EMAIL_SUBJECT = '{{ mail_status }}: mail piece for {{ mail_recipient }}';
export const DEFAULT_MAIL_EMAIL_TEMPLATE = [
  'The mail piece for {{ mail_recipient }} is now: {{ mail_stage }}.',
  '',
  'Address: {{ address }}, {{ city_state_zip }}',
  'Scanned at: {{ mail_occurred_at }} ({{ mail_facility }})',
  'Record: {{ record_id }}',
  'IMb: {{ imb }}',
].join('\n');

/** Delivery statuses of the history (docs/requirements/notifications.md#rules); anything else shows as 'other'. */
export const NOTIFICATION_DELIVERY_STATUSES = ['pending', 'success', 'failed'] as const;
export type NotificationDeliveryStatus = (typeof NOTIFICATION_DELIVERY_STATUSES)[number];

/** Session-expiry warning (docs/requirements/account-and-settings.md#session-check): poll, countdown and silent check, in seconds. */
export const SESSION_WARNING = { pollSeconds: 60, countdownSeconds: 300, silentCheckSeconds: 300 } as const;
/** After a webhook notification is saved the screen reloads after this long (docs/requirements/maps.md#limits), in ms. */
export const WEBHOOK_SAVE_RELOAD_MS = 2_000;

/** Validation, failure and success messages of the notification screens (docs/requirements/qr-codes.md#rules). */
export const NOTIFICATION_MESSAGES = {
  smsRequired: 'Name, phone number, and carrier are required',
  smsTestRequired: 'Phone number and carrier are required',
  emailRequired: 'Name and at least one recipient are required',
  emailTestRequired: 'At least one valid recipient email is required',
  webhookRequired: 'Name and endpoint URL are required',
  webhookTestRequired: 'A composed webhook URL is required',
  invalidList: 'Invalid mailing list ID',
  eventRequired: 'Choose at least one event to notify about',
  retryCount: `Retry count must be between ${NOTIFICATION_RETRY.count.min} and ${NOTIFICATION_RETRY.count.max}`,
  retryDelay: `Retry delay must be between ${NOTIFICATION_RETRY.delaySeconds.min} and ${NOTIFICATION_RETRY.delaySeconds.max} seconds`,
  scheduleTime: 'Daily, weekly and monthly notifications need a time (HH:MM)',
  scheduleWeekday: 'Weekly notifications need a weekday from 0 (Sunday) to 6',
  scheduleMonthDay: 'Monthly notifications need a day from 1 to 31',
  timezone: 'Unknown time zone',
  carrierRetired: 'This carrier no longer delivers email-to-SMS messages; choose another carrier',
  carrierUnknown: 'Unknown carrier',
  loadCarriersFailed: 'Failed to load carriers',
  loadPreviewFailed: 'Failed to load preview data',
  saveSmsFailed: 'Failed to save SMS notification',
  /** Not in docs/requirements/notifications.md#messages (it names no email save failure): worded as the SMS one. */
  saveEmailFailed: 'Failed to save email notification',
  testSmsFailed: 'Failed to send test SMS',
  deleteFailed: 'Failed to delete notification',
  loadFailed: 'Failed to load notification',
  saveWebhookFailed: 'Failed to save webhook',
  testWebhookFailed: 'Failed to test webhook',
  deleteWebhookFailed: 'Failed to delete webhook',
  copySecretFailed: 'Failed to copy secret key',
  testEmailFailed: 'Failed to send test email',
  /** A test send to an address that is neither the account's own nor saved in one of its notifications (the server adds which). */
  testRecipientRefused: 'Test messages go only to your own email address or to addresses and phone numbers saved in your notifications',
  loadListFailed: 'Failed to load notifications',
  historyFailed: 'Failed to fetch notification history',
  historyEmpty: 'No delivery history available.',
  smsSaved: 'SMS notification saved successfully',
  smsTested: 'Test SMS sent successfully',
  deleted: 'Notification deleted successfully',
  webhookSaved: 'Webhook saved successfully',
  webhookDeleted: 'Webhook deleted successfully',
  secretCopied: 'Secret key copied to clipboard',
  webhookTested: 'Test webhook sent successfully',
  emailSaved: 'Email notification saved successfully',
  emailTested: 'Test email sent successfully',
  sessionTitle: 'Your session is about to expire',
  /**
   * The history's reason for a delivery queued before the owner's plan lost `notifications`: it is
   * finished without sending (docs/requirements/notifications.md#plan-gating).
   */
  notSentPlan: 'Not sent: your plan no longer includes notifications',
  /** The configuration screen's banner while the plan lacks `notifications`: saved notifications are kept but send nothing. */
  pausedByPlan: 'Your notifications are paused: your plan does not include notifications',
} as const;

/** The upgrade message of a notification type without the `notifications` feature (docs/requirements/plans-and-billing.md#plan-gating). */
export const notificationUpgradeMessage = (type: NotificationType): string =>
  `You need to upgrade your plan to save ${type === 'sms' ? 'SMS' : type} notifications`;

/**
 * `text` cut to at most `max` characters at a word boundary, with '…' when cut (docs/requirements/qr-codes.md#rules: an
 * SMS is cut sensibly, not mid-word). A single word longer than the limit is cut inside it.
 */
export function cutAtWord(text: string, max: number = SMS_MAX_CHARS): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const room = clean.slice(0, max - 1);
  const space = room.lastIndexOf(' ');
  const cut = space > max / 2 ? room.slice(0, space) : room;
  return `${cut.replace(/[\s,.;:–-]+$/, '')}…`;
}

/** Valid email addresses of a comma- or semicolon-joined list (or a list), trimmed, at most 20. */
export function splitRecipients(value: string | string[]): string[] {
  const parts = (Array.isArray(value) ? value : value.split(/[,;]/)).map((s) => s.trim()).filter(Boolean);
  return parts.filter((s) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s)).slice(0, 20);
}

/** Map variables (docs/requirements/qr-codes.md#field-groups groups: Maps), offered once the list has route maps. */
export const NOTIFICATION_MAP_FIELDS = ['map_image', 'distance', 'duration'] as const;

/**
 * The variable picker's groups (docs/requirements/notifications.md#notification field lists): the record's standard
 * fields (company_name, phone, cell_phone and sequence included), custom, USPS, maps (only when
 * `withMaps`), the scan's fields and a delivery event's. The same names render in SMS, email and webhook templates.
 */
export function notificationVariableGroups(withMaps: boolean): Array<{ group: string; fields: string[] }> {
  const record = [
    'first_name', 'middle_name', 'last_name', 'full_name', 'company_name', 'email', 'phone', 'cell_phone',
    'address', 'address_2', 'city', 'state', 'zip', 'city_state_zip', 'record_id', 'sequence',
  ];
  return [
    { group: 'Mailing list', fields: record },
    { group: 'Custom', fields: Array.from({ length: 10 }, (_, i) => `custom_${i + 1}`) },
    { group: 'USPS', fields: ['no', 'ase', 'oel', 'presorttrayid', 'presortdate', 'imbno', 'encodedimbno'] },
    ...(withMaps ? [{ group: 'Maps', fields: [...NOTIFICATION_MAP_FIELDS] }] : []),
    { group: 'Scan', fields: [...NOTIFICATION_SCAN_FIELDS] },
    { group: 'Delivery', fields: [...NOTIFICATION_MAIL_FIELDS] },
  ];
}
