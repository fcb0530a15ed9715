import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid, boolean } from 'drizzle-orm/pg-core';
import { apiKeys } from './api-keys.js';
import { mailingLists } from './mailing-lists.js';
import { projects } from './projects.js';
import { users } from './users.js';

/**
 * Print-on-Demand orders (docs/requirements/print-on-demand-api.md#order): one personalised piece each. `recipient` keeps the
 * fields the piece was made with (a snapshot: the list may change later).
 */
export const orders = pgTable('orders', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  apiKeyId: uuid('api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
  test: boolean('test').notNull(),
  orderType: text('order_type').$type<'mailing' | 'reinforcement'>().notNull(),
  deliveryType: text('delivery_type').notNull(),
  format: text('format').notNull(),
  projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
  templateId: text('template_id').notNull(),
  mailingListId: uuid('mailing_list_id').references(() => mailingLists.id, { onDelete: 'set null' }),
  recipientId: uuid('recipient_id'),
  reinforcementId: text('reinforcement_id'),
  /** The other reinforcements ordered with this one (each its own order; docs/requirements/print-on-demand-api.md#data additionalReinforcements). */
  additionalReinforcements: jsonb('additional_reinforcements').$type<string[]>().notNull().default([]),
  recipient: jsonb('recipient').$type<Record<string, string>>().notNull(),
  qrUrl: text('qr_url'),
  status: text('status').$type<'pending' | 'rendered' | 'printed' | 'mailed' | 'cancelled' | 'failed'>().notNull().default('pending'),
  costCents: integer('cost_cents').notNull(),
  message: text('message').notNull(),
  fileKey: text('file_key'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('orders_user_idx').on(t.userId, t.createdAt)]);

/**
 * Idempotency keys of API POSTs (docs/requirements/print-on-demand-api.md#print-on-demand-api, as Stripe's): the first answer to a key is kept 24 h and
 * replayed for the same request; `status` null while the first is still running.
 */
export const idempotencyKeys = pgTable('idempotency_keys', {
  apiKeyId: uuid('api_key_id').notNull().references(() => apiKeys.id, { onDelete: 'cascade' }),
  key: text('key').notNull(),
  requestHash: text('request_hash').notNull(),
  status: integer('status'),
  response: text('response'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.apiKeyId, t.key] })]);
