import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TWebhook, TWebhookAttempt, TWebhookCreate, TWebhookDeliveries, TWebhookDelivery } from '@mailcraft/shared';
import { api } from '../../lib/api-client';

/** Query keys of the webhooks feature. */
export const webhookKeys = {
  list: (listId: string) => ['webhooks', 'list', listId] as const,
  deliveries: (id: string) => ['webhooks', 'deliveries', id] as const,
  attempts: (id: string, deliveryId: string) => ['webhooks', 'attempts', id, deliveryId] as const,
};

/** GET /api/webhooks/{mailingListId} (docs/requirements/workflow.md#api). Error text: 'Failed to fetch webhooks'. */
export function useWebhooks(listId: string) {
  return useQuery({ queryKey: webhookKeys.list(listId), queryFn: () => api<TWebhook[]>(`/api/webhooks/${listId}`) });
}

/** The webhook mutations of one list; each refreshes the list. Failures throw the server's message. */
export function useWebhookActions(listId: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: webhookKeys.list(listId) });
  const refreshLog = (id: string) => client.invalidateQueries({ queryKey: webhookKeys.deliveries(id) });
  return {
    /** POST /api/webhooks → 201 (402 without the plan feature). */
    create: useMutation({ mutationFn: (body: TWebhookCreate) => api<TWebhook>('/api/webhooks', { method: 'POST', body }), onSuccess: refresh }),
    /** PATCH /api/webhooks/{id} {is_active} (docs/requirements/workflow.md#workflow-order). */
    toggle: useMutation({
      mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) => api<TWebhook>(`/api/webhooks/${id}`, { method: 'PATCH', body: { is_active: isActive } }),
      onSuccess: refresh,
    }),
    /** DELETE /api/webhooks/{id}. */
    remove: useMutation({ mutationFn: (id: string) => api<void>(`/api/webhooks/${id}`, { method: 'DELETE' }), onSuccess: refresh }),
    /** POST /api/webhooks/{id}/rotate-secret. */
    rotate: useMutation({ mutationFn: (id: string) => api<TWebhook>(`/api/webhooks/${id}/rotate-secret`, { method: 'POST' }), onSuccess: refresh }),
    /** POST /api/webhooks/{id}/test → 202 delivery. */
    test: useMutation({ mutationFn: (id: string) => api<TWebhookDelivery>(`/api/webhooks/${id}/test`, { method: 'POST' }), onSuccess: (_d, id) => refreshLog(id) }),
    /** POST /api/webhooks/{id}/deliveries/{deliveryId}/resend → 202. */
    resend: useMutation({
      mutationFn: ({ id, deliveryId }: { id: string; deliveryId: string }) => api<TWebhookDelivery>(`/api/webhooks/${id}/deliveries/${deliveryId}/resend`, { method: 'POST' }),
      onSuccess: (_d, v) => refreshLog(v.id),
    }),
  };
}

/** GET /api/webhooks/{id}/deliveries: the delivery log; refetched every 3 s while a delivery is pending. */
export function useDeliveries(id: string, page: number) {
  return useQuery({
    queryKey: [...webhookKeys.deliveries(id), page],
    queryFn: () => api<TWebhookDeliveries>(`/api/webhooks/${id}/deliveries?page=${page}&limit=10`),
    refetchInterval: (q) => (q.state.data?.deliveries.some((d) => d.status === 'pending') ? 3000 : 30_000),
  });
}

/** GET /api/webhooks/{id}/deliveries/{deliveryId}/attempts. */
export function useAttempts(id: string, deliveryId: string) {
  return useQuery({ queryKey: webhookKeys.attempts(id, deliveryId), queryFn: () => api<TWebhookAttempt[]>(`/api/webhooks/${id}/deliveries/${deliveryId}/attempts`) });
}
