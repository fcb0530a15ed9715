import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { printRepo } from './print.repo.js';
import { loadPrintSource, pieceInputBatches, PRINT_JOB_NAME } from './print.service.js';
import { cleanStaleTempDirs, makeTempDir } from './temp-dirs.js';

/** Storage key of a job's finished print file. */
export const printFileKey = (jobId: string) => `print/${jobId}.pdf`;

/**
 * Renders one print job (job 'print.render', payload `{ printJobId }`): status running →
 * pieces rendered on the worker pool and merged into a temp file, `done` updated per chunk →
 * file stored at `print/{jobId}.pdf` → status done. Idempotent: a retry (e.g. after a crash)
 * starts again from piece 0 and overwrites the file. A render error marks the job failed with
 * its message and is not retried (the same input would fail again).
 */
export async function runPrintJob(ctx: AppContext, printJobId: string): Promise<void> {
  const found = await printRepo.findJob(ctx.db, printJobId);
  if (!found || found.job.status === 'done') return;
  const { job } = found;
  await printRepo.updateJob(ctx.db, job.id, { status: 'running', done: 0, error: null, finishedAt: null });
  const dir = await makeTempDir('job');
  try {
    const source = await loadPrintSource(ctx, job.userId, job.projectId);
    await printRepo.updateJob(ctx.db, job.id, { total: source.total });
    const outFile = path.join(dir, 'print.pdf');
    const [{ renderPool }, { renderPrintFile }] = await Promise.all([import('./render-pool.js'), import('./render-print-file.js')]);
    const result = await renderPrintFile({
      template: source.template,
      batches: pieceInputBatches(ctx, source),
      outFile,
      pool: renderPool(ctx.config),
      title: source.projectName,
      onProgress: (done) => printRepo.updateJob(ctx.db, job.id, { done }).then(() => {}),
    });
    const key = printFileKey(job.id);
    await ctx.storage.putStream(key, createReadStream(outFile));
    await printRepo.updateJob(ctx.db, job.id, { status: 'done', done: result.pieces, total: result.pieces, fileKey: key, finishedAt: new Date() });
  } catch (err) {
    const message = err instanceof AppError ? err.message : `Rendering failed: ${err instanceof Error ? err.message : String(err)}`;
    if (!(err instanceof AppError)) console.error(`[print] job ${job.id} failed`, err);
    await printRepo.updateJob(ctx.db, job.id, { status: 'failed', error: message, finishedAt: new Date() });
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * Registers the print job handler (worker and all roles; see `jobModules`). With the embedded
 * database there is exactly one process, so a job still marked running at start-up was cut off by
 * a stop or crash: it is queued again at once instead of waiting for pg-boss to expire it (up to
 * 15 minutes). The stale pg-boss job, when it expires and retries, finds the job done and returns.
 * First, the temporary folders a crashed process left behind are removed (`cleanStaleTempDirs`).
 */
export async function startPrintJobs(ctx: AppContext): Promise<void> {
  const removed = await cleanStaleTempDirs().catch((err: unknown) => { console.error('[print] temp cleanup failed', err); return []; });
  if (removed.length > 0) console.info(`[print] removed ${removed.length} temporary folder(s) left by a stopped process`);
  await ctx.queue.work<{ printJobId: string }>(PRINT_JOB_NAME, (data) => runPrintJob(ctx, data.printJobId));
  if (ctx.database.kind !== 'pglite') return;
  for (const printJobId of await printRepo.jobIdsWithStatus(ctx.db, 'running')) {
    await printRepo.updateJob(ctx.db, printJobId, { status: 'queued', done: 0 });
    await ctx.queue.send(PRINT_JOB_NAME, { printJobId });
  }
}
