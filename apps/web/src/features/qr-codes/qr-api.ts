import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { QR_PREVIEW_MAX_RECORDS, type TDataPreview, type TQrConfigRecord } from '@mailcraft/shared';
import { api } from '../../lib/api-client';
import type { QrDraft } from './qr-draft';

/** Query keys of the QR feature. */
export const qrKeys = {
  config: (listId: string) => ['qr', 'config', listId] as const,
  preview: (listId: string) => ['qr', 'preview', listId] as const,
  mapData: (listId: string) => ['qr', 'map-data', listId] as const,
};

/** GET /api/qr/list/{listId} (docs/requirements/maps.md#api): the saved configuration, first of the array, or null. 'Failed to fetch QR config'. Also read by the Designer for the QR style. */
export function useQrConfig(listId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: qrKeys.config(listId),
    queryFn: async () => (await api<TQrConfigRecord[]>(`/api/qr/list/${listId}`))[0] ?? null,
    retry: false,
    staleTime: Infinity,
    enabled,
  });
}

/** GET /api/data-preview/list/{listId}?page=1&limit=25 (docs/requirements/qr-codes.md#rules): the first 25 records with short links. 'Failed to fetch preview data'. */
export function useDataPreview(listId: string) {
  return useQuery({
    queryKey: qrKeys.preview(listId),
    queryFn: () => api<TDataPreview>(`/api/data-preview/list/${listId}?page=1&limit=${QR_PREVIEW_MAX_RECORDS}`),
    retry: false,
  });
}

/** GET /api/maps/qr-map-data/{listId}?limit=25 (docs/requirements/maps.md#api): distance, duration, map image per record. 'Failed to fetch map data'. */
export function useQrMapData(listId: string) {
  return useQuery({
    queryKey: qrKeys.mapData(listId),
    queryFn: () => api<Array<{ record_id: string; distance: number | null; duration: number | null; s3_url: string | null }>>(
      `/api/maps/qr-map-data/${listId}?limit=${QR_PREVIEW_MAX_RECORDS}`),
    retry: false,
  });
}

/**
 * POST /api/qr/config {listId, config} (docs/requirements/maps.md#api). Throws ApiError with the server's message
 * (400 validation, 402 'You need to upgrade your plan to save QR code configurations').
 */
export function useSaveQrConfig(listId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (config: QrDraft) => api<TQrConfigRecord>('/api/qr/config', { method: 'POST', body: { listId, config } }),
    onSuccess: (saved) => {
      client.setQueryData(qrKeys.config(listId), saved);
      return client.invalidateQueries({ queryKey: qrKeys.preview(listId) });
    },
  });
}
