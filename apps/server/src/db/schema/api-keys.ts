import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid, boolean } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * API keys of the Print-on-Demand API (docs/requirements/print-on-demand-api.md#data): only the SHA-256 of the key is stored
 * (`key_hash`); `prefix` (mode and first characters) and `last4` let the owner recognise it.
 */
export const apiKeys = pgTable('api_keys', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  keyHash: text('key_hash').notNull().unique(),
  prefix: text('prefix').notNull(),
  last4: text('last4').notNull(),
  mode: text('mode').$type<'live' | 'test'>().notNull(),
  scopes: jsonb('scopes').$type<string[]>().notNull(),
  rateLimit: integer('rate_limit').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('api_keys_user_idx').on(t.userId)]);

/**
 * Requests per key per minute (docs/requirements/print-on-demand-api.md#print-on-demand-api: the limit holds across every server process sharing the
 * database). Old windows are deleted by the hourly purge.
 */
export const apiRateWindows = pgTable('api_rate_windows', {
  keyId: uuid('key_id').notNull().references(() => apiKeys.id, { onDelete: 'cascade' }),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.keyId, t.windowStart] })]);

/**
 * Wrong API keys per client (an IPv4 address, or an IPv6 /64) in a fixed one-minute window: past
 * the limit the client gets 429 and no key is looked up for it, in every process sharing the
 * database (docs/requirements/print-on-demand-api.md#keys). One upsert counts a wrong key and
 * starts a new window once the old one is over; the hourly purge deletes old windows.
 */
export const apiKeyFailures = pgTable('api_key_failures', {
  client: text('client').primaryKey(),
  count: integer('count').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('api_key_failures_window_start_idx').on(t.windowStart)]);
