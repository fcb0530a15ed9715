import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TListMappings, TListPreview, TPermit, TProjectDesign, TProjectDesignSave } from '@mailcraft/shared';
import { api } from '../../app/api';
import { projectKeys } from '../projects/projects-api';

/** Query keys of the designs feature. The list keys share the mailing-lists feature's shape. */
export const designKeys = {
  design: (projectId: string) => ['projects', projectId, 'design'] as const,
  mappings: (listId: string) => ['mappings', listId] as const,
  sample: (listId: string) => ['lists', listId, 'preview', { offset: 0, limit: 3, step: null }] as const,
  permits: ['permits'] as const,
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

/** GET /api/mappings/list/{listId}: column → target field, plus fieldSettings (spec 000 §3 Mappings). */
export function useListMappings(listId: string | null) {
  return useQuery({
    queryKey: designKeys.mappings(listId ?? ''),
    queryFn: () => api<TListMappings>(`/api/mappings/list/${listId}`),
    enabled: !!listId,
    retry: false,
  });
}

/** GET /api/lists/{listId}/preview?offset=0&limit=3: the first records, for sample values. */
export function useListSample(listId: string | null) {
  return useQuery({
    queryKey: designKeys.sample(listId ?? ''),
    queryFn: () => api<TListPreview>(`/api/lists/${listId}/preview?offset=0&limit=3`),
    enabled: !!listId,
    retry: false,
  });
}

/** GET /api/templates/permits (spec 000 §7), for the project's permit indicia. */
export function usePermits() {
  return useQuery({ queryKey: designKeys.permits, queryFn: () => api<TPermit[]>('/api/templates/permits') });
}
