import { boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Fonts offered in the designer (docs/requirements/designer.md#fonts). `fileKey` is a storage key of the TTF. */
export const fonts = pgTable('fonts', {
  id: uuid('id').primaryKey().defaultRandom(),
  postscriptName: text('postscript_name').notNull().unique(),
  isFallback: boolean('is_fallback').notNull().default(false),
  fileKey: text('file_key').notNull(),
  /** Name shown in the designer (docs/requirements/administration.md#administration admin fonts); null = the PostScript name. */
  displayName: text('display_name'),
  /** Family and sub-family from the font's name table (uploaded fonts). */
  family: text('family'),
  subfamily: text('subfamily'),
  glyphCount: integer('glyph_count'),
  sizeBytes: integer('size_bytes'),
  /** The administrator who uploaded it; null for the built-in fonts. */
  uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
