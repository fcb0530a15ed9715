import { asc, eq, inArray, sql } from 'drizzle-orm';
import { ZPlanFeaturesSchema, type PlanId, type TPlanFeatures } from '@mailcraft/shared';
import type { Db } from '../../db/client.js';
import { preparedPerDb } from '../../db/prepared.js';
import { plans, prices, subscriptions, users } from '../../db/schema/index.js';

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

/** Plans and per-user subscriptions (spec 000 §3 Subscription). */
export const subscriptionsRepo = {
  /** Every plan, in pricing-page order (cheapest first). */
  listPlans: async (db: Db): Promise<PlanRow[]> =>
    (await db.select().from(plans).orderBy(asc(plans.position), asc(plans.monthlyPriceCents))).map(toPlan),

  /** Per-piece prices in cents by key ('mailing', 'reinforcement'); a missing key is absent. */
  piecePrices: async (db: Db, keys: readonly string[]): Promise<Record<string, number>> =>
    Object.fromEntries((await db.select().from(prices).where(inArray(prices.key, [...keys]))).map((p) => [p.key, p.amountCents])),

  /** The user's plan and status, falling back to the `free` plan when there is no subscription row. */
  currentPlan: async (db: Db, userId: string): Promise<{ plan: PlanRow; status: string }> => {
    const [row] = await preparedCurrentPlan(db).execute({ userId });
    return { plan: toPlan(row.plan), status: row.status ?? 'active' };
  },

  userExists: async (db: Db, userId: string): Promise<boolean> =>
    (await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1)).length > 0,

  /** Puts the user on `planId` (status active), replacing any subscription. */
  setPlan: async (db: Db, userId: string, planId: PlanId) =>
    db.insert(subscriptions).values({ userId, planId, status: 'active' })
      .onConflictDoUpdate({ target: subscriptions.userId, set: { planId, status: 'active', createdAt: new Date() } }),
};
