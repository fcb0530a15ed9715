import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Fonts offered in the designer (spec 000 §3 Font). `fileKey` is a storage key of the TTF. */
export const fonts = pgTable('fonts', {
  id: uuid('id').primaryKey().defaultRandom(),
  postscriptName: text('postscript_name').notNull().unique(),
  isFallback: boolean('is_fallback').notNull().default(false),
  fileKey: text('file_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
