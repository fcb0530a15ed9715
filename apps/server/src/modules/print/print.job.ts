import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { Principal } from '../../platform/principal.js';
import { defineJob } from '../../jobs/job.js';
import { trackedJob } from '../../jobs/tracked-job.js';
import type { TPrintOptions } from '@mailcraft/shared';
import { presortTrays, type TrayRun } from '../mailing-lists/mailing-lists.service.js';
import { printJobImbAssigner } from '../tracking/mail-pieces.service.js';
import { loadPrintSource, pieceInputBatches, type PrintSource } from './print-source.js';
import { flaggedPieces, proofBatches } from './proof.js';
import { printRepo } from './print.repo.js';
import { renderFailureMessage } from './render/render-failure.js';
import { cleanStaleTempDirs, makeTempDir } from './temp-dirs.js';

/** Storage key of a job's finished print file. */
export const printFileKey = (jobId: string) => `print/${jobId}.pdf`;

/** A running render refreshes its heartbeat this often (ms) … */
const HEARTBEAT_MS = 5_000;
/** … and a render silent for this long (ms) is taken to have died with its process. */
export const PRINT_STALE_MS = 20_000;

/**
 * The presort trays to separate (docs/requirements/print.md#print tray breaks): asked for with `trayBreaks`, not a proof,
 * and the list maps `sequence` and `presorttrayid`; else none.
 */
async function traysOf(ctx: AppContext, source: PrintSource, options: Partial<TPrintOptions>): Promise<TrayRun[]> {
  const { tray, date } = source.trayColumns;
  if (!options.trayBreaks || options.proof || source.sequenceColumn === null || tray === null) return [];
  return presortTrays(ctx.db, source.list, source.sequenceColumn, tray, date);
}

/**
 * The lifecycle of a render (docs/architecture.md#tracked-jobs): claimed by run id, beating every 5 s,
 * taken over after 20 s of silence, requeued at start-up.
 */
const printRuns = trackedJob({
  heartbeatMs: HEARTBEAT_MS,
  staleMs: PRINT_STALE_MS,
  claim: printRepo.claim,
  beat: (db, jobId, runId) => printRepo.updateRun(db, jobId, runId, {}),
  staleRuns: printRepo.staleRunning,
  requeue: printRepo.requeue,
  send: (ctx, printJobId) => ctx.queue.send(printRenderJob, { printJobId }),
});

/**
 * Renders one print job: claims it (see `printRepo.claim`), renders the pieces on the worker pool
 * into a temp file with the job's print options (`printFilePlan`), runs the preflight
 * on it (stored with the job), stores it at `print/{jobId}.pdf` and marks it done — `done` and the heartbeat
 * updated as pieces render (at most every PROGRESS_EVERY_MS, and per merged chunk) and every 10 s, and
 * the job's `phase` as it moves on: preparing (set by the claim), rendering, merging, preflight,
 * storing, null once done (docs/requirements/print.md#progress). A print file that is not a proof assigns and records its
 * pieces' IMbs as it reads them (`printJobImbAssigner`, docs/requirements/mail-tracking.md#imb-assignment; a run taken over
 * reuses the IMbs recorded). A render whose job was claimed by another stops. A render
 * error marks the job failed with a sentence for its owner (`renderFailureMessage`: no path, no
 * stack) and is not retried (the same input would fail again).
 */
