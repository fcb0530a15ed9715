import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlanId, TAdminPricing, TPiecePriceInput, TPlanUpdate } from '@mailcraft/shared';
import { api } from '../../../lib/api-client';
import { pricingKeys } from '../../subscriptions/plans-api';
import { auditKeys } from '../audit-log';

/** Query keys of /admin/pricing. */
export const adminPricingKeys = { all: ['admin', 'pricing'] as const };

/**
 * GET /api/admin/pricing (docs/requirements/administration.md#administration, administrators only) → TAdminPricing: `plans` cheapest first
 * `{ id, name, monthly_price (US dollars), features, subscribers }` and `prices`, the per-piece
 * schedule `{ id, key, amount (US dollars), effective_from 'YYYY-MM-DD' (UTC), status }`.
 */
export function useAdminPricing() {
  return useQuery({ queryKey: adminPricingKeys.all, queryFn: () => api<TAdminPricing>('/api/admin/pricing') });
}

/**
 * Every pricing change answers the whole TAdminPricing: it replaces the page's data, and the
 * public plans (GET /api/plans, shown by /pricing, /billing and the admin plan names) and the
 * audit log are reloaded. A failure reloads the page's data, which may be out of date (e.g. a
 * price that started meanwhile), and throws the server's message (ApiError).
 */
function usePricingChange<V>(send: (vars: V) => Promise<TAdminPricing>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (pricing) => {
      client.setQueryData(adminPricingKeys.all, pricing);
      return Promise.all([
        client.invalidateQueries({ queryKey: pricingKeys.plans }),
        client.invalidateQueries({ queryKey: auditKeys.all }),
      ]);
    },
    onError: () => client.invalidateQueries({ queryKey: adminPricingKeys.all }),
  });
}

/**
 * PUT /api/admin/plans/{id} `{ name, monthly_price (US dollars, whole cents), features }` (docs/requirements/administration.md#administration).
 * 400 with the server's message for an empty name, a negative price, fractions of a cent or a limit under 1.
 */
export const useUpdatePlan = () => usePricingChange(({ id, ...plan }: TPlanUpdate & { id: PlanId }) =>
  api<TAdminPricing>(`/api/admin/plans/${encodeURIComponent(id)}`, { method: 'PUT', body: plan }));

/**
 * POST /api/admin/prices `{ key, amount (US dollars), effective_from 'YYYY-MM-DD' }` (docs/requirements/administration.md#administration):
 * the price from that UTC day on (a price already set for that day is replaced). 400 'A price can
 * only be scheduled from today or a later day: earlier prices are history' for a past day.
 */
export const useSchedulePrice = () => usePricingChange((price: TPiecePriceInput) =>
  api<TAdminPricing>('/api/admin/prices', { method: 'POST', body: price }));

/**
 * DELETE /api/admin/prices/{id} (docs/requirements/administration.md#administration): removes a price that has not started yet.
 * 409 'Only a price that has not started yet can be removed'; 404 for an unknown price.
 */
export const useRemovePrice = () => usePricingChange((id: string) =>
  api<TAdminPricing>(`/api/admin/prices/${encodeURIComponent(id)}`, { method: 'DELETE' }));
