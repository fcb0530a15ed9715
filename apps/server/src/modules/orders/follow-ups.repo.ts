import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { deliveryFollowUpOrders, deliveryFollowUps } from '../../db/schema/index.js';

export type FollowUpRow = typeof deliveryFollowUps.$inferSelect;
export type FollowUpOrderRow = typeof deliveryFollowUpOrders.$inferSelect;

/** Database access for delivered-piece follow-ups: a project's setting, and the follow-up of each delivered piece. */
export const followUpsRepo = {
  /** The project's setting, or undefined when it never saved one. */
  get: async (db: Db, projectId: string): Promise<FollowUpRow | undefined> =>
    (await db.select().from(deliveryFollowUps).where(eq(deliveryFollowUps.projectId, projectId)).limit(1))[0],

  /** Which of `userIds` have a project whose follow-up is switched on. */
  accountsWithFollowUp: async (db: Db, userIds: string[]): Promise<Set<string>> => {
    if (userIds.length === 0) return new Set();
    const rows = await db.selectDistinct({ userId: deliveryFollowUps.userId }).from(deliveryFollowUps)
      .where(and(inArray(deliveryFollowUps.userId, userIds), eq(deliveryFollowUps.enabled, true)));
    return new Set(rows.map((r) => r.userId));
  },

  /** Saves the project's setting (insert or replace). */
  put: async (db: Db, values: Omit<typeof deliveryFollowUps.$inferInsert, 'updatedAt'>): Promise<FollowUpRow> => {
    const set = { enabled: values.enabled, reinforcementSlot: values.reinforcementSlot, delayDays: values.delayDays, updatedAt: new Date() };
    return (await db.insert(deliveryFollowUps).values({ ...values, updatedAt: set.updatedAt })
      .onConflictDoUpdate({ target: deliveryFollowUps.projectId, set }).returning())[0];
  },

  /** How many of the project's follow-ups are in each status. */
  counts: async (db: Db, projectId: string): Promise<Partial<Record<FollowUpOrderRow['status'], number>>> => {
    const rows = await db.select({ status: deliveryFollowUpOrders.status, n: count() }).from(deliveryFollowUpOrders)
      .where(eq(deliveryFollowUpOrders.projectId, projectId)).groupBy(deliveryFollowUpOrders.status);
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  },

  /**
   * The piece's follow-up: a new one, `scheduled` at `dueAt`, unless the piece already has one (a repeated event) —
   * either way the stored row.
   */
  schedule: async (db: Db, values: { pieceId: string; userId: string; projectId: string; dueAt: Date }): Promise<FollowUpOrderRow> => {
    const [created] = await db.insert(deliveryFollowUpOrders).values(values).onConflictDoNothing().returning();
    return created ?? (await db.select().from(deliveryFollowUpOrders).where(eq(deliveryFollowUpOrders.pieceId, values.pieceId)).limit(1))[0];
  },

  /** Takes the piece's scheduled follow-up for placing (one run wins); undefined when it is not scheduled any more. */
  claim: async (db: Db, pieceId: string): Promise<FollowUpOrderRow | undefined> =>
    (await db.update(deliveryFollowUpOrders).set({ status: 'placing', updatedAt: sql`now()` })
      .where(and(eq(deliveryFollowUpOrders.pieceId, pieceId), eq(deliveryFollowUpOrders.status, 'scheduled'))).returning())[0],

  /** Records the outcome of a claimed follow-up: placed (with its order) or not placed (with why). */
  finish: async (db: Db, pieceId: string, values: { status: 'placed' | 'not_placed' | 'scheduled'; orderId?: string; message?: string | null }) =>
    db.update(deliveryFollowUpOrders).set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(deliveryFollowUpOrders.pieceId, pieceId), eq(deliveryFollowUpOrders.status, 'placing'))),
};
