import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { effects } from '../../db/schema/index.js';

export type EffectRow = typeof effects.$inferSelect;

/** Database access for the effects table (docs/requirements/administration.md#administration Admin → Effects). */
export const effectsRepo = {
  /** Every effect, ordered by name. */
  list: async (db: Db) => db.select().from(effects).orderBy(asc(effects.name)),

  /** One effect by id, or undefined. */
  findById: async (db: Db, id: string) => (await db.select().from(effects).where(eq(effects.id, id)).limit(1))[0],

  /** The effects of these ids that exist (any order). */
  findByIds: async (db: Db, ids: string[]) => (ids.length === 0 ? [] : db.select().from(effects).where(inArray(effects.id, ids))),

  /** Adds an effect; undefined when its name is taken (the unique index decides). */
  insert: async (db: Db, row: typeof effects.$inferInsert): Promise<EffectRow | undefined> =>
    (await db.insert(effects).values(row).onConflictDoNothing({ target: effects.name }).returning())[0],

  /** Changes an effect; undefined when it does not exist. Throws the database's unique violation (23505) for a name in use. */
  update: async (db: Db, id: string, set: { name: string; kind: string; params: Record<string, unknown> }): Promise<EffectRow | undefined> =>
    (await db.update(effects).set({ ...set, updatedAt: new Date() }).where(eq(effects.id, id)).returning())[0],

  /** Deletes an effect; the deleted row, or undefined when it did not exist. */
  delete: async (db: Db, id: string): Promise<EffectRow | undefined> => (await db.delete(effects).where(eq(effects.id, id)).returning())[0],
};
