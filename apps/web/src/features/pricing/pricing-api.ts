import type { PlanId, TPlans, TSubscription } from '@mailcraft/shared';
import { useSubscription } from '../subscriptions/subscriptions-api';

/** GET /api/plans (docs/requirements/administration.md#administration), the server's own type: `{ plans: TPlan[] cheapest first, piece_prices: { mailing, reinforcement } }` in US dollars. */
export type { TPlans };

export { pricingKeys, usePlans } from '../subscriptions/plans-api';

/**
 * The signed-in user's plan id from GET /api/subscriptions/current (docs/requirements/plans-and-billing.md#plans), or
 * undefined while `signedIn` is false (anonymous users get 401 there, so nothing is asked), while
 * it loads or when it fails. Shares the subscriptions feature's cache entry (`subscriptionKeys`).
 * No subscription counts as free (docs/requirements/plans-and-billing.md#plan-gating: the plan name defaults to free).
 */
export function useCurrentPlanId(signedIn: boolean): PlanId | undefined {
  const q = useSubscription({ enabled: signedIn });
  if (!signedIn || q.isError || !q.data) return undefined;
  // The answer may carry no subscription at all (docs/requirements/plans-and-billing.md#plan-gating), whatever the type says.
  return (q.data.subscription as TSubscription['subscription'] | null)?.plan.id ?? 'free';
}
