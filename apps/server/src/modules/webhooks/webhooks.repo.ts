import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/raw-rows.js';
import { webhookAttempts, webhookDeliveries, webhooks } from '../../db/schema/index.js';
import { claimDueSql, dueOwnersSql, readClaimed, readDueOwners } from '../../jobs/fair-claim.js';
import type { DueOwners } from '../../jobs/fair-dispatcher.js';
import { isUuid } from '../../platform/ids.js';

export type WebhookRow = typeof webhooks.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;

/** Database access for webhooks, their deliveries and attempts; reads are scoped to the owner. */
export const webhooksRepo = {
  listForList: async (db: Db, userId: string, listId: string): Promise<WebhookRow[]> =>
    db.select().from(webhooks).where(and(eq(webhooks.userId, userId), eq(webhooks.mailingListId, listId))).orderBy(webhooks.createdAt),

  findOwned: async (db: Db, userId: string, id: string): Promise<WebhookRow | undefined> => {
    if (!isUuid(id)) return undefined;
    return (await db.select().from(webhooks).where(and(eq(webhooks.id, id), eq(webhooks.userId, userId))).limit(1))[0];
  },

  find: async (db: Db, id: string): Promise<WebhookRow | undefined> =>
    (await db.select().from(webhooks).where(eq(webhooks.id, id)).limit(1))[0],

  /** Active webhooks of these lists (the fan-out of a batch of scans). */
  activeForLists: async (db: Db, listIds: string[]): Promise<WebhookRow[]> =>
    listIds.length ? db.select().from(webhooks).where(and(inArray(webhooks.mailingListId, listIds), eq(webhooks.isActive, true))) : [],

  create: async (db: Db, values: typeof webhooks.$inferInsert): Promise<WebhookRow> => (await db.insert(webhooks).values(values).returning())[0],

  update: async (db: Db, id: string, values: Partial<typeof webhooks.$inferInsert>): Promise<WebhookRow> =>
    (await db.update(webhooks).set(values).where(eq(webhooks.id, id)).returning())[0],

  delete: async (db: Db, id: string) => db.delete(webhooks).where(eq(webhooks.id, id)),

  /**
   * Inserts deliveries due now (by the database's clock, which the dispatcher reads); one already
   * there for its webhook and message id is skipped. Returns the new ones.
   */
  insertDeliveries: async (db: Db, rows: Array<Omit<typeof webhookDeliveries.$inferInsert, 'dueAt'>>): Promise<DeliveryRow[]> =>
    rows.length ? db.insert(webhookDeliveries).values(rows.map((r) => ({ ...r, dueAt: sql`now()` }))).onConflictDoNothing().returning() : [],

  findDelivery: async (db: Db, webhookId: string, id: string): Promise<DeliveryRow | undefined> => {
    if (!isUuid(id)) return undefined;
    return (await db.select().from(webhookDeliveries).where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.webhookId, webhookId))).limit(1))[0];
  },

  deliveries: async (db: Db, webhookId: string, offset: number, limit: number): Promise<{ rows: DeliveryRow[]; total: number }> =>
    // One snapshot for the page and its total: deliveries a fan-out adds between two separate reads
    // would count in the total but be missing from the page.
    db.transaction(async (tx) => {
      const rows = await tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, webhookId))
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id)).limit(limit).offset(offset);
      const [{ n }] = await tx.select({ n: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, webhookId));
      return { rows, total: Number(n) };
    }, { isolationLevel: 'repeatable read', accessMode: 'read only' }),

  attempts: async (db: Db, deliveryId: string): Promise<AttemptRow[]> =>
    db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, deliveryId)).orderBy(webhookAttempts.attempt),

  /** Owners with pending deliveries after `after`, at most `limit` (a dispatcher's look; `dueOwnersSql`). */
  dueOwners: async (db: Db, after: string | null, limit: number): Promise<DueOwners> =>
    readDueOwners(rowsOf(await db.execute(dueOwnersSql('webhook_deliveries', after, limit))), limit),

  /**
   * Leases up to `limit` due deliveries of `owners` for an attempt each, round-robin between the
   * owners with at most `perOwner` out per owner (`claimDueSql`), and returns them in that order with
   * their webhooks (undefined when deleted since).
   */
  claimDue: async (db: Db, owners: string[], opts: { limit: number; perOwner: number; leaseSeconds: number }) => {
    const ids = readClaimed(rowsOf(await db.execute(claimDueSql('webhook_deliveries', owners, { ...opts, set: sql`last_attempt_at = now(), next_retry = NULL` }))));
    if (ids.length === 0) return [];
    const rows = await db.select({ delivery: webhookDeliveries, hook: webhooks }).from(webhookDeliveries)
      .leftJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId)).where(inArray(webhookDeliveries.id, ids));
    const byId = new Map(rows.map((r) => [r.delivery.id, { delivery: r.delivery, hook: r.hook ?? undefined }]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  },

  /**
   * Records the outcome of attempt `attempt` and ends its lease — unless the lease ran out and the
   * delivery was taken over meanwhile (then false). With `retryInSeconds` the next attempt falls
   * due that long from now (the database's clock, which the dispatcher reads), shown as
   * `next_retry`; without, the delivery ends (set its status in `values`).
   */
  finishAttempt: async (db: Db, id: string, attempt: number, values: Partial<typeof webhookDeliveries.$inferInsert>, retryInSeconds?: number): Promise<boolean> => {
    const next = retryInSeconds === undefined ? null : sql`now() + make_interval(secs => ${retryInSeconds})`;
    return (await db.update(webhookDeliveries).set({ ...values, sending: false, dueAt: next, nextRetry: next })
      .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.sending, true), eq(webhookDeliveries.attempts, attempt)))
      .returning({ id: webhookDeliveries.id })).length > 0;
  },

  recordAttempt: async (db: Db, values: typeof webhookAttempts.$inferInsert) => db.insert(webhookAttempts).values(values),

  /** Puts a finished delivery back in the queue, due now, for a resend; returns it, or undefined while one is pending. */
  reopen: async (db: Db, id: string): Promise<DeliveryRow | undefined> =>
    (await db.update(webhookDeliveries).set({ status: 'pending', nextRetry: null, dueAt: sql`now()`, sending: false })
      .where(and(eq(webhookDeliveries.id, id), sql`${webhookDeliveries.status} <> 'pending'`)).returning())[0],

  /** A finished delivery's outcome on its webhook's counters and failure clock. */
  countOutcome: async (db: Db, webhookId: string, success: boolean, at: Date) =>
    db.update(webhooks).set(success
      ? { successCount: sql`${webhooks.successCount} + 1`, failingSince: null, lastTriggered: at }
      : { failureCount: sql`${webhooks.failureCount} + 1`, lastTriggered: at }).where(eq(webhooks.id, webhookId)),

  /** Marks the webhook as failing since `at` unless it already is; returns the row. */
  markFailing: async (db: Db, webhookId: string, at: Date): Promise<WebhookRow | undefined> =>
    (await db.update(webhooks).set({ failingSince: sql`COALESCE(${webhooks.failingSince}, ${at.toISOString()}::timestamptz)`, lastTriggered: at })
      .where(eq(webhooks.id, webhookId)).returning())[0],
};
