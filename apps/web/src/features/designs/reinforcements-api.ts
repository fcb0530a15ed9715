import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ReinforcementSlot, TReinforcementDesign, TReinforcementSave } from '@mailcraft/shared';
import { api } from '../../lib/api-client';
import { projectKeys } from '../projects/projects-api';
import { designKeys } from './design-api';

const path = (projectId: string, slot?: ReinforcementSlot) =>
  `/api/projects/${projectId}/reinforcements${slot ? `/${slot}` : ''}`;

/**
 * GET /api/projects/{id}/reinforcements (docs/requirements/print-on-demand-api.md#data): the project's reinforcements with their
 * one-page designs, only the slots that exist. Like the design, fetched fresh each time the editor
 * opens and not refetched while the Designer owns them.
 */
export function useProjectReinforcements(projectId: string) {
  return useQuery({
    queryKey: designKeys.reinforcements(projectId),
    queryFn: () => api<TReinforcementDesign[]>(path(projectId)),
    retry: false,
    gcTime: 0,
    staleTime: Infinity,
    refetchOnReconnect: false,
  });
}

/** The project cards and the project show thumbnail_r1…r3: refresh them after a change. */
function refreshProject(client: QueryClient, projectId: string) {
  void client.invalidateQueries({ queryKey: projectKeys.all, exact: true });
  void client.invalidateQueries({ queryKey: projectKeys.one(projectId), exact: true });
}

/**
 * PUT /api/projects/{id}/reinforcements/{slot} with name, type, the one-page template (project's
 * paper size, mm) and an optional PNG data URL thumbnail (docs/requirements/print-on-demand-api.md#data). The server answers 400 for
 * a blank name ('Reinforcement name is required') or a template not one page at the project's
 * size. On success the cached list and the project (thumbnail_rN) are refreshed.
 */
export function useSaveReinforcement(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ slot, body }: { slot: ReinforcementSlot; body: TReinforcementSave }) =>
      api<TReinforcementDesign>(path(projectId, slot), { method: 'PUT', body }),
    onSuccess: (saved) => {
      client.setQueryData<TReinforcementDesign[]>(designKeys.reinforcements(projectId), (list) =>
        [...(list ?? []).filter((r) => r.slot !== saved.slot), saved].sort((a, b) => a.slot - b.slot));
      refreshProject(client, projectId);
    },
  });
}

/**
 * DELETE /api/projects/{id}/reinforcements/{slot} (204): removes a reinforcement; orders already
 * placed keep their files. On success the slot leaves the cached list and the project is refreshed.
 */
export function useRemoveReinforcement(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (slot: ReinforcementSlot) => api<void>(path(projectId, slot), { method: 'DELETE' }),
    onSuccess: (_void, slot) => {
      client.setQueryData<TReinforcementDesign[]>(designKeys.reinforcements(projectId), (list) => list?.filter((r) => r.slot !== slot));
      refreshProject(client, projectId);
    },
  });
}
