import { and, count, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { webhookAttempts, webhookDeliveries, webhooks } from '../../db/schema/index.js';
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

  /** Active webhooks of a list (the fan-out of a scan). */
  activeForList: async (db: Db, listId: string): Promise<WebhookRow[]> =>
    db.select().from(webhooks).where(and(eq(webhooks.mailingListId, listId), eq(webhooks.isActive, true))),

  create: async (db: Db, values: typeof webhooks.$inferInsert): Promise<WebhookRow> => (await db.insert(webhooks).values(values).returning())[0],

  update: async (db: Db, id: string, values: Partial<typeof webhooks.$inferInsert>): Promise<WebhookRow> =>
    (await db.update(webhooks).set(values).where(eq(webhooks.id, id)).returning())[0],

  delete: async (db: Db, id: string) => db.delete(webhooks).where(eq(webhooks.id, id)),

  /** Inserts deliveries; one already there for its webhook and message id is skipped. Returns the new ones. */
  insertDeliveries: async (db: Db, rows: Array<typeof webhookDeliveries.$inferInsert>): Promise<DeliveryRow[]> =>
    rows.length ? db.insert(webhookDeliveries).values(rows).onConflictDoNothing().returning() : [],

  findDelivery: async (db: Db, webhookId: string, id: string): Promise<DeliveryRow | undefined> => {
    if (!isUuid(id)) return undefined;
    return (await db.select().from(webhookDeliveries).where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.webhookId, webhookId))).limit(1))[0];
  },

  deliveries: async (db: Db, webhookId: string, offset: number, limit: number): Promise<{ rows: DeliveryRow[]; total: number }> => {
    const rows = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, webhookId))
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id)).limit(limit).offset(offset);
    const [{ n }] = await db.select({ n: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, webhookId));
    return { rows, total: Number(n) };
  },

  attempts: async (db: Db, deliveryId: string): Promise<AttemptRow[]> =>
    db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, deliveryId)).orderBy(webhookAttempts.attempt),

  /**
   * Claims attempt `attempt` of a pending delivery (the job of an attempt runs once even when
   * pg-boss hands it out twice): bumps `attempts` from attempt − 1 — or takes it over when that
   * attempt was claimed over `staleSeconds` ago and never finished (its process died; an attempt
   * takes 15 s at most). Undefined when claimed, finished or deleted.
   */
  claimAttempt: async (db: Db, deliveryId: string, attempt: number, staleSeconds: number): Promise<DeliveryRow | undefined> =>
    (await db.update(webhookDeliveries).set({ attempts: attempt, nextRetry: null, lastAttemptAt: new Date() })
      .where(and(
        eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, 'pending'),
        or(
          eq(webhookDeliveries.attempts, attempt - 1),
          and(eq(webhookDeliveries.attempts, attempt), lt(webhookDeliveries.lastAttemptAt, new Date(Date.now() - staleSeconds * 1000))),
        ),
      ))
      .returning())[0],

  recordAttempt: async (db: Db, values: typeof webhookAttempts.$inferInsert) => db.insert(webhookAttempts).values(values),

  updateDelivery: async (db: Db, id: string, values: Partial<typeof webhookDeliveries.$inferInsert>) =>
    db.update(webhookDeliveries).set(values).where(eq(webhookDeliveries.id, id)),

  /** Puts a finished delivery back to pending for a resend; returns it, or undefined while one is pending. */
  reopen: async (db: Db, id: string): Promise<DeliveryRow | undefined> =>
    (await db.update(webhookDeliveries).set({ status: 'pending', nextRetry: null })
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
