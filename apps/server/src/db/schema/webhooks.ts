import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { WebhookEventType, WebhookIncludedField } from '@mailcraft/shared';
import { users } from './users.js';
import { mailingLists } from './mailing-lists.js';

/**
 * Per-list webhooks (spec 000 §3 Webhook). `secret_key` is the Standard Webhooks signing secret
 * (whsec_ + base64); `failing_since` is set by the first failed delivery after a success and
 * cleared by the next success; `disabled_reason` says why the server turned it off.
 */
export const webhooks = pgTable('webhooks', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  mailingListId: uuid('mailing_list_id').notNull().references(() => mailingLists.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  endpointUrl: text('endpoint_url').notNull(),
  eventTypes: jsonb('event_types').$type<WebhookEventType[]>().notNull(),
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
 * every attempt in `webhook_attempts`.
 */
export const webhookDeliveries = pgTable('webhook_deliveries', {
  id: uuid('id').primaryKey().defaultRandom(),
  webhookId: uuid('webhook_id').notNull().references(() => webhooks.id, { onDelete: 'cascade' }),
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
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('webhook_deliveries_webhook_idx').on(t.webhookId, t.createdAt),
  // A scan's event reaches each webhook once, even when the fan-out job runs twice.
  uniqueIndex('webhook_deliveries_message_idx').on(t.webhookId, t.messageId),
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
