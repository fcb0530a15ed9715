import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TListMappings, TMapColumnsInput } from '@mailcraft/shared';
import { api } from '../../lib/api-client';
import { projectKeys } from '../projects/projects-api';

export type { TListMappings };

/** Query keys of the column-mappings feature; the only place a mappings key is written. */
export const mappingKeys = {
  list: (listId: string) => ['mappings', 'list', listId] as const,
};

/**
 * GET /api/mappings/list/{id} (docs/requirements/mailing-lists.md#mappings): column → target field plus fieldSettings —
 * the saved mappings, or the auto-matching of §5 with `saved: false`. Used by the mapping screen
 * and by the Designer's fields; disabled without a list id. No retry — a failure sends the user
 * back to the upload screen (§4). Kept until `useSaveMappings` invalidates it, so a background
 * refetch never changes the mapping screen under the user's hands.
 */
export function useListMappings(listId: string | null) {
  return useQuery({
    queryKey: mappingKeys.list(listId ?? ''),
    queryFn: () => api<TListMappings>(`/api/mappings/list/${listId}`),
    enabled: !!listId,
    retry: false,
    staleTime: Infinity,
  });
}

/**
 * POST /api/lists/map-columns (docs/requirements/workflow.md#api). On success the list's mappings (which the Designer's
 * fields read too) and the projects (their status and print previews) are refetched. Failures
 * throw ApiError with the server's message, shown as 'Failed to save mappings: {detail}' (§8).
 */
export function useSaveMappings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TMapColumnsInput) => api<{ ok: true }>('/api/lists/map-columns', { method: 'POST', body }),
    onSuccess: (_, body) => {
      client.invalidateQueries({ queryKey: mappingKeys.list(body.fileId) });
      client.invalidateQueries({ queryKey: projectKeys.all });
    },
  });
}
