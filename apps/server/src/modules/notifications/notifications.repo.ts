import { and, asc, desc, eq, gte, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { carriers, mailOutbox, notificationDeliveries, notificationDigestItems, notifications } from '../../db/schema/index.js';
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

  delivery: async (db: Db, id: string): Promise<NotificationDeliveryRow | undefined> =>
    (await db.select().from(notificationDeliveries).where(eq(notificationDeliveries.id, id)).limit(1))[0],

  /** Whether the notification already has a delivery with this dedupe key (a digest already sent). */
  hasDelivery: async (db: Db, notificationId: string, dedupeKey: string): Promise<boolean> =>
    (await db.select({ id: notificationDeliveries.id }).from(notificationDeliveries)
      .where(and(eq(notificationDeliveries.notificationId, notificationId), eq(notificationDeliveries.dedupeKey, dedupeKey))).limit(1)).length > 0,

  /**
   * Claims attempt `attempt` of a pending delivery: the previous attempt is done, or this one was
   * claimed more than `staleSeconds` ago and never finished (its process died). Returns the row,
   * or undefined when another worker has it or it is no longer pending.
   */
  claimAttempt: async (db: Db, id: string, attempt: number, staleSeconds: number): Promise<NotificationDeliveryRow | undefined> =>
    (await db.update(notificationDeliveries).set({ attempts: attempt, attemptStartedAt: new Date() }).where(and(
      eq(notificationDeliveries.id, id),
      eq(notificationDeliveries.status, 'pending'),
      or(
        eq(notificationDeliveries.attempts, attempt - 1),
        and(eq(notificationDeliveries.attempts, attempt), lt(notificationDeliveries.attemptStartedAt, sql`now() - make_interval(secs => ${staleSeconds})`)),
      ),
    )).returning())[0],

  updateDelivery: async (db: Db, id: string, values: Partial<typeof notificationDeliveries.$inferInsert>) =>
    db.update(notificationDeliveries).set(values).where(eq(notificationDeliveries.id, id)),

  /** Active digest (non-immediate) notifications. */
  activeDigests: async (db: Db): Promise<NotificationRow[]> =>
    db.select().from(notifications).where(and(eq(notifications.isActive, true), ne(notifications.scheduleType, 'immediate'))),

  /** Keeps a scan for the notification's next digest; a scan kept already is skipped. */
  addDigestItem: async (db: Db, row: typeof notificationDigestItems.$inferInsert) =>
    db.insert(notificationDigestItems).values(row).onConflictDoNothing(),

  /** The scans kept for a digest with `since` ≤ scanned_at < `until`, oldest first, at most `limit`. */
  digestItems: async (db: Db, notificationId: string, since: Date, until: Date, limit: number) =>
    db.select().from(notificationDigestItems).where(and(
      eq(notificationDigestItems.notificationId, notificationId),
      gte(notificationDigestItems.scannedAt, since), lt(notificationDigestItems.scannedAt, until),
    )).orderBy(asc(notificationDigestItems.scannedAt)).limit(limit),

  /** Forgets kept scans older than `before` (already sent, or of a period long past). */
  purgeDigestItems: async (db: Db, notificationId: string, before: Date) =>
    db.delete(notificationDigestItems).where(and(eq(notificationDigestItems.notificationId, notificationId), lt(notificationDigestItems.scannedAt, before))),

  /** The user's outbox, newest first. */
  outbox: async (db: Db, userId: string, limit: number) =>
    db.select().from(mailOutbox).where(eq(mailOutbox.userId, userId)).orderBy(desc(mailOutbox.createdAt)).limit(limit),
};
