import { asc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { fonts, users } from '../../db/schema/index.js';

export type FontRow = typeof fonts.$inferSelect;

/** Database access for the fonts table (docs/requirements/designer.md#fonts; docs/requirements/administration.md#administration admin fonts). */
export const fontsRepo = {
  /** Every font, ordered by PostScript name. */
  list: async (db: Db) => db.select().from(fonts).orderBy(asc(fonts.postscriptName)),

  /** Every font with the email of the administrator who uploaded it, ordered by PostScript name. */
  listWithUploader: async (db: Db) =>
    db.select({ font: fonts, uploaderEmail: users.email }).from(fonts).leftJoin(users, eq(users.id, fonts.uploadedBy)).orderBy(asc(fonts.postscriptName)),

  /** One font by id, or undefined. */
  findById: async (db: Db, id: string) => (await db.select().from(fonts).where(eq(fonts.id, id)).limit(1))[0],

  /** One font by PostScript name, or undefined. */
  findByName: async (db: Db, postscriptName: string) => (await db.select().from(fonts).where(eq(fonts.postscriptName, postscriptName)).limit(1))[0],

  /** Inserts fonts that are missing by PostScript name; existing rows are left alone. */
  insertMissing: async (db: Db, rows: Array<{ postscriptName: string; isFallback: boolean; fileKey: string }>) =>
    db.insert(fonts).values(rows).onConflictDoNothing({ target: fonts.postscriptName }),

  /** Adds an uploaded font; undefined when its PostScript name is taken (the unique index decides). */
  insert: async (db: Db, row: typeof fonts.$inferInsert): Promise<FontRow | undefined> =>
    (await db.insert(fonts).values(row).onConflictDoNothing({ target: fonts.postscriptName }).returning())[0],

  /** Renames a font (null = show the PostScript name). */
  setDisplayName: async (db: Db, id: string, displayName: string | null) => {
    await db.update(fonts).set({ displayName }).where(eq(fonts.id, id));
  },

  /** Makes `id` the one fallback font: every other font stops being it. Call inside a transaction. */
  makeFallback: async (db: Db, id: string) => {
    await db.update(fonts).set({ isFallback: false }).where(ne(fonts.id, id));
    await db.update(fonts).set({ isFallback: true }).where(eq(fonts.id, id));
  },

  /** Deletes a font row; true when it existed. */
  delete: async (db: Db, id: string): Promise<boolean> =>
    (await db.delete(fonts).where(eq(fonts.id, id)).returning({ id: fonts.id })).length > 0,
};
