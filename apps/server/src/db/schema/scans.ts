import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';
import { mailingListRecords, mailingLists } from './mailing-lists.js';

/**
 * Every request to a short link (spec 000 §3 Scan), written before the redirect answers. `ip` is
 * cleared after 30 days (the location derived from it stays). Bots and link
 * scanners are kept with `is_bot` and left out of every count; `is_first` marks the first human
 * scan of the record.
 */
export const scans = pgTable('scans', {
  id: uuid('id').primaryKey().defaultRandom(),
  code: text('code').notNull(),
  recordId: uuid('record_id').notNull().references(() => mailingListRecords.id, { onDelete: 'cascade' }),
  listId: uuid('list_id').notNull().references(() => mailingLists.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull().defaultNow(),
  ip: text('ip'),
  city: text('city'),
  region: text('region'),
  country: text('country'),
  latitude: real('latitude'),
  longitude: real('longitude'),
  deviceType: text('device_type'),
  os: text('os'),
  browser: text('browser'),
  userAgent: text('user_agent'),
  referrer: text('referrer'),
  isBot: boolean('is_bot').notNull().default(false),
  isFirst: boolean('is_first').notNull().default(false),
}, (t) => [
  index('scans_list_time_idx').on(t.listId, t.scannedAt),
  index('scans_user_time_idx').on(t.userId, t.scannedAt),
  index('scans_record_idx').on(t.recordId),
  index('scans_ip_purge_idx').on(t.scannedAt).where(sql`${t.ip} is not null`),
]);
