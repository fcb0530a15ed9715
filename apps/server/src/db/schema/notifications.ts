import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { NotificationDeliveryStatus, NotificationEvent, NotificationType, ScheduleType } from '@mailcraft/shared';
import { users } from './users.js';
import { mailingLists } from './mailing-lists.js';
import { projects } from './projects.js';

/**
 * Carriers' email-to-SMS gateways (docs/requirements/notifications.md#carrier), seeded by migration 0008 from the
 * `email-to-phone` package's list (Apache-2.0) and carriers' own pages. `retired` gateways are
 * listed so an old notification still names its carrier, but cannot be chosen.
 */
export const carriers = pgTable('carriers', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  country: text('country').notNull(),
  gatewayDomain: text('gateway_domain').notNull(),
  retired: boolean('retired').notNull().default(false),
  notes: text('notes'),
});

/**
 * Scan and delivery notifications by SMS, email or webhook (docs/requirements/notifications.md#notification): `events` is
 * what they report — 'scan' (the list's human scans) and/or delivery events of its pieces
 * (docs/requirements/mail-tracking.md#delivery-events).
 */
export const notifications = pgTable('notifications', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
  mailingListId: uuid('mailing_list_id').notNull().references(() => mailingLists.id, { onDelete: 'cascade' }),
  type: text('type').$type<NotificationType>().notNull(),
  name: text('name').notNull(),
  events: jsonb('events').$type<NotificationEvent[]>().notNull().default(['scan']),
  phoneNumber: text('phone_number'),
  carrierId: text('carrier_id').references(() => carriers.id),
  smsTemplate: text('sms_template'),
  emailRecipients: text('email_recipients'),
  subject: text('subject'),
  emailTemplate: text('email_template'),
  endpointUrl: text('endpoint_url'),
  secretKey: text('secret_key'),
  variableMapping: jsonb('variable_mapping').$type<{ selectedFields: string[]; variables: Array<{ field: string; param: string }>; staticParams: Array<{ name: string; value: string }> }>(),
  scheduleType: text('schedule_type').$type<ScheduleType>().notNull().default('immediate'),
  scheduleTime: text('schedule_time'),
  scheduleDay: integer('schedule_day'),
  timezone: text('timezone').notNull().default('UTC'),
  isActive: boolean('is_active').notNull().default(true),
  sendFirstScanOnly: boolean('send_first_scan_only').notNull().default(false),
  retryCount: integer('retry_count').notNull().default(3),
  retryDelay: integer('retry_delay').notNull().default(300),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('notifications_list_idx').on(t.mailingListId), index('notifications_user_idx').on(t.userId)]);

/**
 * One message of a notification (docs/requirements/notifications.md#delivery-history-entry history entry): for one scan (immediate)
 * or one period (a digest, `period_key` e.g. 'daily:2026-11-24'), or a test. The latest
 * attempt's outcome is kept here; `dedupe_key` makes a retried fan-out or digest run send once.
 * The pending rows are the sending queue, drained fairly between owners: `user_id` is the
 * notification's owner; `due_at` is when the next attempt may start — while `sending`, the end of
 * the attempt's lease — and null once the delivery has succeeded or failed.
 */
export const notificationDeliveries = pgTable('notification_deliveries', {
  id: uuid('id').primaryKey().defaultRandom(),
  notificationId: uuid('notification_id').notNull().references(() => notifications.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull(),
  dedupeKey: text('dedupe_key').notNull(),
  status: text('status').$type<NotificationDeliveryStatus>().notNull().default('pending'),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  scanTimestamp: timestamp('scan_timestamp', { withTimezone: true }),
  city: text('city'),
  country: text('country'),
  responseCode: integer('response_code'),
  responseBody: jsonb('response_body'),
  attempts: integer('attempts').notNull().default(0),
  nextRetry: timestamp('next_retry', { withTimezone: true }),
  errorMessage: text('error_message'),
  dueAt: timestamp('due_at', { withTimezone: true }),
  sending: boolean('sending').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('notification_deliveries_notification_idx').on(t.notificationId, t.createdAt),
  uniqueIndex('notification_deliveries_dedupe_idx').on(t.notificationId, t.dedupeKey),
  // The queue: owners in order, each one's attempts by due time; and each owner's attempts out.
  index('notification_deliveries_due_idx').on(t.userId, t.dueAt).where(sql`${t.dueAt} IS NOT NULL`),
  index('notification_deliveries_sending_idx').on(t.userId).where(sql`${t.sending}`),
]);

/**
 * Mail the server would have sent when no SMTP server is configured (`SMTP_URL` unset): kept
 * here and shown to its owner on the Outbox page, so the quick start runs the real path with no
 * mail server (docs/requirements/notifications.md#notifications). `user_id` is the owner the mail was sent for (null for sign-in mail).
 */
export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('mail_outbox_user_idx').on(t.userId, t.createdAt)]);

/**
 * Scans and delivery events waiting for a digest (daily, weekly or monthly notifications, docs/requirements/notifications.md#rules):
 * the fan-outs keep each one's variables here; the digest run of the period sends them in one message. A delivery
 * event's `scan_id` is derived from its piece and event (one item per piece and event), its `scanned_at` the time
 * it counts in (see the delivery fan-out).
 */
export const notificationDigestItems = pgTable('notification_digest_items', {
  notificationId: uuid('notification_id').notNull().references(() => notifications.id, { onDelete: 'cascade' }),
  scanId: uuid('scan_id').notNull(),
  scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull(),
  variables: jsonb('variables').$type<Record<string, string>>().notNull(),
}, (t) => [
  uniqueIndex('notification_digest_items_scan_idx').on(t.notificationId, t.scanId),
  index('notification_digest_items_time_idx').on(t.notificationId, t.scannedAt),
]);
