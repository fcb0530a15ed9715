import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedPerDb } from '../../db/prepared.js';
import { columnMappings, mailingLists } from '../../db/schema/index.js';
import { isUuid } from '../../platform/ids.js';

export type ColumnMappingRow = typeof columnMappings.$inferSelect;

/** A list of a user with its saved mappings, a prepared statement (the public API's recipient search runs it on every call). */
const preparedListWithMappings = preparedPerDb((db) => db.select({ list: mailingLists, mapping: columnMappings }).from(mailingLists)
  .leftJoin(columnMappings, eq(columnMappings.listId, mailingLists.id))
  .where(and(eq(mailingLists.id, sql.placeholder('listId')), eq(mailingLists.userId, sql.placeholder('userId')))).limit(1)
  .prepare('owned_list_with_mappings'));

/**
 * Database access for saved column mappings (one row per list). Callers check that the list
 * belongs to the user first: this table has no owner column of its own.
 */
export const columnMappingsRepo = {
  find: async (db: Db, listId: string): Promise<ColumnMappingRow | undefined> =>
    (await db.select().from(columnMappings).where(eq(columnMappings.listId, listId)).limit(1))[0],

  /** One of the user's lists with its saved mappings (or null), in one statement; undefined when it is not the user's. */
  ownedListWithMappings: async (db: Db, userId: string, listId: string) => {
    if (!isUuid(listId)) return undefined;
    return (await preparedListWithMappings(db).execute({ listId, userId }))[0];
  },

  /** Inserts or replaces the mappings of a list. */
  upsert: async (db: Db, listId: string, mappings: Record<string, string>, fieldSettings: { capitalization: Record<string, string> }) =>
    db
      .insert(columnMappings)
      .values({ listId, mappings, fieldSettings })
      .onConflictDoUpdate({ target: columnMappings.listId, set: { mappings, fieldSettings, updatedAt: new Date() } }),
};
