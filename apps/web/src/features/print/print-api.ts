import { useCallback, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { TPreflight, TPrintCheck, TPrintJob, TPrintOptions, TProofRecord } from '@mailcraft/shared';
import { api, ApiError } from '../../lib/api-client';
import { projectKeys } from '../projects/projects-api';

/** GET /api/print-jobs/{jobId}: a print file being rendered, `done` of `total` mail pieces (the server's schema). */
export type { TPreflight, TPrintCheck, TPrintJob, TPrintOptions, TProofRecord };

/** How often a running job is polled, in ms. */
export const PRINT_JOB_POLL_MS = 1000;
/** How often a proof's job is asked for (ms). */
const PROOF_POLL_MS = 250;

/** Query keys of the print feature. Previews sit under their project's key, so refreshing the projects refreshes them. */
const previews = (projectId: string) => [...projectKeys.one(projectId), 'print-preview'] as const;
export const printKeys = {
  job: (jobId: string) => ['print-jobs', jobId] as const,
  /** Every print preview of a project, whatever its page count. */
  previews,
  preview: (projectId: string, count: number, from = 0) => [...previews(projectId), count, from] as const,
  history: (projectId: string) => [...projectKeys.one(projectId), 'print-jobs'] as const,
  proofSearch: (projectId: string, q: string) => [...projectKeys.one(projectId), 'proof-search', q] as const,
  check: (projectId: string) => [...projectKeys.one(projectId), 'print-check'] as const,
};

/** The URL of a finished job's PDF (GET /api/print-jobs/{jobId}/file). */
export const printFileUrl = (jobId: string) => `/api/print-jobs/${encodeURIComponent(jobId)}/file`;

function pngDataUrl(png: ArrayBuffer): string {
  const bytes = new Uint8Array(png);
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:image/png;base64,${btoa(bin)}`;
}

const storageKey = (projectId: string) => `mailcraft.printJob.${projectId}`;

/**
 * The project's last print job id, remembered in local storage so that reopening the print
 * preview resumes polling or offers the finished file again.
 */
export function useLastPrintJob(projectId: string) {
  const [jobId, setJobId] = useState<string | null>(() => localStorage.getItem(storageKey(projectId)));
  const remember = useCallback((id: string | null) => {
    if (id) localStorage.setItem(storageKey(projectId), id);
    else localStorage.removeItem(storageKey(projectId));
    setJobId(id);
  }, [projectId]);
  return [jobId, remember] as const;
}

/**
 * The job Print Preview shows: the one remembered on this device (`useLastPrintJob`) — unless the
 * project's history (`history`, newest first) has a newer one (started on another device), or
 * nothing is remembered (another browser, cleared storage): then the newest of the history. A
 * remembered job the history does not list yet (just started) stays shown.
 */
export function shownPrintJobId(remembered: string | null, history: TPrintJob[] | undefined): string | null {
  if (!history || history.length === 0) return remembered;
  if (!remembered || history.slice(1).some((j) => j.id === remembered)) return history[0].id;
  return remembered;
}

/** `[jobId, remember]`: the job to show (`shownPrintJobId` over GET /api/projects/{id}/print-jobs) and the setter of `useLastPrintJob`. */
export function useShownPrintJob(projectId: string) {
  const [remembered, remember] = useLastPrintJob(projectId);
  const history = usePrintJobs(projectId);
  return [shownPrintJobId(remembered, history.data), remember] as const;
}

/**
 * POST /api/projects/{id}/print `{ confirm_warnings, bleed, cropMarks, proof }` → 202 {jobId}:
 * starts rendering the project's print file with the print options (docs/requirements/print.md#print); 409 when the
 * print check has warnings the user did not confirm.
 */
export function useStartPrint(projectId: string) {
  return useMutation({
    mutationFn: ({ confirmWarnings, options }: { confirmWarnings: boolean; options: TPrintOptions }) =>
      api<{ jobId: string }>(`/api/projects/${projectId}/print`, { method: 'POST', body: { confirm_warnings: confirmWarnings, ...options } }),
  });
}

/**
 * GET /api/projects/{id}/print/check: fields the design prints that the list does not map and
 * records missing address parts (docs/requirements/workflow.md#clear-states-and-fast-pages). Fetched again on every visit.
 */
export function usePrintCheck(projectId: string, enabled: boolean) {
  return useQuery({
    queryKey: printKeys.check(projectId),
    queryFn: () => api<TPrintCheck>(`/api/projects/${projectId}/print/check`),
    enabled,
    retry: false,
    staleTime: 0,
  });
}

/**
 * GET /api/print-jobs/{jobId}, polled while the job is queued or running: every 250 ms for a proof
 * (docs/requirements/print.md#print: a proof is ready in about two seconds; polling each second would add up to one more),
 * every second for a print file.
 */
export function usePrintJob(jobId: string | null) {
  return useQuery({
    queryKey: printKeys.job(jobId ?? ''),
    queryFn: () => api<TPrintJob>(`/api/print-jobs/${encodeURIComponent(jobId!)}`),
    enabled: !!jobId,
    retry: (count, err) => !(err instanceof ApiError && err.status === 404) && count < 3,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      if (status === 'done' || status === 'failed' || query.state.status === 'error') return false;
      return query.state.data?.options?.proof ? PROOF_POLL_MS : PRINT_JOB_POLL_MS;
    },
  });
}

/** GET /api/projects/{id}/print-jobs: the project's print files, newest first (docs/requirements/workflow.md#clear-states-and-fast-pages: print-file history). */
export function usePrintJobs(projectId: string) {
  return useQuery({
    queryKey: printKeys.history(projectId),
    queryFn: () => api<TPrintJob[]>(`/api/projects/${projectId}/print-jobs`),
    staleTime: 0,
  });
}

/** GET /api/projects/{id}/print/records?q= — records to proof, found by name or any value; disabled for ''. */
export function useProofSearch(projectId: string, q: string) {
  return useQuery({
    queryKey: printKeys.proofSearch(projectId, q),
    queryFn: () => api<TProofRecord[]>(`/api/projects/${projectId}/print/records?q=${encodeURIComponent(q)}`),
    enabled: q.trim().length > 0,
    retry: false,
  });
}

/**
 * GET /api/projects/{id}/print/preview?count=n&from=k → n real mail pieces from record k (0-based)
 * as one PDF, whose pages are rasterised in the browser with @pdfme/converter's `pdf2img`
 * (loaded on first use) at `scale` (1 = 72 dpi; proofs use 2 so they stay sharp when zoomed).
 * Returns one PNG data URL per page, in the PDF's order.
 */
export function usePrintPreview(projectId: string, count: number, enabled: boolean, from = 0, scale = 1) {
  return useQuery({
    queryKey: [...printKeys.preview(projectId, count, from), scale],
    queryFn: async () => {
      const blob = await api<Blob>(`/api/projects/${projectId}/print/preview?count=${count}&from=${from}`, { headers: { accept: 'application/pdf' } });
      const pdf = new Uint8Array(await blob.arrayBuffer());
      const { pdf2img } = await import('@pdfme/converter');
      const pages = await pdf2img(pdf, { scale });
      return pages.map(pngDataUrl);
    },
    enabled,
    retry: false,
    // Rendered again on every visit: the design or the list may have changed since.
    staleTime: 0,
  });
}
