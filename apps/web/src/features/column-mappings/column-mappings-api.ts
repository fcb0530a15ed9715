import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TListMappings, TMapColumnsInput } from '@mailcraft/shared';
import { api } from '../../lib/api-client';
import { projectKeys } from '../projects/projects-api';

export type { TListMappings };

export const mappingKeys = {
  list: (listId: string) => ['mappings', 'list', listId] as const,
};

/**
 * GET /api/mappings/list/{id} (spec 000 §3 Mappings, §7): the saved mappings, or the auto-matching of
 * §5 with `saved: false`. No retry — a failure sends the user back to the upload screen (§4).
 * One key for the mapping screen and the designer's fields: saving mappings refreshes both.
 */
export function useListMappings(listId: string | null) {
  return useQuery({
    queryKey: mappingKeys.list(listId ?? ''),
    queryFn: () => api<TListMappings>(`/api/mappings/list/${listId}`),
    enabled: !!listId,
    retry: false,
    // The screen edits a copy; a refetch must not overwrite it mid-edit.
    staleTime: Infinity,
  });
}

/**
 * Saves the mappings (spec 000 §7); failures throw ApiError with the server's message, shown as
 * 'Failed to save mappings: {detail}' (§8).
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
