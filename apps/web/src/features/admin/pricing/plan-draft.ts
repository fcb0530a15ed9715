import { FEATURE_KEYS, LIMIT_KEYS, type FeatureKey, type LimitKey, type TAdminPricing, type TPlanUpdate } from '@mailcraft/shared';
import { FEATURE_LABELS } from '../../subscriptions/feature-labels';

/** A plan as /admin/pricing edits it: GET /api/admin/pricing `plans[]`. */
export type AdminPlan = TAdminPricing['plans'][number];

/** Names of a plan's limits on the plan editor (docs/requirements/plans-and-billing.md#plan-gating `max_projects`, `max_list_rows`). */
export const LIMIT_LABELS: Record<LimitKey, string> = {
  max_projects: 'Max projects per user',
  max_list_rows: 'Max records per mailing list',
};

/** A plan's form as typed: numbers stay text until saved, so a half-typed '12.' is not rewritten. */
export type PlanDraft = {
  name: string;
  /** US dollars a month, as typed. */
  price: string;
  features: Record<FeatureKey, boolean>;
  limits: Record<LimitKey, string>;
};

/** The form of a plan as saved. */
export function draftOf(plan: AdminPlan): PlanDraft {
  return {
    name: plan.name,
    price: String(plan.monthly_price),
    features: Object.fromEntries(FEATURE_KEYS.map((k) => [k, plan.features[k]])) as Record<FeatureKey, boolean>,
    limits: Object.fromEntries(LIMIT_KEYS.map((k) => [k, String(plan.features[k])])) as Record<LimitKey, string>,
  };
}

/** Whether two forms say the same (compared as they would be sent). */
export const sameDraft = (a: PlanDraft, b: PlanDraft) => JSON.stringify(a) === JSON.stringify(b);

const numberOf = (text: string) => (text.trim() === '' ? NaN : Number(text));

/**
 * The PUT /api/admin/plans/{id} body of a form, or why it cannot be sent: a price or limit that is
 * not a number ('Enter the monthly price in dollars', 'Max projects per user must be a whole
 * number'). Everything else (empty name, negative price, fractions of a cent, limits under 1) is
 * left to the server, which says so in its own words.
 */
export function planUpdateOf(draft: PlanDraft): { update: TPlanUpdate } | { error: string } {
  const monthly = numberOf(draft.price);
  if (!Number.isFinite(monthly)) return { error: 'Enter the monthly price in dollars' };
  const limits = {} as Record<LimitKey, number>;
  for (const k of LIMIT_KEYS) {
    const n = numberOf(draft.limits[k]);
    if (!Number.isInteger(n)) return { error: `${LIMIT_LABELS[k]} must be a whole number` };
    limits[k] = n;
  }
  return { update: { name: draft.name, monthly_price: monthly, features: { ...draft.features, ...limits } } };
}

/** 'A', 'A and B', 'A, B and C'. */
const listOf = (items: string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/**
 * What saving `draft` takes away from the plan's current users, or null when nothing is taken or
 * nobody is on the plan: '12 users on Pro lose Route maps at once' (1 user … loses …). Plan
 * changes apply on the users' next request (docs/requirements/administration.md#administration), hence 'at once'.
 */
export function lossWarning(plan: AdminPlan, draft: PlanDraft): string | null {
  const lost = FEATURE_KEYS.filter((k) => plan.features[k] && !draft.features[k]);
  if (lost.length === 0 || plan.subscribers === 0) return null;
  const who = plan.subscribers === 1 ? `1 user on ${plan.name} loses` : `${plan.subscribers.toLocaleString()} users on ${plan.name} lose`;
  return `${who} ${listOf(lost.map((k) => FEATURE_LABELS[k].label))} at once`;
}