export async function runPrintJob(ctx: AppContext, printJobId: string): Promise<void> {
  await printRuns.run(ctx, printJobId, {
    work: async (job, run) => {
      const update = async (set: Parameters<typeof printRepo.updateRun>[3]) => run.held(await printRepo.updateRun(ctx.db, job.id, run.runId, set));
      const dir = await makeTempDir('job');
      run.defer(() => fs.rm(dir, { recursive: true, force: true }));
      // The job acts for its owner: the same checks as when it was created.
      const owner: Principal = { userId: job.userId, isAdmin: false, via: 'job', scopes: [] };
      const source = await loadPrintSource(ctx, owner, job.projectId);
      const outFile = path.join(dir, 'print.pdf');
      const [{ renderPool }, { renderPrintFile }, { printFilePlan }, { PreflightThread }] = await Promise.all([
        import('./render/render-pool.js'), import('./render/render-print-file.js'), import('./print-file-plan.js'), import('./preflight/preflight-thread.js'),
      ]);
      // docs/requirements/print.md#print: bleed, crop marks, proof, output intent and the preflight, from the stored options.
      // A proof shows the first pieces and those the last preflight of this list and design flagged (docs/requirements/print.md#print).
      const flagged = job.options.proof ? await flaggedPieces(ctx, job.projectId, source) : [];
      const plan = await printFilePlan(source, job.options, { trays: await traysOf(ctx, source, job.options), flaggedPieces: flagged.length });
      await update({ total: plan.total, phase: 'rendering' });
      const preflightChecks = new PreflightThread(plan.preflight);
      run.defer(() => preflightChecks.close());
      // docs/requirements/mail-tracking.md#imb-assignment: a print file's pieces get their IMbs and are recorded; a proof's print all-zero serials.
      const imbs = job.options.proof ? undefined : await printJobImbAssigner(ctx, { userId: job.userId, printJobId: job.id, listId: source.list.id, settings: source.imb });
      const result = await renderPrintFile({
        template: plan.template,
        batches: preflightChecks.tap(job.options.proof ? proofBatches(ctx, source, flagged, source.total) : pieceInputBatches(ctx, source, Infinity, 0, { presort: true, imbs })),
        pageBoxes: plan.pageBoxes,
        separators: plan.separators,
        outputIntent: plan.outputIntent,
        outFile,
        pool: renderPool(ctx.config),
        title: source.projectName,
        fonts: source.fonts,
        onProgress: (done) => update({ done }),
        onPhase: (phase) => update({ phase }),
      });
      await update({ phase: 'preflight' });
      const preflight = await preflightChecks.finish(outFile, dir);
      await update({ phase: 'storing' });
      const key = printFileKey(job.id);
      const fileSize = await ctx.storage.putStream(key, createReadStream(outFile));
      const stored = await printRepo.updateRun(ctx.db, job.id, run.runId, {
        status: 'done', phase: null, done: result.pieces, total: result.pieces, fileKey: key, fileSize, finishedAt: new Date(), preflight,
      });
      // Its project was deleted while it rendered: the project's purge may have run before the file
      // was stored, so it goes now (docs/architecture.md#storage). A run taken over keeps the file.
      if (!stored && !(await printRepo.findJob(ctx.db, job.id))) await ctx.storage.delete(key);
      run.held(stored);
    },
    failed: async (err, job, run) => {
      const message = renderFailureMessage(err);
      if (!(err instanceof AppError)) console.error(`[print] job ${job.id} failed`, err);
      await printRepo.updateRun(ctx.db, job.id, run.runId, { status: 'failed', error: message, finishedAt: new Date() });
    },
  });
}

/** 'print.render' `{ printJobId }`: renders a print file. Failures are recorded on the job, so pg-boss never retries. */
export const printRenderJob = defineJob({
  id: 'print.render',
  payload: z.object({ printJobId: z.string().uuid().describe('The print job to render') }),
  handler: (payload, ctx) => runPrintJob(ctx, payload.printJobId),
  retry: { limit: 2, delaySeconds: 30, backoff: true },
  expireInSeconds: 4 * 3600,
});

/**
 * Requeues print jobs whose render stopped beating (its process was killed or restarted) and
 * returns their ids (docs/architecture.md#jobs-and-events: picked up soon after a restart on PostgreSQL as on PGlite).
 * `staleMs` 0 takes over every running job — right only when no other process renders.
 */
export async function recoverPrintJobs(ctx: AppContext, staleMs = PRINT_STALE_MS): Promise<string[]> {
  return printRuns.recover(ctx, staleMs);
}

/**
 * At start-up of a worker: with the embedded database there is exactly one process, so every
 * running job was cut off and is requeued at once; on PostgreSQL other workers may be alive, so
 * only renders silent for 20 s are (`watchStaleRuns` catches the rest). Temporary folders of
 * dead processes are removed first (`cleanStaleTempDirs`).
 */
export async function recoverPrintJobsAtStart(ctx: AppContext): Promise<void> {
  // First the temporary folders a crashed process left behind (docs/architecture.md#security-baseline).
  const removed = await cleanStaleTempDirs().catch((err: unknown) => { console.error('[print] temp cleanup failed', err); return []; });
  if (removed.length > 0) console.info(`[print] removed ${removed.length} temporary folder(s) left by a stopped process`);
  await printRuns.recoverAtStart(ctx);
}
