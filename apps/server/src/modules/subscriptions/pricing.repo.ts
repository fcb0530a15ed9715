import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { TPlanFeatures } from '@mailcraft/shared';
import type { Db } from '../../db/client.js';
import { plans, priceSchedule, subscriptions } from '../../db/schema/index.js';

export type PriceRow = typeof priceSchedule.$inferSelect;

/** What the admin pricing page reads and writes (docs/requirements/administration.md#administration): plans and the per-piece price schedule. */
export const pricingRepo = {
  /** Every plan cheapest first, with how many users are on it (users without a subscription are on free). */
  plansWithSubscribers: async (db: Db) => db.select({
    plan: plans,
    subscribers: sql<number>`(CASE WHEN ${plans.id} = 'free'
      THEN (SELECT count(*) FROM users u WHERE NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.user_id = u.id)) ELSE 0 END)
      + (SELECT count(*) FROM ${subscriptions} s WHERE s.plan_id = ${plans.id})`.mapWith(Number),
  }).from(plans).orderBy(asc(plans.position), asc(plans.monthlyPriceCents)),

  planById: async (db: Db, id: string) => (await db.select().from(plans).where(eq(plans.id, id)).limit(1))[0],

  updatePlan: async (db: Db, id: string, values: { name: string; monthlyPriceCents: number; features: TPlanFeatures }) =>
    db.update(plans).set(values).where(eq(plans.id, id)),

  /** The whole schedule, per key newest day first. */
  schedule: async (db: Db): Promise<PriceRow[]> => db.select().from(priceSchedule).orderBy(asc(priceSchedule.key), desc(priceSchedule.effectiveFrom)),

  /** Sets the price of `key` from `day` (replacing a price already scheduled for that day); answers the row. */
  schedulePrice: async (db: Db, key: string, amountCents: number, day: string): Promise<{ row: PriceRow; replaced: PriceRow | undefined }> => {
    const [replaced] = await db.select().from(priceSchedule).where(and(eq(priceSchedule.key, key), eq(priceSchedule.effectiveFrom, day))).limit(1);
    const [row] = await db.insert(priceSchedule).values({ key, amountCents, effectiveFrom: day })
      .onConflictDoUpdate({ target: [priceSchedule.key, priceSchedule.effectiveFrom], set: { amountCents, createdAt: new Date() } })
      .returning();
    return { row, replaced };
  },

  /** Deletes a schedule entry that starts after `today` (YYYY-MM-DD); answers it, or undefined when there was none such. */
  deleteUpcoming: async (db: Db, id: string, today: string): Promise<PriceRow | undefined> =>
    (await db.delete(priceSchedule).where(and(eq(priceSchedule.id, id), gt(priceSchedule.effectiveFrom, today))).returning())[0],

  priceById: async (db: Db, id: string): Promise<PriceRow | undefined> => (await db.select().from(priceSchedule).where(eq(priceSchedule.id, id)).limit(1))[0],
};
