import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';
import { projects } from './projects.js';

/** Uploaded mailing lists (docs/requirements/projects.md#data). Headers are the trimmed, de-duplicated column names. */
export const mailingLists = pgTable('mailing_lists', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  headers: jsonb('headers').$type<string[]>().notNull(),
  rowCount: integer('row_count').notNull().default(0),
  fileKey: text('file_key'),
  sourceFormat: text('source_format').notNull(),
  /** Every record is in the search index (set by the 'lists.index-search' job; until then search reads every record). */
  searchReady: boolean('search_ready').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('mailing_lists_user_idx').on(t.userId)]);

/**
 * One row per record, values in header order exactly as imported. `id` is the record id that
 * personal URLs (QR codes) carry; `rowIndex` keeps list order (0-based).
 */
export const mailingListRecords = pgTable('mailing_list_records', {
  listId: uuid('list_id').notNull().references(() => mailingLists.id, { onDelete: 'cascade' }),
  rowIndex: integer('row_index').notNull(),
  id: uuid('id').notNull().defaultRandom().unique(),
  values: jsonb('values').$type<string[]>().notNull(),
  /**
   * In the trigram search index (a partial GIN index over `values::text`, migration 0015). Imports
   * write false, so an upload never pays for the index; the 'lists.index-search' job sets it after.
   */
  searchIndexed: boolean('search_indexed').notNull().default(false),
  /** Fixes the user accepted at the address check (docs/requirements/print.md#print), standard field → value; the imported `values` stay as they were. */
  overrides: jsonb('overrides').$type<Record<string, string>>().notNull().default({}),
  /** Left out of print files by the user at the address check (docs/requirements/print.md#print). */
  excluded: boolean('excluded').notNull().default(false),
  /** Address-check issue codes the user chose to ignore for this record (docs/requirements/address-checks.md#ignored-issues): not reported again. */
  ignoredIssues: jsonb('ignored_issues').$type<string[]>().notNull().default([]),
}, (t) => [primaryKey({ columns: [t.listId, t.rowIndex] })]);

/** Column mappings of a list (docs/requirements/mailing-lists.md#mappings). */
export const columnMappings = pgTable('column_mappings', {
  listId: uuid('list_id').primaryKey().references(() => mailingLists.id, { onDelete: 'cascade' }),
  mappings: jsonb('mappings').$type<Record<string, string>>().notNull(),
  fieldSettings: jsonb('field_settings').$type<{ capitalization?: Record<string, string> }>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
