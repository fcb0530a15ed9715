import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid, boolean } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * API keys of the Print-on-Demand API (spec 002 §3): only the SHA-256 of the key is stored
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
 * Requests per key per minute (issue 10: the limit holds across every server process sharing the
 * database). Old windows are deleted by the hourly purge.
 */
export const apiRateWindows = pgTable('api_rate_windows', {
  keyId: uuid('key_id').notNull().references(() => apiKeys.id, { onDelete: 'cascade' }),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.keyId, t.windowStart] })]);
