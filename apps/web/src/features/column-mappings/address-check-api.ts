import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAddressCheck, TAddressFix, TAddressFixResult } from '@mailcraft/shared';
import { api } from '../../lib/api-client';

/** Query keys of the address check (issue 12); the only place its key is written. */
export const addressCheckKeys = {
  list: (listId: string) => ['address-check', listId] as const,
};

/** The first page of a list's address check, for the report and the project status. */
export const addressCheckQuery = (listId: string) => ({
  queryKey: addressCheckKeys.list(listId),
  queryFn: () => api<TAddressCheck>(`/api/lists/${listId}/address-check`),
  staleTime: 60_000,
});

/**
 * GET /api/lists/{id}/address-check (issue 12): the issues of the list's records and their counts.
 * Disabled while `enabled` is false (mappings not saved yet). Errors throw ApiError with the server's message.
 */
export function useAddressCheck(listId: string, enabled = true) {
  return useQuery({ ...addressCheckQuery(listId), enabled });
}

/**
 * POST /api/lists/{id}/address-check/fixes (issue 12): accept suggested fixes, exclude or include
 * records, revert fixes. The answer's re-run check replaces the cached one, so the report and
 * the project status show the counts after.
 */
export function useAddressFixes(listId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TAddressFix) => api<TAddressFixResult>(`/api/lists/${listId}/address-check/fixes`, { method: 'POST', body }),
    onSuccess: (result) => client.setQueryData(addressCheckKeys.list(listId), result.report),
  });
}
