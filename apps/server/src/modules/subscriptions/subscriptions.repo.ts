import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { plans, subscriptions } from '../../db/schema/index.js';

/** Plans and per-user subscriptions. */
export const subscriptionsRepo = {
  /** The user's plan row, falling back to the `free` plan when there is no subscription row. */
  currentPlan: async (db: Db, userId: string) => {
    const [sub] = await db
      .select({ plan: plans, status: subscriptions.status })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .where(eq(subscriptions.userId, userId))
      .limit(1);
    if (sub) return sub;
    const [free] = await db.select().from(plans).where(eq(plans.id, 'free')).limit(1);
    return { plan: free, status: 'active' };
  },
};
