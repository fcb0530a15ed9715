import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { OrderEventType, WebhookEventType, WebhookIncludedField } from '@mailcraft/shared';
import { users } from './users.js';
import { mailingLists } from './mailing-lists.js';

/**
 * Webhooks: a list's (docs/requirements/webhooks.md#webhook: its scans) or, without a list, the account's order
 * webhooks (order events of one mode: `test` for the orders of test keys, else live ones).
 * `secret_key` is the Standard Webhooks signing secret (whsec_ + base64); `failing_since` is set
 * by the first failed delivery after a success and cleared by the next success;
 * `disabled_reason` says why the server turned it off.
 */
export const webhooks = pgTable('webhooks', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** The list whose scans it receives; null for an account's order webhook. */
  mailingListId: uuid('mailing_list_id').references(() => mailingLists.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  endpointUrl: text('endpoint_url').notNull(),
  /** Scan events (first_scan, every_scan) for a list's webhook; order events (order.rendered, …) for an order webhook. */
  eventTypes: jsonb('event_types').$type<Array<WebhookEventType | OrderEventType>>().notNull(),
  /** An order webhook registered with a test key: it receives test orders' events only (false: live orders' only). */
  test: boolean('test').notNull().default(false),
  includedFields: jsonb('included_fields').$type<WebhookIncludedField[]>().notNull(),
  isActive: boolean('is_active').notNull().default(true),
  secretKey: text('secret_key').notNull(),
  successCount: integer('success_count').notNull().default(0),
  failureCount: integer('failure_count').notNull().default(0),
  lastTriggered: timestamp('last_triggered', { withTimezone: true }),
  failingSince: timestamp('failing_since', { withTimezone: true }),
  disabledReason: text('disabled_reason'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('webhooks_list_idx').on(t.mailingListId), index('webhooks_user_idx').on(t.userId)]);

/**
 * One event for one webhook (a message, in Standard Webhooks terms): `message_id` is the
 * `webhook-id` header of every attempt and resend; the latest attempt's outcome is kept here and
 * every attempt in `webhook_attempts`. The pending rows are the delivery queue, drained fairly
 * between owners: `user_id` is the webhook's owner; `due_at` is when the next attempt may start —
 * while `sending`, the end of the attempt's lease (a dispatcher that died is taken over then) —
 * and null once the delivery has succeeded or failed.
 */
export const webhookDeliveries = pgTable('webhook_deliveries', {
  id: uuid('id').primaryKey().defaultRandom(),
  webhookId: uuid('webhook_id').notNull().references(() => webhooks.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull(),
  messageId: text('message_id').notNull(),
  eventType: text('event_type').notNull(),
  payload: jsonb('payload').$type<object>().notNull(),
  status: text('status').$type<'pending' | 'success' | 'failed'>().notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  responseCode: integer('response_code'),
  responseExcerpt: text('response_excerpt'),
  errorMessage: text('error_message'),
  nextRetry: timestamp('next_retry', { withTimezone: true }),
  lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
  dueAt: timestamp('due_at', { withTimezone: true }),
  sending: boolean('sending').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('webhook_deliveries_webhook_idx').on(t.webhookId, t.createdAt),
  // A scan's event reaches each webhook once, even when the fan-out job runs twice.
  uniqueIndex('webhook_deliveries_message_idx').on(t.webhookId, t.messageId),
  // The queue: owners in order, each one's attempts by due time; and each owner's attempts out.
  index('webhook_deliveries_due_idx').on(t.userId, t.dueAt).where(sql`${t.dueAt} IS NOT NULL`),
  index('webhook_deliveries_sending_idx').on(t.userId).where(sql`${t.sending}`),
]);

/** Every attempt of a delivery, for the delivery log. */
export const webhookAttempts = pgTable('webhook_attempts', {
  id: uuid('id').primaryKey().defaultRandom(),
  deliveryId: uuid('delivery_id').notNull().references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
  attempt: integer('attempt').notNull(),
  attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
  responseCode: integer('response_code'),
  responseExcerpt: text('response_excerpt'),
  errorMessage: text('error_message'),
  durationMs: integer('duration_ms'),
}, (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.attempt)]);
