import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TListPreview, TProjectDesign, TProjectDesignSave } from '@mailcraft/shared';
import { api } from '../../lib/api-client';
import { listKeys } from '../mailing-lists/mailing-lists-api';
import { projectKeys } from '../projects/projects-api';

/** Query keys of the designs feature (mappings, permits and list records are their features' own). */
export const designKeys = {
  design: (projectId: string) => ['projects', projectId, 'design'] as const,
};

/**
 * GET /api/templates/project/{id}/design (spec 000 §3 Design template): the inside template and,
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
 * POST /api/templates/project/{id}/design with both templates and PNG thumbnails (spec 000 §7).
 * On success the cached design and the project (has_template, thumbnails) are refreshed.
 */
export function useSaveDesign(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TProjectDesignSave) =>
      api<TProjectDesign>(`/api/templates/project/${projectId}/design`, { method: 'POST', body }),
    onSuccess: (saved) => {
      client.setQueryData(designKeys.design(projectId), saved);
      client.invalidateQueries({ queryKey: ['projects', projectId, 'print-preview'] });
      client.invalidateQueries({ queryKey: projectKeys.all, exact: true });
      client.invalidateQueries({ queryKey: projectKeys.one(projectId), exact: true });
      client.invalidateQueries({ queryKey: projectKeys.status(projectId) });
    },
  });
}

/** GET /api/lists/{listId}/preview?offset=0&limit=3: the first records, for sample values (the mailing-lists feature's key). */
export function useListSample(listId: string | null) {
  return useQuery({
    queryKey: listKeys.preview(listId ?? '', 0, 3),
    queryFn: () => api<TListPreview>(`/api/lists/${listId}/preview?offset=0&limit=3`),
    enabled: !!listId,
    retry: false,
  });
}
