import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TQrConfigRecord, TQrStyle } from '@mailcraft/shared';
import { users } from './users.js';
import { mailingListRecords, mailingLists } from './mailing-lists.js';

/** A list's QR configuration (docs/requirements/maps.md#data "QR configuration", "QR style options"). */
export const qrConfigs = pgTable('qr_configs', {
  id: uuid('id').primaryKey().defaultRandom(),
  listId: uuid('list_id').notNull().unique().references(() => mailingLists.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  baseUrl: text('base_url').notNull(),
  variableMapping: jsonb('variable_mapping').$type<TQrConfigRecord['variable_mapping']>().notNull(),
  style: jsonb('style').$type<TQrStyle>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One short link per record (docs/requirements/scans-and-analytics.md#scan-recording, departing from docs/requirements/notifications.md#rules's base64 record id): `code` is
 * random (CSPRNG, 62-character alphabet), stable for the record's life and never reused — when
 * the record or list is deleted the row stays with `record_id` and `list_id` null, so the code
 * answers 404 and no new link can take it. Counters are of human scans only.
 */
export const shortLinks = pgTable('short_links', {
  code: text('code').primaryKey(),
  recordId: uuid('record_id').unique().references(() => mailingListRecords.id, { onDelete: 'set null' }),
  listId: uuid('list_id').references(() => mailingLists.id, { onDelete: 'set null' }),
  scanCount: integer('scan_count').notNull().default(0),
  firstScannedAt: timestamp('first_scanned_at', { withTimezone: true }),
  lastScannedAt: timestamp('last_scanned_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('short_links_list_idx').on(t.listId)]);
