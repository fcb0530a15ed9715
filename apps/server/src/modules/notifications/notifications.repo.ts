import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { carriers, notificationDeliveries, notifications } from '../../db/schema/index.js';
import { isUuid } from '../../platform/ids.js';

export type NotificationRow = typeof notifications.$inferSelect;
export type NotificationDeliveryRow = typeof notificationDeliveries.$inferSelect;
export type CarrierRow = typeof carriers.$inferSelect;

/** Database access for notifications, their deliveries and the carriers; reads are scoped to the owner. */
export const notificationsRepo = {
  /** Carriers, US first then by country, by name within; `countries` limits them (null: all). */
  carriers: async (db: Db, countries: string[] | null): Promise<CarrierRow[]> =>
    db.select().from(carriers).where(countries ? inArray(carriers.country, countries) : undefined).orderBy(asc(carriers.country), asc(carriers.name)),

  carrier: async (db: Db, id: string): Promise<CarrierRow | undefined> =>
    (await db.select().from(carriers).where(eq(carriers.id, id)).limit(1))[0],

  listOwned: async (db: Db, userId: string, filter: { projectId?: string; listId?: string }): Promise<NotificationRow[]> =>
    db.select().from(notifications).where(and(
      eq(notifications.userId, userId),
      filter.projectId ? eq(notifications.projectId, filter.projectId) : undefined,
      filter.listId ? eq(notifications.mailingListId, filter.listId) : undefined,
    )).orderBy(asc(notifications.createdAt)),

  findOwned: async (db: Db, userId: string, id: string): Promise<NotificationRow | undefined> => {
    if (!isUuid(id)) return undefined;
    return (await db.select().from(notifications).where(and(eq(notifications.id, id), eq(notifications.userId, userId))).limit(1))[0];
  },

  find: async (db: Db, id: string): Promise<NotificationRow | undefined> =>
    (await db.select().from(notifications).where(eq(notifications.id, id)).limit(1))[0],

  /** Active notifications of a list (the fan-out of a scan). */
  activeForList: async (db: Db, listId: string): Promise<NotificationRow[]> =>
    db.select().from(notifications).where(and(eq(notifications.mailingListId, listId), eq(notifications.isActive, true))),

  create: async (db: Db, values: typeof notifications.$inferInsert): Promise<NotificationRow> =>
    (await db.insert(notifications).values(values).returning())[0],

  update: async (db: Db, id: string, values: Partial<typeof notifications.$inferInsert>): Promise<NotificationRow> =>
    (await db.update(notifications).set({ ...values, updatedAt: new Date() }).where(eq(notifications.id, id)).returning())[0],

  delete: async (db: Db, id: string) => db.delete(notifications).where(eq(notifications.id, id)),

  /** A notification's deliveries, newest first, at most `limit`. */
  deliveries: async (db: Db, notificationId: string, limit: number): Promise<NotificationDeliveryRow[]> =>
    db.select().from(notificationDeliveries).where(eq(notificationDeliveries.notificationId, notificationId))
      .orderBy(desc(notificationDeliveries.createdAt)).limit(limit),

  /** Inserts deliveries; one already there for its notification and dedupe key is skipped. Returns the new ones. */
  insertDeliveries: async (db: Db, rows: Array<typeof notificationDeliveries.$inferInsert>): Promise<NotificationDeliveryRow[]> =>
    rows.length ? db.insert(notificationDeliveries).values(rows).onConflictDoNothing().returning() : [],
};
