import { and, asc, desc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/raw-rows.js';
import { carriers, mailOutbox, notificationDeliveries, notificationDigestItems, notifications } from '../../db/schema/index.js';
import { claimDueSql, dueOwnersSql, readClaimed, readDueOwners } from '../../jobs/fair-claim.js';
import type { DueOwners } from '../../jobs/fair-dispatcher.js';
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

  /** Active notifications of these lists (the fan-out of a batch of scans). */
  activeForLists: async (db: Db, listIds: string[]): Promise<NotificationRow[]> =>
    listIds.length ? db.select().from(notifications).where(and(inArray(notifications.mailingListId, listIds), eq(notifications.isActive, true))) : [],

  create: async (db: Db, values: typeof notifications.$inferInsert): Promise<NotificationRow> =>
    (await db.insert(notifications).values(values).returning())[0],

  update: async (db: Db, id: string, values: Partial<typeof notifications.$inferInsert>): Promise<NotificationRow> =>
    (await db.update(notifications).set({ ...values, updatedAt: new Date() }).where(eq(notifications.id, id)).returning())[0],

  delete: async (db: Db, id: string) => db.delete(notifications).where(eq(notifications.id, id)),

  /** A notification's deliveries, newest first, at most `limit`. */
  deliveries: async (db: Db, notificationId: string, limit: number): Promise<NotificationDeliveryRow[]> =>
    db.select().from(notificationDeliveries).where(eq(notificationDeliveries.notificationId, notificationId))
      .orderBy(desc(notificationDeliveries.createdAt)).limit(limit),

  /**
   * Inserts deliveries, the pending ones due now (by the database's clock, which the dispatcher
   * reads); one already there for its notification and dedupe key is skipped. Returns the new ones.
   */
  insertDeliveries: async (db: Db, rows: Array<Omit<typeof notificationDeliveries.$inferInsert, 'dueAt'>>): Promise<NotificationDeliveryRow[]> =>
    rows.length
      ? db.insert(notificationDeliveries).values(rows.map((r) => ({ ...r, dueAt: (r.status ?? 'pending') === 'pending' ? sql`now()` : null })))
        .onConflictDoNothing().returning()
      : [],

  delivery: async (db: Db, id: string): Promise<NotificationDeliveryRow | undefined> =>
    (await db.select().from(notificationDeliveries).where(eq(notificationDeliveries.id, id)).limit(1))[0],

  /** Whether the notification already has a delivery with this dedupe key (a digest already sent). */
  hasDelivery: async (db: Db, notificationId: string, dedupeKey: string): Promise<boolean> =>
    (await db.select({ id: notificationDeliveries.id }).from(notificationDeliveries)
      .where(and(eq(notificationDeliveries.notificationId, notificationId), eq(notificationDeliveries.dedupeKey, dedupeKey))).limit(1)).length > 0,

  /** Owners with pending deliveries after `after`, at most `limit` (a dispatcher's look; `dueOwnersSql`). */
  dueOwners: async (db: Db, after: string | null, limit: number): Promise<DueOwners> =>
    readDueOwners(rowsOf(await db.execute(dueOwnersSql('notification_deliveries', after, limit))), limit),

  /**
   * Leases up to `limit` due deliveries of `owners` for an attempt each, round-robin between the
   * owners with at most `perOwner` out per owner (`claimDueSql`), and returns them in that order with
   * their notifications (undefined when deleted since). `next_retry` keeps showing when this attempt
   * was due until its outcome is recorded.
   */
  claimDue: async (db: Db, owners: string[], opts: { limit: number; perOwner: number; leaseSeconds: number }) => {
    const ids = readClaimed(rowsOf(await db.execute(claimDueSql('notification_deliveries', owners, opts))));
    if (ids.length === 0) return [];
    const rows = await db.select({ delivery: notificationDeliveries, notification: notifications }).from(notificationDeliveries)
      .leftJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId)).where(inArray(notificationDeliveries.id, ids));
    const byId = new Map(rows.map((r) => [r.delivery.id, { delivery: r.delivery, notification: r.notification ?? undefined }]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  },

  /**
   * Records the outcome of attempt `attempt` and ends its lease — unless the lease ran out and the
   * delivery was taken over meanwhile (then false). With `retryInSeconds` the next attempt falls
   * due that long from now (the database's clock, which the dispatcher reads), shown as
   * `next_retry`; without, the delivery ends (set its status in `values`).
   */
  finishAttempt: async (db: Db, id: string, attempt: number, values: Partial<typeof notificationDeliveries.$inferInsert>, retryInSeconds?: number): Promise<boolean> => {
    const next = retryInSeconds === undefined ? null : sql`now() + make_interval(secs => ${retryInSeconds})`;
    return (await db.update(notificationDeliveries).set({ ...values, sending: false, dueAt: next, nextRetry: next })
      .where(and(eq(notificationDeliveries.id, id), eq(notificationDeliveries.sending, true), eq(notificationDeliveries.attempts, attempt)))
      .returning({ id: notificationDeliveries.id })).length > 0;
  },

  /** Active digest (non-immediate) notifications. */
  activeDigests: async (db: Db): Promise<NotificationRow[]> =>
    db.select().from(notifications).where(and(eq(notifications.isActive, true), ne(notifications.scheduleType, 'immediate'))),

  /** Keeps scans for their notifications' next digests; a scan kept already is skipped. */
  addDigestItems: async (db: Db, rows: Array<typeof notificationDigestItems.$inferInsert>) =>
    rows.length ? db.insert(notificationDigestItems).values(rows).onConflictDoNothing() : undefined,

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

  /** The email recipients and phone numbers saved in the user's notifications, as stored. */
  savedAddresses: async (db: Db, userId: string) =>
    db.select({ emailRecipients: notifications.emailRecipients, phoneNumber: notifications.phoneNumber })
      .from(notifications).where(eq(notifications.userId, userId)),
};
