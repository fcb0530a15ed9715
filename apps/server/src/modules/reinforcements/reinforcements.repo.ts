import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { designs } from '../../db/schema/index.js';
import type { StoredReinforcement } from '../../db/schema/projects.js';

/**
 * Reinforcement slots ('r1'…'r3'), stored in the `reinforcements` column of a project's design row.
 * Callers must have checked that the project is the user's: the row is keyed by project id only.
 * Reading one project's slots goes through the designs service (`findStoredReinforcements`).
 */
export const reinforcementsRepo = {
  /** The reinforcement slots of several projects in one query, by project id (projects without a design are absent). */
  reinforcementsOf: async (db: Db, projectIds: string[]): Promise<Map<string, Record<string, StoredReinforcement>>> => {
    if (projectIds.length === 0) return new Map();
    const rows = await db.select({ projectId: designs.projectId, reinforcements: designs.reinforcements }).from(designs).where(inArray(designs.projectId, projectIds));
    return new Map(rows.map((r) => [r.projectId, r.reinforcements]));
  },

  /**
   * Writes one reinforcement slot ('r1'…'r3') with a jsonb merge, so saving it never overwrites
   * the main design or another slot saved at the same time. Creates the design row when the
   * project has none yet (version 0: the first save of the main design is still version 1).
   */
  putReinforcement: async (db: Db, projectId: string, slot: string, value: StoredReinforcement): Promise<void> => {
    const patch = JSON.stringify({ [slot]: value });
    await db.insert(designs).values({ projectId, reinforcements: { [slot]: value }, version: 0 })
      .onConflictDoUpdate({ target: designs.projectId, set: { reinforcements: sql`${designs.reinforcements} || ${patch}::jsonb` } });
  },

  /** Removes one reinforcement slot; true when it existed. */
  deleteReinforcement: async (db: Db, projectId: string, slot: string): Promise<boolean> =>
    (await db.update(designs).set({ reinforcements: sql`${designs.reinforcements} - ${slot}::text` })
      .where(and(eq(designs.projectId, projectId), sql`(${designs.reinforcements} -> ${slot}::text) is not null`))
      .returning({ id: designs.projectId })).length > 0,
};
