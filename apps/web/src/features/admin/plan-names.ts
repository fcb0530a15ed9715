import { PLAN_IDS, type PlanId } from '@mailcraft/shared';
import { usePlans } from '../subscriptions/plans-api';

/** One plan to choose on the admin pages: its id and the name to show. */
export type PlanChoice = { id: PlanId; name: string };

/**
 * The plans of GET /api/plans (docs/requirements/administration.md#administration; shares the pricing page's cache entry) as `{ id, name }`
 * cheapest first, and `nameOf(id)` → the plan's name. While the plans load, or when they fail, the
 * ids stand in (PLAN_IDS, e.g. 'pay_as_you_go'), so the admin pages never wait on them.
 */
export function usePlanNames(): { choices: PlanChoice[]; nameOf: (id: PlanId) => string } {
  const plans = usePlans();
  const choices: PlanChoice[] = plans.data?.plans.map(({ id, name }) => ({ id, name })) ?? PLAN_IDS.map((id) => ({ id, name: id }));
  const nameOf = (id: PlanId) => choices.find((p) => p.id === id)?.name ?? id;
  return { choices, nameOf };
}
