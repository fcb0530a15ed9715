import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Request counters of the routes limited with `@fastify/rate-limit` (sign-in, sign-up, password
 * reset, account changes, test sends, the short links' SCAN_RATE_LIMIT), shared by every process
 * on the database (docs/architecture.md#security-baseline; `platform/shared-rate-limit.ts`). One row per
 * route and client bucket, `key` = '{METHOD} {route}|{bucket}'; `count` is the requests since the
 * window began, and the window ends at `expires_at` (set by the database clock at the first request).
 * One upsert counts a batch of requests and starts a new window once the old one is over; rows
 * expired for a minute are deleted by the store itself now and then. UNLOGGED (migration 0027, written by
 * hand: drizzle-kit cannot say it): counters need no write-ahead log.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
}, (t) => [index('rate_limits_expires_idx').on(t.expiresAt)]);

/**
 * Leases of heavy work running now (docs/architecture.md#bounded-work-in-threads; `platform/work-slots.ts`):
 * one row per import, effect preview, address check or data export in progress, in any process
 * on the database. `kind` names the slots ('list-import', …), `holder` the process (host, pid and a
 * random tag), `expires_at` the end of the lease: the holder renews it while the work runs and
 * deletes the row when it ends, so the slots of a process that died free themselves once their
 * lease runs out (60 s). Rows past `expires_at` count for nothing and are deleted at the next take.
 * UNLOGGED (migration 0027, by hand): PostgreSQL empties it after a crash, which frees every slot.
 */
export const workSlots = pgTable('work_slots', {
  id: uuid('id').primaryKey(),
  kind: text('kind').notNull(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  holder: text('holder').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
}, (t) => [index('work_slots_kind_idx').on(t.kind, t.expiresAt), index('work_slots_user_idx').on(t.userId)]);
