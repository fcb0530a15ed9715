import { FREE_PLAN_IDS, type PlanId } from '@mailcraft/shared';
import type { Db } from '../../db/client.js';
import { billingRepo } from './billing.repo.js';
import { subscriptionsRepo } from './subscriptions.repo.js';

/** What a plan change came to: done at once, or waiting (for a payment, or an administrator). */
export type PlanChangeOutcome = { status: 'changed' } | { status: 'pending'; requestId: string };

/**
 * How plan changes are paid for (docs/requirements/administration.md#administration): no payment processor is reachable here, so the product
 * talks to one through this interface. A Stripe-Checkout-style provider would answer 'pending'
 * with a checkout session and move the user when its webhook confirms payment.
 */
export interface BillingProvider {
  /** Moves `userId` to `planId` (not their current plan), or starts what it takes. */
  changePlan(db: Db, userId: string, planId: PlanId): Promise<PlanChangeOutcome>;
}

/**
 * The default provider: a move to a free plan (docs/requirements/plans-and-billing.md#plan-gating: free and pay as you go) happens at
 * once; a move to a paid plan becomes an upgrade request that an administrator approves in
 * /admin/users (replacing any request still pending).
 */
export const approvalBillingProvider: BillingProvider = {
  async changePlan(db, userId, planId) {
    if (FREE_PLAN_IDS.includes(planId)) {
      await billingRepo.cancelPending(db, userId);
      await subscriptionsRepo.setPlan(db, userId, planId);
      return { status: 'changed' };
    }
    return { status: 'pending', requestId: await billingRepo.request(db, userId, planId) };
  },
};
