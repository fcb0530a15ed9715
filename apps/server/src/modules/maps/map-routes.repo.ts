import { and, asc, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { geocodeCache, mailingListRecords, mapGenerations, mapRoutes } from '../../db/schema/index.js';

export type MapRouteRow = typeof mapRoutes.$inferSelect;
export type MapRouteValues = typeof mapRoutes.$inferInsert;
export type MapGenerationRow = typeof mapGenerations.$inferSelect;
/** A record with its stored route, if any. */
export type RecordWithRoute = { id: string; rowIndex: number; values: string[]; route: MapRouteRow | null };

const withRoute = (r: { id: string; rowIndex: number; values: string[]; route: MapRouteRow | null }): RecordWithRoute => r;

/** Database access for per-record routes, the geocode cache and generation runs (callers check ownership). */
export const mapRoutesRepo = {
  /** The first `limit` records of a list in list order, each with its route or null. */
  firstRecords: async (db: Db, listId: string, limit: number): Promise<RecordWithRoute[]> =>
    (await db.select({ id: mailingListRecords.id, rowIndex: mailingListRecords.rowIndex, values: mailingListRecords.values, route: mapRoutes })
      .from(mailingListRecords).leftJoin(mapRoutes, eq(mapRoutes.recordId, mailingListRecords.id))
      .where(eq(mailingListRecords.listId, listId)).orderBy(asc(mailingListRecords.rowIndex)).limit(limit)).map(withRoute),

  /** One record of a list with its route, or undefined. */
  record: async (db: Db, listId: string, recordId: string): Promise<RecordWithRoute | undefined> =>
    (await db.select({ id: mailingListRecords.id, rowIndex: mailingListRecords.rowIndex, values: mailingListRecords.values, route: mapRoutes })
      .from(mailingListRecords).leftJoin(mapRoutes, eq(mapRoutes.recordId, mailingListRecords.id))
      .where(and(eq(mailingListRecords.listId, listId), eq(mailingListRecords.id, recordId))).limit(1)).map(withRoute)[0],

  /**
   * The next `limit` records after row `afterRow` whose route was not written since `since` (a
   * generation's start): what a run still has to do, so a run that died resumes where it stopped.
   */
  pending: async (db: Db, listId: string, since: Date, afterRow: number, limit: number): Promise<RecordWithRoute[]> =>
    (await db.select({ id: mailingListRecords.id, rowIndex: mailingListRecords.rowIndex, values: mailingListRecords.values, route: mapRoutes })
      .from(mailingListRecords).leftJoin(mapRoutes, eq(mapRoutes.recordId, mailingListRecords.id))
      .where(and(eq(mailingListRecords.listId, listId), gt(mailingListRecords.rowIndex, afterRow), or(isNull(mapRoutes.recordId), lt(mapRoutes.updatedAt, since))))
      .orderBy(asc(mailingListRecords.rowIndex)).limit(limit)).map(withRoute),

  /** Writes routes (insert or replace by record), stamping `updated_at`. */
  upsert: async (db: Db, rows: MapRouteValues[]): Promise<void> => {
    if (!rows.length) return;
    const now = new Date();
    await db.insert(mapRoutes).values(rows.map((r) => ({ ...r, updatedAt: now }))).onConflictDoUpdate({
      target: mapRoutes.recordId,
      set: {
        locationId: sql`excluded.location_id`, latitude: sql`excluded.latitude`, longitude: sql`excluded.longitude`, precision: sql`excluded.precision`,
        distance: sql`excluded.distance`, duration: sql`excluded.duration`, approximate: sql`excluded.approximate`, imageKey: sql`excluded.image_key`,
        imageToken: sql`excluded.image_token`, settingsHash: sql`excluded.settings_hash`, error: sql`excluded.error`, updatedAt: now,
      },
    });
  },

  /** Stores where records were placed (or why not), keeping their routes; `updated_at` is left alone. */
  placeOnly: async (db: Db, listId: string, rows: Array<{ recordId: string; latitude?: number; longitude?: number; precision?: 'zip' | 'address'; error?: string }>): Promise<void> => {
    if (!rows.length) return;
    await db.insert(mapRoutes).values(rows.map((r) => ({ listId, ...r, error: r.error ?? null, updatedAt: new Date(0) }))).onConflictDoUpdate({
      target: mapRoutes.recordId,
      set: { latitude: sql`excluded.latitude`, longitude: sql`excluded.longitude`, precision: sql`excluded.precision`, error: sql`excluded.error` },
    });
  },

  /** Routes of these records (print, scans), by record id. */
  byRecords: async (db: Db, recordIds: string[]): Promise<Map<string, MapRouteRow>> => {
    if (!recordIds.length) return new Map();
    const rows = await db.select().from(mapRoutes).where(inArray(mapRoutes.recordId, recordIds));
    return new Map(rows.map((r) => [r.recordId, r]));
  },

  /** The route whose image has this public token. */
  byImageToken: async (db: Db, token: string): Promise<MapRouteRow | undefined> =>
    (await db.select().from(mapRoutes).where(eq(mapRoutes.imageToken, token)).limit(1))[0],

  /** Placed and not-found records of a list. */
  geocodeCounts: async (db: Db, listId: string): Promise<{ geocoded: number; failed: number }> => {
    const [row] = await db.select({
      geocoded: sql<number>`count(*) FILTER (WHERE ${mapRoutes.latitude} IS NOT NULL)`,
      failed: sql<number>`count(*) FILTER (WHERE ${mapRoutes.latitude} IS NULL AND ${mapRoutes.error} IS NOT NULL)`,
    }).from(mapRoutes).where(eq(mapRoutes.listId, listId));
    return { geocoded: Number(row?.geocoded ?? 0), failed: Number(row?.failed ?? 0) };
  },

  cachedGeocodes: async (db: Db, keys: string[]) => {
    if (!keys.length) return new Map<string, typeof geocodeCache.$inferSelect>();
    const rows = await db.select().from(geocodeCache).where(inArray(geocodeCache.key, keys));
    return new Map(rows.map((r) => [r.key, r]));
  },

  cacheGeocodes: async (db: Db, rows: Array<typeof geocodeCache.$inferInsert>): Promise<void> => {
    if (rows.length) await db.insert(geocodeCache).values(rows).onConflictDoNothing();
  },

  createGeneration: async (db: Db, values: typeof mapGenerations.$inferInsert): Promise<MapGenerationRow> =>
    (await db.insert(mapGenerations).values(values).returning())[0],

  generation: async (db: Db, userId: string, id: string): Promise<MapGenerationRow | undefined> =>
    (await db.select().from(mapGenerations).where(and(eq(mapGenerations.id, id), eq(mapGenerations.userId, userId))).limit(1))[0],

  latestGeneration: async (db: Db, listId: string): Promise<MapGenerationRow | undefined> =>
    (await db.select().from(mapGenerations).where(eq(mapGenerations.listId, listId)).orderBy(desc(mapGenerations.createdAt)).limit(1))[0],

  /** Claims a queued run, or a running one whose heartbeat is older than `staleBefore` (its process died). */
  claimGeneration: async (db: Db, id: string, runId: string, staleBefore: Date): Promise<MapGenerationRow | undefined> =>
    (await db.update(mapGenerations).set({ status: 'running', runId, heartbeatAt: new Date() })
      .where(and(eq(mapGenerations.id, id), or(
        eq(mapGenerations.status, 'queued'),
        and(eq(mapGenerations.status, 'running'), or(isNull(mapGenerations.heartbeatAt), lt(mapGenerations.heartbeatAt, staleBefore))),
      ))).returning())[0],

  /** Adds progress to the run held by `runId` (and beats); false when another run took it over. */
  progress: async (db: Db, id: string, runId: string, add: { done: number; failed: number; approximate: number }, set: Partial<Pick<MapGenerationRow, 'status' | 'error' | 'finishedAt' | 'done'>> = {}) =>
    (await db.update(mapGenerations).set({
      ...set, heartbeatAt: new Date(), done: set.done ?? sql`${mapGenerations.done} + ${add.done}`, failed: sql`${mapGenerations.failed} + ${add.failed}`,
      approximate: sql`${mapGenerations.approximate} + ${add.approximate}`,
    }).where(and(eq(mapGenerations.id, id), eq(mapGenerations.runId, runId))).returning({ id: mapGenerations.id })).length > 0,

  /** Back to queued, so the next job claims it at once. */
  requeueGeneration: async (db: Db, id: string) =>
    db.update(mapGenerations).set({ status: 'queued', runId: null, heartbeatAt: sql`NULL` }).where(and(eq(mapGenerations.id, id), eq(mapGenerations.status, 'running'))),

  /** Running generations silent since `staleBefore`. */
  staleGenerations: async (db: Db, staleBefore: Date): Promise<string[]> =>
    (await db.select({ id: mapGenerations.id }).from(mapGenerations)
      .where(and(eq(mapGenerations.status, 'running'), or(isNull(mapGenerations.heartbeatAt), lt(mapGenerations.heartbeatAt, staleBefore))))).map((r) => r.id),
};
