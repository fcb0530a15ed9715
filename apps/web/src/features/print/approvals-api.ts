import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TDesignApprovals } from '@mailcraft/shared';
import { api } from '../../lib/api-client';
import { projectKeys } from '../projects/projects-api';
import { printKeys } from './print-api';

/** Query key of a project's design approvals. */
export const approvalKeys = { project: (projectId: string) => [...projectKeys.one(projectId), 'approvals'] as const };

/** GET /api/projects/{id}/approvals (docs/requirements/print.md#print): the saved design's version, whether it is approved, and who approved what. */
export function useApprovals(projectId: string) {
  return useQuery({ queryKey: approvalKeys.project(projectId), queryFn: () => api<TDesignApprovals>(`/api/projects/${encodeURIComponent(projectId)}/approvals`) });
}

/**
 * POST /api/projects/{id}/approvals `{ design_version }` (docs/requirements/print.md#print): approves the proofed version.
 * Failures throw the server's message (409 when the design was saved again since the proof); on
 * success the approvals and the print history (file names) are reloaded.
 */
export function useApproveDesign(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => api<TDesignApprovals>(`/api/projects/${encodeURIComponent(projectId)}/approvals`, { method: 'POST', body: { design_version: version } }),
    onSuccess: (answer) => {
      client.setQueryData(approvalKeys.project(projectId), answer);
      return client.invalidateQueries({ queryKey: printKeys.history(projectId) });
    },
    onError: () => client.invalidateQueries({ queryKey: approvalKeys.project(projectId) }),
  });
}
