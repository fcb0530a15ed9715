import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TProjectDesign, TProjectDesignSave } from '@mailcraft/shared';
import { api } from '../../lib/api-client';
import { printKeys } from '../print/print-api';
import { projectKeys } from '../projects/projects-api';

/**
 * Query keys of the designs feature. The design sits under its project's key, so refreshing the
 * projects refreshes it too. The list's mappings, sample rows and the permits the Designer shows
 * come from their own features' hooks (column-mappings, mailing-lists, permits).
 */
export const designKeys = {
  design: (projectId: string) => [...projectKeys.one(projectId), 'design'] as const,
  /** The project's reinforcements R1–R3 with their designs (docs/requirements/print-on-demand-api.md#data, `reinforcements-api.ts`). */
  reinforcements: (projectId: string) => [...projectKeys.one(projectId), 'reinforcements'] as const,
  /** Everything about fonts the Designer loads (`useDesignFonts`): refreshed after an administrator's change. */
  fonts: ['fonts', 'files'] as const,
  /** GET /api/fonts: the installed fonts' names. */
  fontList: ['fonts', 'files', 'list'] as const,
  /** One font file, loaded once per session. */
  fontFile: (id: string) => ['fonts', 'files', 'file', id] as const,
};

/**
 * GET /api/templates/project/{id}/design (docs/requirements/designer.md#design-template template): the inside template and,
 * for double-sided projects, the outside one; blank templates at the project's size until saved.
 */
export function useProjectDesign(projectId: string) {
  return useQuery({
    queryKey: designKeys.design(projectId),
    queryFn: () => api<TProjectDesign>(`/api/templates/project/${projectId}/design`),
    retry: false,
    // Fetched fresh each time the editor opens (no cached copy from an earlier visit, which the
    // project's size or sides may have outdated); while open, the Designer owns the template, so
    // nothing refetches it in the background.
    gcTime: 0,
    staleTime: Infinity,
    refetchOnReconnect: false,
  });
}

/**
 * POST /api/templates/project/{id}/design with both templates and PNG thumbnails (docs/requirements/workflow.md#api).
 * On success the cached design, the print previews and the project (has_template, thumbnails,
 * status) are refreshed.
 */
export function useSaveDesign(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TProjectDesignSave) =>
      api<TProjectDesign>(`/api/templates/project/${projectId}/design`, { method: 'POST', body }),
    onSuccess: (saved) => {
      client.setQueryData(designKeys.design(projectId), saved);
      client.invalidateQueries({ queryKey: printKeys.previews(projectId) });
      client.invalidateQueries({ queryKey: projectKeys.all, exact: true });
      client.invalidateQueries({ queryKey: projectKeys.one(projectId), exact: true });
      client.invalidateQueries({ queryKey: projectKeys.status(projectId) });
    },
  });
}
