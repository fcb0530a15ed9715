import { boolean, index, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { mailingListRecords } from './mailing-lists.js';

/**
 * Every request to a short link (docs/requirements/scans-and-analytics.md#scan), written before the redirect answers. `ip` is
 * cleared after 30 days (the location derived from it stays). Bots and link
 * scanners are kept with `is_bot` and left out of every count; `is_first` marks the first human
 * scan of the record.
 */
export const scans = pgTable('scans', {
  id: uuid('id').primaryKey().defaultRandom(),
  code: text('code').notNull(),
  recordId: uuid('record_id').notNull().references(() => mailingListRecords.id, { onDelete: 'cascade' }),
  // No foreign keys on list_id and user_id: deleting a list or user deletes its records, and a
  // record's scans go with it (record_id); two fewer checks per insert on the redirect's hot path.
  listId: uuid('list_id').notNull(),
  userId: uuid('user_id').notNull(),
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
  // Scans arrive in time order: a BRIN index finds old ones for the IP purge at almost no insert cost.
  index('scans_time_brin_idx').using('brin', t.scannedAt),
]);
