import { FEATURE_KEYS, type FeatureKey, type PlanId, type TPlan, type TPlanFeatures } from '@mailcraft/shared';

export { formatMonthlyPrice, formatPiecePrice } from '../subscriptions/plan-price';


const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * A plan's limits written out (docs/requirements/administration.md#administration; `max_projects`, `max_list_rows` of docs/requirements/plans-and-billing.md#plan-gating plan
 * gating): ['Up to 500 projects', 'Up to 250,000 records per list'].
 */
export function limitLines(features: Pick<TPlanFeatures, 'max_projects' | 'max_list_rows'>): string[] {
  return [
    `Up to ${count(features.max_projects, 'project', 'projects')}`,
    `Up to ${count(features.max_list_rows, 'record', 'records')} per list`,
  ];
}

/** Whether a `?feature=` value names a plan feature (FEATURE_KEYS, docs/requirements/plans-and-billing.md#plan-gating); anything else is ignored. */
export function isFeatureKey(value: string | null | undefined): value is FeatureKey {
  return (FEATURE_KEYS as readonly string[]).includes(value ?? '');
}

/**
 * The cheapest plan that includes `feature` (docs/requirements/administration.md#administration: the plan /pricing?feature= recommends), or
 * null when none does. Cheapest by `monthly_price`; on a tie the first in the server's order
 * (GET /api/plans lists cheapest first, so Free comes before Pay as you go).
 */
export function cheapestPlanWith<P extends Pick<TPlan, 'monthly_price' | 'features'>>(plans: readonly P[], feature: FeatureKey): P | null {
  let best: P | null = null;
  for (const plan of plans) {
    if (plan.features[feature] && (!best || plan.monthly_price < best.monthly_price)) best = plan;
  }
  return best;
}

/**
 * Where a plan's 'Choose {name}' button leads (docs/requirements/administration.md#administration): signed in → /billing?plan={id}; signed
 * out → /login with that page as `next` (the login page sends the user on to it after signing in).
 */
export function choosePlanHref(planId: PlanId, signedIn: boolean): string {
  const billing = `/billing?plan=${encodeURIComponent(planId)}`;
  return signedIn ? billing : `/login?next=${encodeURIComponent(billing)}`;
}
