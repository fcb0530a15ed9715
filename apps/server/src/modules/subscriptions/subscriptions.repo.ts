import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { ZPlanFeaturesSchema, type PlanId, type TPlanFeatures } from '@mailcraft/shared';
import type { Db } from '../../db/client.js';
import { preparedPerDb } from '../../db/prepared.js';
import { plans, priceSchedule, subscriptions } from '../../db/schema/index.js';

export type PlanRow = { id: PlanId; name: string; features: TPlanFeatures; monthlyPriceCents: number };

const toPlan = (row: typeof plans.$inferSelect): PlanRow =>
  ({ id: row.id as PlanId, name: row.name, features: ZPlanFeaturesSchema.parse(row.features), monthlyPriceCents: row.monthlyPriceCents });

/**
 * The user's plan in one prepared statement (every API call and gated route runs it): the
 * subscription's plan, or `free` when the user has none.
 */
const preparedCurrentPlan = preparedPerDb((db) => db
  .select({ plan: plans, status: subscriptions.status })
  .from(plans)
  .leftJoin(subscriptions, eq(subscriptions.userId, sql.placeholder('userId')))
  .where(eq(plans.id, sql`coalesce(${subscriptions.planId}, 'free')`))
  .limit(1)
  .prepare('current_plan'));

/** Plans and per-user subscriptions (docs/requirements/plans-and-billing.md#plans). */
export const subscriptionsRepo = {
  /** Every plan, in pricing-page order (cheapest first). */
  listPlans: async (db: Db): Promise<PlanRow[]> =>
    (await db.select().from(plans).orderBy(asc(plans.position), asc(plans.monthlyPriceCents))).map(toPlan),

  /**
   * Per-piece prices in cents by key ('print_piece', 'mailing', 'reinforcement') on `day`
   * (YYYY-MM-DD, default today): each key's schedule row with the latest `effective_from` not
   * after it. A key without such a row is absent.
   */
  piecePrices: async (db: Db, keys: readonly string[], day?: string): Promise<Record<string, number>> => {
    const on = day ? sql`${day}::date` : sql`current_date`;
    const rows = await db.selectDistinctOn([priceSchedule.key], { key: priceSchedule.key, cents: priceSchedule.amountCents })
      .from(priceSchedule)
      .where(and(inArray(priceSchedule.key, [...keys]), lte(priceSchedule.effectiveFrom, on)))
      .orderBy(priceSchedule.key, desc(priceSchedule.effectiveFrom));
    return Object.fromEntries(rows.map((r) => [r.key, r.cents]));
  },

  /** The user's plan and status, falling back to the `free` plan when there is no subscription row. */
  currentPlan: async (db: Db, userId: string): Promise<{ plan: PlanRow; status: string }> => {
    const [row] = await preparedCurrentPlan(db).execute({ userId });
    return { plan: toPlan(row.plan), status: row.status ?? 'active' };
  },

  /** Puts the user on `planId` (status active), replacing any subscription. */
  setPlan: async (db: Db, userId: string, planId: PlanId) =>
    db.insert(subscriptions).values({ userId, planId, status: 'active' })
      .onConflictDoUpdate({ target: subscriptions.userId, set: { planId, status: 'active', createdAt: new Date() } }),
};
