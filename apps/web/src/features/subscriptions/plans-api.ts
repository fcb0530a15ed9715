import { useQuery } from '@tanstack/react-query';
import type { TPlans } from '@mailcraft/shared';
import { api } from '../../lib/api-client';

/** Query keys of the plans (the pricing, billing and admin pages). */
export const pricingKeys = { plans: ['pricing', 'plans'] as const };

/** GET /api/plans (public, no sign-in; docs/requirements/administration.md#administration): every plan with price, features and limits, and the per-piece prices. Cached 5 minutes. */
export function usePlans() {
  return useQuery({
    queryKey: pricingKeys.plans,
    queryFn: () => api<TPlans>('/api/plans'),
    staleTime: 5 * 60_000,
  });
}
