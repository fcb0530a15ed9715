import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlanId, TBilling, TPlanChangeResult } from '@mailcraft/shared';
import { api } from '../../lib/api-client';
import { subscriptionKeys } from './subscriptions-api';

/** GET /api/billing and POST /api/billing/plan (docs/requirements/administration.md#administration), the server's own types. */
export type { TBilling, TPlanChangeResult };

/**
 * Query keys of /billing (docs/requirements/administration.md#administration). Under the subscription key on purpose: invalidating
 * `subscriptionKeys.current` after a plan change (here, or an administrator's in admin-api.ts)
 * refetches the billing summary with it.
 */
export const billingKeys = { summary: [...subscriptionKeys.current, 'billing'] as const };

/**
 * GET /api/billing (docs/requirements/administration.md#administration): `{ plan_id, plan_name, monthly_price (US dollars a month),
 * pending_request (TUpgradeRequest | null), usage: { month 'YYYY-MM' UTC, pieces_printed,
 * orders_placed, api_calls, scans } }`. Signed-in users only (401 otherwise).
 */
export function useBilling() {
  return useQuery({
    queryKey: billingKeys.summary,
    queryFn: () => api<TBilling>('/api/billing'),
  });
}

/**
 * POST /api/billing/plan `{ plan }` (docs/requirements/administration.md#administration) → TPlanChangeResult `{ status: 'changed' | 'pending'
 * | 'unchanged', plan_id, request, message }`. A free plan ('free', 'pay_as_you_go') is changed at
 * once; a paid plan becomes a request an administrator approves. On success the subscription
 * (and with it the billing summary) is refetched before the mutation settles, so the app's plan
 * gating (docs/requirements/plans-and-billing.md#plan-gating) is current when the answer is shown. Failures throw ApiError with the
 * server's message.
 */
export function useChangePlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (plan: PlanId) => api<TPlanChangeResult>('/api/billing/plan', { method: 'POST', body: { plan } }),
    onSuccess: () => client.invalidateQueries({ queryKey: subscriptionKeys.current }),
  });
}

/**
 * DELETE /api/billing/request (docs/requirements/administration.md#administration) → 204: withdraws the pending upgrade request. Failures
 * throw ApiError with the server's message (404 'There is no pending upgrade request'; 'This request
 * has already been decided' when an administrator was quicker). Success or not, the subscription and
 * the billing summary are refetched: a failure usually means the request changed meanwhile.
 */
export function useWithdrawRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>('/api/billing/request', { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: subscriptionKeys.current }),
  });
}
