import { FEATURE_KEYS, FREE_PLAN_IDS, PLAN_IDS, type PlanId, type TPlan, type TPlanFeatures } from '@mailcraft/shared';
import { FEATURE_LABELS } from './feature-labels';

/** Whether `value` (e.g. the `?plan=` of /billing, docs/requirements/administration.md#administration) is a plan id; anything else is ignored. */
export function isPlanId(value: string | null | undefined): value is PlanId {
  return (PLAN_IDS as readonly string[]).includes(value ?? '');
}

/** Whether a plan is changed at once rather than requested: 'free' and 'pay_as_you_go' (docs/requirements/plans-and-billing.md#plan-gating, docs/requirements/administration.md#administration). */
export const isFreePlan = (planId: PlanId): boolean => FREE_PLAN_IDS.includes(planId);

/**
 * The month of GET /api/billing `usage.month` ('YYYY-MM', a UTC calendar month) as people read it:
 * '2026-11' → 'November 2026'. Anything else is shown as given.
 */
export function formatUsageMonth(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  const first = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  return new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(first);
}

/** A usage count, en-US: 12345 → '12,345'. */
export const formatCount = (n: number): string => n.toLocaleString('en-US');

/**
 * The day an upgrade request was made (TUpgradeRequest `created_at`, ISO 8601) in the browser's time
 * zone: '2026-11-03T12:00:00Z' → 'November 3, 2026'. An unreadable time is shown as given.
 */
export function formatRequestDate(iso: string, timeZone?: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone }).format(at);
}

/**
 * What a move from the current features map (`from`, GET /api/subscriptions/current `features`) to
 * `to` (a plan of GET /api/plans) takes away, for the confirmation of a switch to a free plan
 * (docs/requirements/administration.md#administration): 'Free does not include Route maps, Print-on-Demand API. Limits: 25 projects, 250,000
 * records per list.' The limits part only when a limit is lower; 'You keep every feature of your
 * current plan.' when nothing is lost.
 */
export function planChangeWarning(from: TPlanFeatures, to: Pick<TPlan, 'name' | 'features'>): string {
  const lost = FEATURE_KEYS.filter((f) => from[f] && !to.features[f]).map((f) => FEATURE_LABELS[f].label);
  const lowerLimits = to.features.max_projects < from.max_projects || to.features.max_list_rows < from.max_list_rows;
  const parts: string[] = [];
  if (lost.length) parts.push(`${to.name} does not include ${lost.join(', ')}.`);
  if (lowerLimits) {
    parts.push(`Limits: ${formatCount(to.features.max_projects)} projects, ${formatCount(to.features.max_list_rows)} records per list.`);
  }
  return parts.length ? parts.join(' ') : 'You keep every feature of your current plan.';
}
