import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TCarrier, TNotification, TNotificationDelivery, TNotificationInput,
  ZEmailTestSchema, ZNotificationTestResultSchema, ZSmsTestSchema, ZWebhookNotificationTestSchema,
} from '@mailcraft/shared';
import { api } from '../../lib/api-client';

/** Body type of a shared zod schema, read from zod's own type slot (the web app does not import zod). */
type InputOf<S extends { _zod: { input: unknown } }> = S['_zod']['input'];

/**
 * The answer of a test send (shared ZNotificationTestResultSchema): the server's message (e.g.
 * 'Test SMS sent successfully'), the addresses or URL it went to, the rendered text, and whether
 * the mail was kept in the outbox because no SMTP server is configured.
 */
export type TNotificationTestResult = (typeof ZNotificationTestResultSchema)['_zod']['output'];
/** POST /api/notifications/sms/test body {phoneNumber, carrierId, content?, isLivePreview?, listId?} (docs/requirements/maps.md#api). */
export type TSmsTest = InputOf<typeof ZSmsTestSchema>;
/** POST /api/notifications/email/test body {recipients (comma-joined), subject?, content?} (docs/requirements/maps.md#api). */
export type TEmailTest = InputOf<typeof ZEmailTestSchema>;
/** POST /api/notifications/webhook/test body {endpointUrl, mailingListFields, scanData, secretKey?} (docs/requirements/maps.md#api). */
export type TWebhookTest = InputOf<typeof ZWebhookNotificationTestSchema>;

/** Query keys of the notifications feature. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: (project: string, listId: string) => ['notifications', 'list', project, listId] as const,
  one: (id: string) => ['notifications', 'one', id] as const,
  history: (id: string) => ['notifications', 'history', id] as const,
  carriers: (all: boolean) => ['notifications', 'carriers', all ? 'all' : 'us'] as const,
};

/**
 * GET /api/notifications?project={id}&listId={id} (docs/requirements/maps.md#api): the list's SMS, email and
 * webhook notifications. Error text: 'Failed to load notifications' (§8). Disabled without both ids.
 */
export function useNotifications(project: string, listId: string) {
  return useQuery({
    queryKey: notificationKeys.list(project, listId),
    queryFn: () => api<TNotification[]>(`/api/notifications?project=${encodeURIComponent(project)}&listId=${encodeURIComponent(listId)}`),
    enabled: !!project && !!listId,
  });
}

/** GET /api/notifications/{id}: one notification. Error text: 'Failed to load notification' (docs/requirements/notifications.md#messages). */
export function useNotification(id: string) {
  return useQuery({ queryKey: notificationKeys.one(id), queryFn: () => api<TNotification>(`/api/notifications/${id}`), enabled: !!id, retry: false });
}

/**
 * GET /api/notifications/{id}/history (docs/requirements/maps.md#screens): the delivery history, newest first.
 * Error text: 'Failed to fetch notification history' (§8).
 */
export function useNotificationHistory(id: string) {
  return useQuery({
    queryKey: notificationKeys.history(id),
    queryFn: () => api<TNotificationDelivery[]>(`/api/notifications/${id}/history`),
    enabled: !!id,
  });
}

/**
 * GET /api/carriers (US) or, with `all`, GET /api/carriers/all (international ones too) (docs/requirements/README.md#requirements
 * §7); retired carriers are included and marked. Cached for 10 minutes: the list is seeded data.
 * Error text: 'Failed to load carriers' (§8). Not fetched while `enabled` is false.
 */
export function useCarriers(all: boolean, enabled = true) {
  return useQuery({
    queryKey: notificationKeys.carriers(all),
    queryFn: () => api<TCarrier[]>(all ? '/api/carriers/all' : '/api/carriers'),
    staleTime: 600_000,
    enabled,
  });
}


/**
 * The notification mutations of one project and list. Saving (POST, or PUT /api/notifications/{id}
 * when `id` is given; 400 with the spec's messages, 402 without the plan feature) and deleting
 * refresh the list; tests return TNotificationTestResult. Failures throw ApiError carrying the
 * server's message.
 */
export function useNotificationActions(project: string, listId: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: notificationKeys.list(project, listId) });
  return {
    /** POST /api/notifications → 201, or PUT /api/notifications/{id} → 200. */
    save: useMutation({
      mutationFn: ({ id, body }: { id?: string; body: TNotificationInput }) => (id
        ? api<TNotification>(`/api/notifications/${id}`, { method: 'PUT', body })
        : api<TNotification>('/api/notifications', { method: 'POST', body })),
      onSuccess: (saved) => {
        client.setQueryData(notificationKeys.one(saved.id), saved);
        return refresh();
      },
    }),
    /** DELETE /api/notifications/{id} → 204 (the history goes with it). */
    remove: useMutation({ mutationFn: (id: string) => api<void>(`/api/notifications/${id}`, { method: 'DELETE' }), onSuccess: refresh }),
    /** POST /api/notifications/sms/test. */
    testSms: useMutation({ mutationFn: (body: TSmsTest) => api<TNotificationTestResult>('/api/notifications/sms/test', { method: 'POST', body }) }),
    /** POST /api/notifications/email/test. */
    testEmail: useMutation({ mutationFn: (body: TEmailTest) => api<TNotificationTestResult>('/api/notifications/email/test', { method: 'POST', body }) }),
    /** POST /api/notifications/webhook/test: a signed `notification.test` event to the composed URL. */
    testWebhook: useMutation({ mutationFn: (body: TWebhookTest) => api<TNotificationTestResult>('/api/notifications/webhook/test', { method: 'POST', body }) }),
  };
}
