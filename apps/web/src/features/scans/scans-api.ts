import { useQuery } from '@tanstack/react-query';
import { SCAN_REFRESH_SECONDS, type TListAnalytics, type TListScanSummary, type TRecentScans, type TScannedRecords } from '@mailcraft/shared';
import { api } from '../../lib/api-client';

/** Query keys of the scans feature. */
export const scanKeys = {
  recent: (listId?: string) => ['analytics', 'recent', listId ?? 'all'] as const,
  lists: ['analytics', 'lists'] as const,
  list: (listId: string) => ['analytics', 'list', listId] as const,
  records: (listId: string, page: number) => ['analytics', 'records', listId, page] as const,
};

/** GET /api/analytics/scans (docs/requirements/workflow.md#api): latest human scans, refetched every 30 s (docs/requirements/workflow.md#workflow-order). */
export function useRecentScans(listId?: string) {
  return useQuery({
    queryKey: scanKeys.recent(listId),
    queryFn: () => api<TRecentScans>(`/api/analytics/scans${listId ? `?listId=${listId}` : ''}`),
    refetchInterval: SCAN_REFRESH_SECONDS * 1000,
  });
}

/** GET /api/analytics/lists: every list with its scan counts. */
export function useListSummaries() {
  return useQuery({ queryKey: scanKeys.lists, queryFn: () => api<TListScanSummary[]>('/api/analytics/lists'), refetchInterval: SCAN_REFRESH_SECONDS * 1000 });
}

/** GET /api/analytics/lists/{id}: one list's analytics. */
export function useListAnalytics(listId: string) {
  return useQuery({ queryKey: scanKeys.list(listId), queryFn: () => api<TListAnalytics>(`/api/analytics/lists/${listId}`), refetchInterval: SCAN_REFRESH_SECONDS * 1000 });
}

/** GET /api/analytics/lists/{id}/records?page&limit=25: the scanned records. */
export function useScannedRecords(listId: string, page: number) {
  return useQuery({
    queryKey: scanKeys.records(listId, page),
    queryFn: () => api<TScannedRecords>(`/api/analytics/lists/${listId}/records?page=${page}&limit=25`),
  });
}
