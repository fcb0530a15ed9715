import { useQuery } from '@tanstack/react-query';
import type { TSubscription } from '@mailcraft/shared';
import { api } from '../../lib/api-client';

/** GET /api/subscriptions/current (docs/requirements/plans-and-billing.md#plans), the server's own schema. */
export type { TSubscription };

/** Query keys of the subscriptions feature. */
export const subscriptionKeys = { current: ['subscription'] as const };

/** GET /api/subscriptions/current: the user's plan and feature map, cached for a minute. */
export function useSubscription(opts: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: subscriptionKeys.current,
    queryFn: () => api<TSubscription>('/api/subscriptions/current'),
    staleTime: 60_000,
    enabled: opts.enabled ?? true,
  });
}
