import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { businessLocations, mapConfigs } from '../../db/schema/index.js';
import { isUuid } from '../../platform/ids.js';

export type BusinessLocationRow = typeof businessLocations.$inferSelect;
export type MapConfigRow = typeof mapConfigs.$inferSelect;

/** Database access for business locations and map configurations; reads are scoped to the owner. */
export const mapsRepo = {
  locations: async (db: Db, userId: string): Promise<BusinessLocationRow[]> =>
    db.select().from(businessLocations).where(eq(businessLocations.userId, userId)).orderBy(asc(businessLocations.createdAt)),

  locationOwned: async (db: Db, userId: string, id: string): Promise<BusinessLocationRow | undefined> => {
    if (!isUuid(id)) return undefined;
    return (await db.select().from(businessLocations).where(and(eq(businessLocations.id, id), eq(businessLocations.userId, userId))).limit(1))[0];
  },

  createLocation: async (db: Db, values: typeof businessLocations.$inferInsert): Promise<BusinessLocationRow> =>
    (await db.insert(businessLocations).values(values).returning())[0],

  updateLocation: async (db: Db, id: string, values: Partial<typeof businessLocations.$inferInsert>): Promise<BusinessLocationRow> =>
    (await db.update(businessLocations).set({ ...values, updatedAt: new Date() }).where(eq(businessLocations.id, id)).returning())[0],

  config: async (db: Db, projectId: string): Promise<MapConfigRow | undefined> =>
    (await db.select().from(mapConfigs).where(eq(mapConfigs.projectId, projectId)).limit(1))[0],

  /** Saves a project's configuration, replacing the one it had. */
  saveConfig: async (db: Db, values: typeof mapConfigs.$inferInsert): Promise<MapConfigRow> =>
    (await db.insert(mapConfigs).values(values).onConflictDoUpdate({ target: mapConfigs.projectId, set: { ...values, updatedAt: new Date() } }).returning())[0],
};
