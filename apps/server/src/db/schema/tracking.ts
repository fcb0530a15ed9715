import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { MailStage, TrackingSource } from '@mailcraft/shared';
import { orders } from './orders.js';
import { printJobs } from './print-jobs.js';
import { users } from './users.js';

/**
 * The serial numbers a Mailer ID has handed out (docs/requirements/mail-tracking.md#imb-assignment): `next_seq` counts every
 * serial ever assigned for the MID, across accounts and processes; a piece's serial is `seq mod 10^digits` (9 digits
 * for a 6-digit MID, 6 for a 9-digit one), so a serial comes back only after the whole range was used — and the
 * allocator refuses when that would be within 45 days of the serial's last use (USPS: unique for at least 45 days).
 * Ranges are taken with one `UPDATE … RETURNING`, so two processes never get the same serials.
 */
export const imbSerialCounters = pgTable('imb_serial_counters', {
  mailerId: text('mailer_id').primaryKey(),
  nextSeq: bigint('next_seq', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One printed mail piece with its Intelligent Mail barcode (docs/requirements/mail-tracking.md): a piece of a print file
 * (`print_job_id`, `piece_number` its 1-based place in the file) or an on-demand order (`order_id`). `imb` is the
 * 31-digit-at-most tracking code + routing code, digits only; `mailer_id`/`serial` are parsed from it (also for a
 * list's own `imbno`), `seq` is the allocator's sequence number (null for a list's own IMb). `stage` and `stage_at`
 * are the latest normalised tracking stage and its time, null until the first scan; `in_home_at` the estimated
 * in-home time (the `delivered` stage). `address` holds the printed address lines (the manifest's columns).
 * Stored with `fillfactor` 70 (migration 0030): a scan moves a piece's stage up to five times, and the room left on each
 * page lets most of those updates stay on the page without new index entries (docs/requirements/mail-tracking.md#limits).
 */
export const mailPieces = pgTable('mail_pieces', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  printJobId: uuid('print_job_id').references(() => printJobs.id, { onDelete: 'cascade' }),
  orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
  pieceNumber: integer('piece_number').notNull(),
  listId: uuid('list_id'),
  recordId: uuid('record_id'),
  /** The record's 1-based number in its list, as the preflight and the manifest name it. */
  recordNumber: integer('record_number'),
  imb: text('imb').notNull(),
  barcodeId: text('barcode_id').notNull(),
  serviceTypeId: text('service_type_id').notNull(),
  mailerId: text('mailer_id').notNull(),
  serial: text('serial').notNull(),
  routing: text('routing').notNull(),
  seq: bigint('seq', { mode: 'number' }),
  /** Whether the product assigned the IMb (false: the list's own `imbno`). */
  assigned: boolean('assigned').notNull(),
  /** A test piece (a test order, or a print job marked for simulation): only simulated scans reach it. */
  test: boolean('test').notNull().default(false),
  address: jsonb('address').$type<{ name: string; lines: string[]; city: string; state: string; zip: string }>().notNull(),
  stage: text('stage').$type<MailStage>(),
  stageAt: timestamp('stage_at', { withTimezone: true }),
  inHomeAt: timestamp('in_home_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('mail_pieces_job_piece_idx').on(t.printJobId, t.pieceNumber),
  uniqueIndex('mail_pieces_order_idx').on(t.orderId),
  index('mail_pieces_match_idx').on(t.mailerId, t.serial, t.createdAt),
  index('mail_pieces_user_idx').on(t.userId, t.createdAt),
  // A page of a list's recipients finds each record's latest piece (docs/requirements/mail-tracking.md#timelines-and-analytics).
  index('mail_pieces_record_idx').on(t.recordId, t.createdAt),
]);

/**
 * One tracking event of a piece (docs/requirements/mail-tracking.md#scan-data): an IV-MTR piece scan matched to it, or a
 * simulated one. `occurred_at` is the scan time as an instant; `occurred_tz` the zone or offset the feed gave it in
 * (shown as the facility's local time). `dedupe_key` (operation code + scan time + facility ZIP) makes a scan that
 * arrives twice — pushed and uploaded, or fetched again — one event: the primary key is the piece and that key, and the
 * table has no other index but the pull's partial one and no foreign key (a file import writes a million rows: each
 * index and foreign-key check is paid per row; the owner is the piece's). A piece's events go with it: a statement
 * trigger on `mail_pieces` deletes them (migration 0031), also when a print file or an account is deleted. Events are
 * stored only for pieces read in the same batch. The timeline names an event by its dedupe key.
 */
export const trackingEvents = pgTable('tracking_events', {
  /** The piece (no foreign key, checked per row: the trigger `mail_pieces_events_gone` removes a deleted piece's events). */
  pieceId: uuid('piece_id').notNull(),
  stage: text('stage').$type<MailStage>().notNull(),
  operationCode: text('operation_code').notNull(),
  occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  occurredTz: text('occurred_tz'),
  facilityZip: text('facility_zip'),
  facilityCity: text('facility_city'),
  facilityState: text('facility_state'),
  source: text('source').$type<TrackingSource>().notNull(),
  importId: uuid('import_id'),
  dedupeKey: text('dedupe_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ name: 'tracking_events_pkey', columns: [t.pieceId, t.dedupeKey] }),
  index('tracking_events_pulled_idx').on(t.occurredAt).where(sql`${t.source} = 'pull'`),
]);

/**
 * One batch of scan data taken in (docs/requirements/mail-tracking.md#scan-data): a push, an uploaded file or a fetch.
 * Counts every row: matched to a piece (new events + duplicates), unknown IMbs (`unmatched`, the first 100 kept in
 * `unmatched_samples`), and rows that could not be read (`error` names the first bad line; the batch then stored nothing).
 */
export const trackingImports = pgTable('tracking_imports', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  source: text('source').$type<TrackingSource>().notNull(),
  filename: text('filename'),
  status: text('status').$type<'running' | 'done' | 'failed'>().notNull().default('running'),
  rows: integer('rows').notNull().default(0),
  matched: integer('matched').notNull().default(0),
  duplicates: integer('duplicates').notNull().default(0),
  unmatched: integer('unmatched').notNull().default(0),
  unmatchedSamples: jsonb('unmatched_samples').$type<string[]>().notNull().default([]),
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
}, (t) => [index('tracking_imports_user_idx').on(t.userId, t.createdAt)]);
