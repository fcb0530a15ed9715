import { eq, sql } from 'drizzle-orm';
import type { TDesignTemplate } from '@mailcraft/shared';
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
