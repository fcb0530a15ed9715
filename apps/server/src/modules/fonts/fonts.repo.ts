import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { fonts } from '../../db/schema/index.js';

/** Database access for the fonts table (spec 000 §3 Font). */
export const fontsRepo = {
  /** Every font, ordered by PostScript name. */
  list: async (db: Db) => db.select().from(fonts).orderBy(asc(fonts.postscriptName)),

  /** One font by id, or undefined. */
  findById: async (db: Db, id: string) => (await db.select().from(fonts).where(eq(fonts.id, id)).limit(1))[0],

  /** Inserts fonts that are missing by PostScript name; existing rows are left alone. */
  insertMissing: async (db: Db, rows: Array<{ postscriptName: string; isFallback: boolean; fileKey: string }>) =>
    db.insert(fonts).values(rows).onConflictDoNothing({ target: fonts.postscriptName }),
};
