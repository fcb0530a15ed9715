import type { Db } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import { subscriptionsRepo } from './subscriptions.repo.js';

export type Features = Record<string, boolean | number>;

/**
 * The user's plan and its features (spec 000 §3 Subscription). Plans live in the `plans` table;
 * no subscription means `free`.
 */
export async function currentSubscription(db: Db, userId: string) {
  const { plan, status } = await subscriptionsRepo.currentPlan(db, userId);
  return {
    subscription: { plan: { id: plan.id, name: plan.id, display_name: plan.name, features: plan.features }, status },
    features: plan.features as Features,
  };
}

/**
 * Throws PAYMENT_REQUIRED (402) unless the user's plan allows `feature` (spec 000 §6 plan
 * gating, enforced on the server too). The message names the upgrade page.
 */
export async function requireFeature(db: Db, userId: string, feature: string): Promise<void> {
  const { features } = await currentSubscription(db, userId);
  if (!features[feature]) {
    throw new AppError('PAYMENT_REQUIRED', `Your plan does not include ${feature.replace(/_/g, ' ')}. Upgrade at /pricing?feature=${feature}`);
  }
}

/** A numeric plan limit such as `max_projects`; Infinity when the plan sets none. */
export async function planLimit(db: Db, userId: string, limit: string): Promise<number> {
  const { features } = await currentSubscription(db, userId);
  const v = features[limit];
  return typeof v === 'number' ? v : Infinity;
}
