import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TApiKey, TApiKeyCreate, TApiKeyCreated } from '@mailcraft/shared';
import { api } from '../../lib/api-client';

/** A key as listed (masked `api_key`) and a key just created or regenerated (full `api_key`, shown once). */
export type { TApiKey, TApiKeyCreated };

/** POST /api/keys body (docs/requirements/print-on-demand-api.md#data): `rate_limit` in requests per minute, `expires_in` in days or null for never. */
export type ApiKeyInput = Required<TApiKeyCreate>;

/** Query keys of the Print on Demand feature. */
export const podKeys = { apiKeys: ['pod', 'api-keys'] as const };

const keyPath = (id: string) => `/api/keys/${encodeURIComponent(id)}`;

/**
 * GET /api/keys (docs/requirements/print-on-demand-api.md#api-keys-tab Keys tab, §7 Key management): the signed-in user's keys, newest
 * first, `api_key` masked as the server gives it ('live_AbCd…wxyz'). Failure text (§8): API_KEY_MESSAGES.listFailed.
 */
export function useApiKeys() {
  return useQuery({ queryKey: podKeys.apiKeys, queryFn: () => api<TApiKey[]>('/api/keys') });
}

/**
 * The key mutations (docs/requirements/print-on-demand-api.md#rules); each reloads the list when it succeeds. Failures throw the
 * server's message (ApiError), for API_KEY_MESSAGES.createFailed etc. + message (§8).
 */
export function useApiKeyActions() {
  const client = useQueryClient();
  const reload = () => client.invalidateQueries({ queryKey: podKeys.apiKeys });
  return {
    /** POST /api/keys {name, scopes, rate_limit, expires_in, mode} → 201 the key in full, this once. */
    create: useMutation({ mutationFn: (body: ApiKeyInput) => api<TApiKeyCreated>('/api/keys', { method: 'POST', body }), onSuccess: reload }),
    /** POST /api/keys/{id}/regenerate → the key with its new secret in full; the old secret stops working. */
    regenerate: useMutation({ mutationFn: (id: string) => api<TApiKeyCreated>(`${keyPath(id)}/regenerate`, { method: 'POST' }), onSuccess: reload }),
    /** PUT /api/keys/{id} {is_active} → the key; the list shows the answer at once. */
    setActive: useMutation({
      mutationFn: ({ id, is_active }: { id: string; is_active: boolean }) => api<TApiKey>(keyPath(id), { method: 'PUT', body: { is_active } }),
      onSuccess: (saved) => {
        client.setQueryData<TApiKey[]>(podKeys.apiKeys, (old) => old?.map((k) => (k.id === saved.id ? saved : k)));
        return reload();
      },
    }),
    /** DELETE /api/keys/{id} → 204. */
    remove: useMutation({ mutationFn: (id: string) => api<void>(keyPath(id), { method: 'DELETE' }), onSuccess: reload }),
  };
}
