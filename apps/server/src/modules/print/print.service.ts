import type { Readable } from 'node:stream';
import type { TPrintJob } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { Principal } from '../../platform/principal.js';
import { requireFeature } from '../subscriptions/subscriptions.service.js';
import { loadPrintSource, pieceInputBatches } from './print-source.js';
import { printRenderJob } from './print.job.js';
import { printRepo, type PrintJobRow } from './print.repo.js';

/**
 * POST /api/projects/{id}/print: checks the plan (`print_files`, 402) and the project (404/422),
 * records a queued print job for every list record and enqueues its rendering ('print.render').
 * Returns the job id.
 */
export async function createPrintJob(ctx: AppContext, principal: Principal, projectId: string): Promise<string> {
  await requireFeature(ctx.db, principal, 'print_files');
  const source = await loadPrintSource(ctx, principal, projectId);
  const job = await printRepo.createJob(ctx.db, { userId: principal.userId, projectId, total: source.total });
  await ctx.queue.send(printRenderJob, { printJobId: job.id });
  return job.id;
}

const present = (job: PrintJobRow): TPrintJob => ({
  id: job.id,
  status: job.status,
  done: job.done,
  total: job.total,
  ...(job.error ? { error: job.error } : {}),
  created_at: job.createdAt.toISOString(),
});

/** GET /api/print-jobs/{id}: the user's job; NOT_FOUND for anyone else's. */
export async function getPrintJob(ctx: AppContext, principal: Principal, jobId: string): Promise<TPrintJob> {
  const found = await printRepo.findJob(ctx.db, jobId, principal.userId);
  if (!found) throw notFound('Print job');
  return present(found.job);
}

/** A download name from the project name: '{name}.pdf', ASCII-safe. */
export function printFileName(projectName: string): string {
  const base = projectName.normalize('NFKD').replace(/[^\w\- ]+/g, '').trim().replace(/\s+/g, '-');
  return `${base || 'print-file'}.pdf`;
}

/**
 * GET /api/print-jobs/{id}/file: the finished PDF as a stream with its download name.
 * NOT_FOUND for another user's job or a missing file; CONFLICT (409) until the job is done.
 */
export async function printFile(ctx: AppContext, principal: Principal, jobId: string): Promise<{ stream: Readable; fileName: string; projectName: string; size: number }> {
  const found = await printRepo.findJob(ctx.db, jobId, principal.userId);
  if (!found) throw notFound('Print job');
  const { job } = found;
  if (job.status !== 'done' || !job.fileKey) throw new AppError('CONFLICT', 'The print file is not ready yet');
  if (!(await ctx.storage.exists(job.fileKey))) throw notFound('Print file');
  const size = await ctx.storage.size(job.fileKey);
  return { stream: ctx.storage.stream(job.fileKey), fileName: printFileName(found.projectName), projectName: found.projectName, size };
}

/**
 * GET /api/projects/{id}/print/preview: the first `count` (1–10) mail pieces from the real
 * records as PDF bytes, rendered by the same template, inputs and `generate()` call as print
 * files, on a print render thread: a large design renders for seconds, which on the main thread
 * stalled every other request (Foundations B). While a print file renders, the preview waits for
 * a free thread behind at most a few chunks. Errors as `loadPrintSource`; a render error rejects.
 */
export async function renderPreview(ctx: AppContext, principal: Principal, projectId: string, count: number): Promise<Uint8Array> {
  const source = await loadPrintSource(ctx, principal, projectId);
  const inputs: Record<string, string>[] = [];
  for await (const batch of pieceInputBatches(ctx, source, count)) inputs.push(...batch);
  // The pool (and pdfme in its threads) loads on first use, keeping it out of start-up memory.
  const { renderPool } = await import('./render-pool.js');
  return renderPool(ctx.config).renderPdf(source.template, inputs);
}
