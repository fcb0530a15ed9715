import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TEffect, TEffectCreate, TEffectPatch } from '@mailcraft/shared';
import { api } from '../../../lib/api-client';
import { auditKeys } from '../audit-log';
import { effectKeys } from './effects-api';

/** After any change: both lists and the audit log reload. */
function useReloadEffects() {
  const client = useQueryClient();
  return () => Promise.all([
    client.invalidateQueries({ queryKey: effectKeys.all }),
    client.invalidateQueries({ queryKey: effectKeys.admin }),
    client.invalidateQueries({ queryKey: auditKeys.all }),
  ]);
}

/** POST /api/admin/effects {name, kind, params} → the effect; 409 'An effect with this name already exists', 400 with the problem. */
export function useCreateEffect() {
  const reload = useReloadEffects();
  return useMutation({ mutationFn: (body: TEffectCreate) => api<TEffect>('/api/admin/effects', { method: 'POST', body }), onSuccess: reload });
}

/** PATCH /api/admin/effects/{id} {name?, kind?, params?} → the effect; errors as create, 404 when deleted meanwhile. */
export function useUpdateEffect() {
  const reload = useReloadEffects();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: TEffectPatch }) => api<TEffect>(`/api/admin/effects/${id}`, { method: 'PATCH', body: patch }),
    onSuccess: reload,
  });
}

/** DELETE /api/admin/effects/{id} → 204. Image elements that use it then show and print without an effect. */
export function useDeleteEffect() {
  const reload = useReloadEffects();
  return useMutation({ mutationFn: (id: string) => api<void>(`/api/admin/effects/${id}`, { method: 'DELETE' }), onSuccess: reload });
}
