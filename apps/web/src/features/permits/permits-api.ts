import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPermit, TPermitCreate, TProductPermit } from '@mailcraft/shared';
import { api } from '../../lib/api-client';
import { projectKeys } from '../projects/projects-api';

/** Query keys of the permits feature. */
export const permitKeys = { all: ['permits'] as const, product: ['permits', 'product'] as const };

/**
 * GET /api/templates/permits (docs/requirements/workflow.md#api): the user's permits — for the permit list, the project
 * forms and the Designer's indicia. Error text: 'Failed to load mailing permits'.
 */
export function usePermits({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: permitKeys.all, queryFn: () => api<TPermit[]>('/api/templates/permits'), enabled });
}

/**
 * GET /api/templates/permits/product: whether this server offers its own ('Mailcraft') permit and
 * its indicia (docs/requirements/workflow.md#clear-states-and-fast-pages: offered only when the operator configured it completely).
 */
export function useProductPermit() {
  return useQuery({ queryKey: permitKeys.product, queryFn: () => api<TProductPermit>('/api/templates/permits/product'), staleTime: Infinity });
}

/**
 * POST /api/templates/permits {name, indicia, isDefault} → 201 TPermit (docs/requirements/projects.md#data). The
 * server makes the first permit the default, so the list is reloaded rather than patched.
 */
export function useCreatePermit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TPermitCreate) => api<TPermit>('/api/templates/permits', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: permitKeys.all }),
  });
}

/**
 * DELETE /api/templates/permits/{id} → 204 (docs/requirements/workflow.md#api). The server detaches the permit from the
 * projects that used it (their permit becomes none), so the projects are refreshed too.
 */
export function useDeletePermit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/templates/permits/${id}`, { method: 'DELETE' }),
    onSuccess: (_void, id) => {
      client.setQueryData<TPermit[]>(permitKeys.all, (list) => list?.filter((p) => p.id !== id));
      client.invalidateQueries({ queryKey: projectKeys.all });
      return client.invalidateQueries({ queryKey: permitKeys.all });
    },
  });
}
