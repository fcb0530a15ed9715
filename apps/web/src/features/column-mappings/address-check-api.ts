import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAddressCheck, TAddressFix, TAddressFixResult } from '@mailcraft/shared';
import { api } from '../../lib/api-client';

/** Query keys of the address check (docs/requirements/print.md#print); the only place its keys are written. */
export const addressCheckKeys = {
  /** The check without the ignored issues (the report, the project status). */
  list: (listId: string) => ['address-check', listId] as const,
  /** The check listing the ignored issues too ('Show N ignored'); under `list`'s key, so invalidating a list's check covers both. */
  withIgnored: (listId: string) => ['address-check', listId, 'with-ignored'] as const,
};

/**
 * The first page of a list's address check, for the report and the project status; with
 * `showIgnored` the issues the user ignored are listed too, marked `ignored: true` (read fresh
 * each time: the server keeps the last check, so it answers quickly).
 */
export const addressCheckQuery = (listId: string, showIgnored = false) => queryOptions<TAddressCheck>({
  queryKey: showIgnored ? addressCheckKeys.withIgnored(listId) : addressCheckKeys.list(listId),
  queryFn: () => api<TAddressCheck>(`/api/lists/${listId}/address-check${showIgnored ? '?ignored=show' : ''}`),
  staleTime: showIgnored ? 0 : 60_000,
});

/**
 * GET /api/lists/{id}/address-check (docs/requirements/print.md#print): the issues of the list's records and their counts;
 * `showIgnored` lists the ignored issues too (the previous answer stays on screen while it loads).
 * Disabled while `enabled` is false (mappings not saved yet). Errors throw ApiError with the server's message.
 */
export function useAddressCheck(listId: string, enabled = true, showIgnored = false) {
  return useQuery({ ...addressCheckQuery(listId, showIgnored), enabled, placeholderData: keepPreviousData });
}

/**
 * POST /api/lists/{id}/address-check/fixes (docs/requirements/print.md#print): accept suggested fixes, exclude or include
 * records, revert fixes, ignore issues (`codes`) or report them again. The answer's check replaces
 * the cached one, so the report and the project status show the counts after; the check listing
 * ignored issues is read again.
 */
export function useAddressFixes(listId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TAddressFix) => api<TAddressFixResult>(`/api/lists/${listId}/address-check/fixes`, { method: 'POST', body }),
    onSuccess: async (result) => {
      client.setQueryData(addressCheckKeys.list(listId), result.report);
      await client.invalidateQueries({ queryKey: addressCheckKeys.withIgnored(listId) });
    },
  });
}
