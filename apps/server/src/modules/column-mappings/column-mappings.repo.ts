import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { columnMappings } from '../../db/schema/index.js';

export type ColumnMappingRow = typeof columnMappings.$inferSelect;

/**
 * Database access for saved column mappings (one row per list). Callers check that the list
 * belongs to the user first: this table has no owner column of its own.
 */
export const columnMappingsRepo = {
  find: async (db: Db, listId: string): Promise<ColumnMappingRow | undefined> =>
    (await db.select().from(columnMappings).where(eq(columnMappings.listId, listId)).limit(1))[0],

  /** Inserts or replaces the mappings of a list. */
  upsert: async (db: Db, listId: string, mappings: Record<string, string>, fieldSettings: { capitalization: Record<string, string> }) =>
    db
      .insert(columnMappings)
      .values({ listId, mappings, fieldSettings })
      .onConflictDoUpdate({ target: columnMappings.listId, set: { mappings, fieldSettings, updatedAt: new Date() } }),
};
