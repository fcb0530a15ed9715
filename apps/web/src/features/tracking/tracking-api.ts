import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TMailPieceTimeline, TPrintJobTracking, TrackingCountKey, TTrackingImport, TTrackingImports, TTrackingSimulateResult,
} from '@mailcraft/shared';
import { api, ApiError, uploadWithProgress } from '../../lib/api-client';

/** Query keys of the tracking feature; everything under `all`. */
export const trackingKeys = {
  all: ['tracking'] as const,
  job: (jobId: string) => ['tracking', 'print-job', jobId] as const,
  jobPage: (jobId: string, q: PiecesQuery) => ['tracking', 'print-job', jobId, q] as const,
  piece: (pieceId: string) => ['tracking', 'piece', pieceId] as const,
  imports: (page: number) => ['tracking', 'imports', page] as const,
  importOne: (id: string) => ['tracking', 'import', id] as const,
};

/** Which pieces of a print file to list: page (from 1), latest stage ('' for every piece) and the N of "no scan after N days". */
export type PiecesQuery = { page: number; stage: TrackingCountKey | ''; noScanDays: number };
/** Pieces per page of the tracking page's table. */
export const PIECES_PER_PAGE = 50;
/** Batches per page of the tracking imports table. */
export const IMPORTS_PER_PAGE = 20;
/** How often a running upload and the imports table are asked again while a batch is being read, in ms. */
export const IMPORT_POLL_MS = 1000;

/** Answers 404: the thing is not there (or not the user's); never worth a retry. */
const notFound = (err: unknown) => err instanceof ApiError && err.status === 404;
const retryUnlessGone = (count: number, err: unknown) => !notFound(err) && count < 2;

/**
 * GET /api/print-jobs/{jobId}/tracking?page&limit&stage&no_scan_days: a print file's delivery funnel, analytics and one
 * page of its pieces (docs/requirements/mail-tracking.md#timelines-and-analytics). `refreshMs` refetches it that often
 * (a running simulation), false not at all. The previous page stays shown while the next one loads. 404 when the file
 * has no tracked pieces (a proof, another user's file, or printed without IMbs) — not retried.
 */
export function usePrintJobTracking(jobId: string, q: PiecesQuery, refreshMs: number | false) {
  return useQuery({
    queryKey: trackingKeys.jobPage(jobId, q),
    queryFn: () => {
      const params = new URLSearchParams({ page: String(q.page), limit: String(PIECES_PER_PAGE), no_scan_days: String(q.noScanDays) });
      if (q.stage) params.set('stage', q.stage);
      return api<TPrintJobTracking>(`/api/print-jobs/${encodeURIComponent(jobId)}/tracking?${params}`);
    },
    enabled: !!jobId,
    placeholderData: keepPreviousData,
    retry: retryUnlessGone,
    refetchInterval: refreshMs,
  });
}

/** GET /api/mail-pieces/{pieceId}/timeline: one piece with its scans, oldest first; refetched every `refreshMs` when given. */
export function usePieceTimeline(pieceId: string | null, refreshMs: number | false = false) {
  return useQuery({
    queryKey: trackingKeys.piece(pieceId ?? ''),
    queryFn: () => api<TMailPieceTimeline>(`/api/mail-pieces/${encodeURIComponent(pieceId!)}/timeline`),
    enabled: !!pieceId,
    retry: retryUnlessGone,
    refetchInterval: refreshMs,
  });
}

/**
 * POST /api/print-jobs/{jobId}/tracking/simulate (docs/requirements/mail-tracking.md#test-mode): schedules simulated
 * scans for every piece, all delivered within two minutes. Refreshes the file's tracking and timelines on success.
 */
export function useSimulateDelivery(jobId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<TTrackingSimulateResult>(`/api/print-jobs/${encodeURIComponent(jobId)}/tracking/simulate`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: trackingKeys.all }),
  });
}

/** GET /api/tracking/imports?page&limit=20: the user's batches of scan data, newest first; asked again every second while one is running. */
export function useTrackingImports(page: number) {
  return useQuery({
    queryKey: trackingKeys.imports(page),
    queryFn: () => api<TTrackingImports>(`/api/tracking/imports?page=${page}&limit=${IMPORTS_PER_PAGE}`),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.imports.some((i) => i.status === 'running') ? IMPORT_POLL_MS : false),
  });
}

/** GET /api/tracking/imports/{id}, polled every second while the batch is running (null id: nothing asked). */
export function useTrackingImport(id: string | null) {
  return useQuery({
    queryKey: trackingKeys.importOne(id ?? ''),
    queryFn: () => api<TTrackingImport>(`/api/tracking/imports/${encodeURIComponent(id!)}`),
    enabled: !!id,
    retry: retryUnlessGone,
    refetchInterval: (query) => (query.state.data && query.state.data.status !== 'running' ? false : IMPORT_POLL_MS),
  });
}

/**
 * POST /api/tracking/imports as multipart `file`: an IV-MTR file (JSON, or pipe/comma-delimited .txt/.csv/.psv, at
 * most 100 MB) → 202 the running batch, with upload progress (`uploadWithProgress`: `onProgress` receives 0–100;
 * failures throw ApiError with the server's message, status 0 when unreachable).
 */
export function uploadScanFile(file: File, onProgress: (percent: number) => void): Promise<TTrackingImport> {
  const form = new FormData();
  form.append('file', file);
  return uploadWithProgress<TTrackingImport>('/api/tracking/imports', form, onProgress);
}

/** The upload mutation (`uploadScanFile`); refreshes the imports table once the file is taken in. */
export function useUploadScanFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { file: File; onProgress: (p: number) => void }) => uploadScanFile(v.file, v.onProgress),
    onSuccess: () => client.invalidateQueries({ queryKey: ['tracking', 'imports'] }),
  });
}
