import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TDesignTemplate } from '@mailcraft/shared';
import type { StoredReinforcement } from '../../db/schema/projects.js';
import type { Db } from '../../db/client.js';
import { numberValue, rowsOf } from '../../db/raw-rows.js';
import { designs } from '../../db/schema/index.js';

export type DesignRow = typeof designs.$inferSelect;

/** The fields a save writes; `thumbnails` maps a side ('inside' | 'outside') to a storage key. */
export type DesignValues = {
  templateDataInside: TDesignTemplate;
  templateDataOutside: TDesignTemplate | null;
  hasContent: boolean;
  thumbnails: Record<string, string>;
};

/**
 * Project designs (one row per project). Callers must have checked that the project is the
 * user's: the row is keyed by project id only.
 */
export const designsRepo = {
  /** The reinforcement slots of several projects in one query, by project id (projects without a design are absent). */
  reinforcementsOf: async (db: Db, projectIds: string[]): Promise<Map<string, DesignRow['reinforcements']>> => {
    if (projectIds.length === 0) return new Map();
    const rows = await db.select({ projectId: designs.projectId, reinforcements: designs.reinforcements }).from(designs).where(inArray(designs.projectId, projectIds));
    return new Map(rows.map((r) => [r.projectId, r.reinforcements]));
  },

  find: async (db: Db, projectId: string): Promise<DesignRow | undefined> =>
    (await db.select().from(designs).where(eq(designs.projectId, projectId)).limit(1))[0],

  /** Inserts or replaces the design of a project; updated_at becomes now. */
  upsert: async (db: Db, projectId: string, values: DesignValues): Promise<DesignRow> => {
    const set = { ...values, updatedAt: new Date() };
    // Each save is a new version (print files record the version they were made from, docs/requirements/workflow.md#clear-states-and-fast-pages).
    return (await db.insert(designs).values({ projectId, ...set })
      .onConflictDoUpdate({ target: designs.projectId, set: { ...set, version: sql`${designs.version} + 1` } }).returning())[0];
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

  /**
   * How many designs name each font: the `fontName` of any element (at any depth, so table
   * styles count) in the inside, the outside or a reinforcement of a project's design, counted
   * once per project. Names no design uses are absent.
   */
  fontUsage: async (db: Db): Promise<Map<string, number>> => {
    const rows = rowsOf(await db.execute(sql`
      SELECT name, count(*) AS n FROM (
        SELECT DISTINCT d.project_id, v #>> '{}' AS name
        FROM ${designs} d,
          LATERAL jsonb_path_query(jsonb_build_array(d.template_data_inside, d.template_data_outside, d.reinforcements), 'lax $.**.fontName') AS v
        WHERE jsonb_typeof(v) = 'string'
      ) used GROUP BY name`));
    return new Map(rows.map((r) => [String(r.name), numberValue(r.n)]));
  },
};
