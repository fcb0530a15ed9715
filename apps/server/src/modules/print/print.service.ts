import type { Readable } from 'node:stream';
import {
  mapRecord, PRINT_HISTORY_LIMIT, PRINT_WARNINGS_MESSAGE, PROOF_SEARCH_LIMIT, type PrintJobPhase, type ReinforcementSlot, type TPreflight, type TPrintJob, type TPrintOptions, type TProofRecord,
} from '@mailcraft/shared';
import { buildPieceInputs, type PieceContext } from '@mailcraft/shared/designs';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { OwnedFilesReader } from '../../platform/owned-files.js';
import type { Principal } from '../../platform/principal.js';
import { searchRecords } from '../mailing-lists/mailing-lists.service.js';
import { orderPieceImb, type OrderImbPiece } from '../tracking/mail-pieces.service.js';
import { getOwnedProject } from '../projects/projects.service.js';
import { requireFeature } from '../subscriptions/subscriptions.service.js';
import { loadFonts } from '../fonts/builtin-fonts.js';
import { checkPrintSource } from './print-check.js';
import { isApprovedVersion } from './approvals.service.js';
import { loadPrintSource, pieceInputBatches } from './print-source.js';
import { composePieceTemplate } from './render/print-template.js';
import { printFileKey, printRenderJob, runPrintJob } from './print.job.js';
import { printRepo, type PrintJobRow } from './print.repo.js';

/**
 * POST /api/projects/{id}/print `{ confirm_warnings, bleed, cropMarks, proof, trayBreaks }` → `createPrintJob(ctx, principal,
 * { projectId, ...body })` (each flag false when absent): checks the plan (`print_files`, 402) and
 * the project (404/422); when `checkPrintSource` reports warnings and they were not confirmed,
 * refuses with CONFLICT (409) PRINT_WARNINGS_MESSAGE (docs/requirements/workflow.md#clear-states-and-fast-pages: generating anyway is the user's
 * explicit choice). Then records a queued print job for every list record and enqueues its
 * rendering ('print.render') with the print `options` (docs/requirements/print.md#print: stored with the job); a proof is
 * also started at once in a process that renders (role worker or all). Returns the job id.
 */
export async function createPrintJob(
  ctx: AppContext, principal: Principal, input: { projectId: string; confirm_warnings?: boolean } & Partial<TPrintOptions>,
): Promise<string> {
  const { projectId } = input;
  const confirmWarnings = input.confirm_warnings ?? false;
  const options: TPrintOptions = {
    bleed: input.bleed ?? false, cropMarks: input.cropMarks ?? false, proof: input.proof ?? false, trayBreaks: input.trayBreaks ?? false,
  };
  await requireFeature(ctx.db, principal, 'print_files');
  const source = await loadPrintSource(ctx, principal, projectId);
  if (!confirmWarnings && (await checkPrintSource(ctx, source)).warnings > 0) throw new AppError('CONFLICT', PRINT_WARNINGS_MESSAGE);
  const job = await printRepo.createJob(ctx.db, {
    userId: principal.userId, projectId, total: source.total,
    listId: source.list.id, listName: source.list.name, designVersion: source.designVersion,
    options: { bleed: options.bleed, cropMarks: options.cropMarks, proof: options.proof, trayBreaks: options.trayBreaks },
  });
  await ctx.queue.send(printRenderJob, { printJobId: job.id });
  // A proof is wanted in a few seconds (docs/requirements/print.md#print): a process that renders starts it at once rather
  // than after the queue's next poll (up to a second); the queued run then finds it claimed or done.
  if (options.proof && ctx.config.role !== 'web') void runPrintJob(ctx, job.id).catch((err: unknown) => console.error(`[print] proof ${job.id} failed`, err));
  return job.id;
}

/** Seconds left at the rate since the render started; null before there is a rate. */
function etaSeconds(job: PrintJobRow, now: number): number | null {
  if (job.status !== 'running' || !job.startedAt || job.done <= 0 || job.total <= job.done) return null;
  const elapsed = (now - job.startedAt.getTime()) / 1000;
  return Math.max(1, Math.round((elapsed / job.done) * (job.total - job.done)));
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The phase as answered: a running job's (preparing until its render names one), a failed job's last; else null. */
const phaseOf = (job: PrintJobRow): PrintJobPhase | null =>
  job.status === 'running' ? job.phase ?? 'preparing' : job.status === 'failed' ? job.phase : null;

const present = (job: PrintJobRow, now = Date.now()): TPrintJob => ({
  id: job.id,
  status: job.status,
  done: job.done,
  total: job.total,
  ...(job.error ? { error: job.error } : {}),
  created_at: job.createdAt.toISOString(),
  started_at: iso(job.startedAt),
  finished_at: iso(job.finishedAt),
  phase: phaseOf(job),
  eta_seconds: etaSeconds(job, now),
  list_name: job.listName,
  design_version: job.designVersion,
  file_size: job.fileSize,
  options: { bleed: job.options.bleed ?? false, cropMarks: job.options.cropMarks ?? false, proof: job.options.proof ?? false, trayBreaks: job.options.trayBreaks ?? false },
  preflight: job.status === 'done' && job.preflight ? (job.preflight as TPreflight) : null,
});

/**
 * GET /api/projects/{id}/print-jobs: the project's print files, newest first, at most
 * PRINT_HISTORY_LIMIT (docs/requirements/workflow.md#clear-states-and-fast-pages: earlier files stay listed with time, records, design version and
 * size). NOT_FOUND unless the project is the principal's.
 */
export async function listPrintJobs(ctx: AppContext, principal: Principal, projectId: string): Promise<TPrintJob[]> {
  await getOwnedProject(ctx.db, principal, projectId);
  const now = Date.now();
  return (await printRepo.listForProject(ctx.db, principal.userId, projectId, PRINT_HISTORY_LIMIT)).map((j) => present(j, now));
}

/**
 * Every print job of one of the principal's projects, newest first, proofs included — not only the
 * latest PRINT_HISTORY_LIMIT (the account's data export). NOT_FOUND unless the project is the principal's.
 */
export async function allPrintJobs(ctx: AppContext, principal: Principal, projectId: string): Promise<TPrintJob[]> {
  await getOwnedProject(ctx.db, principal, projectId);
  const now = Date.now();
  return (await printRepo.listForProject(ctx.db, principal.userId, projectId)).map((j) => present(j, now));
}

/**
 * The print files and proofs of the projects (docs/architecture.md#storage): `print/{jobId}.pdf` of
 * every print job of theirs, finished or not — a render still running stores its file under that
 * key. Read before the projects' rows are deleted: their print jobs cascade with them.
 */
export const projectPrintFiles: OwnedFilesReader = async (db, projectIds) => ({
  files: (await printRepo.jobIdsOfProjects(db, projectIds)).map(printFileKey), folders: [],
});

/** GET /api/print-jobs/{id}: the user's job; NOT_FOUND for anyone else's. */
export async function getPrintJob(ctx: AppContext, principal: Principal, jobId: string): Promise<TPrintJob> {
  const found = await printRepo.findJob(ctx.db, jobId, principal.userId);
  if (!found) throw notFound('Print job');
  return present(found.job);
}

/**
 * A download name from the project name, ASCII-safe: '{name}.pdf', or '{name}-v{N}-approved.pdf'
 * when the file prints design version N and that version was approved (docs/requirements/print.md#print: the final file
 * names the approved version).
 */
export function printFileName(projectName: string, approvedVersion?: number | null): string {
  const base = projectName.normalize('NFKD').replace(/[^\w\- ]+/g, '').trim().replace(/\s+/g, '-') || 'print-file';
  return approvedVersion ? `${base}-v${approvedVersion}-approved.pdf` : `${base}.pdf`;
}

/**
 * GET /api/print-jobs/{id}/file: the finished PDF as a stream with its download name — ASCII
 * (`fileName`) and as the user wrote it (`originalName`): '{project}.pdf', '{project}-proof.pdf'
 * for a proof, '{project}-v{N}-approved.pdf' when it prints an approved design version (docs/requirements/print.md#print).
 * NOT_FOUND for another user's job or a missing file; CONFLICT (409) until the job is done.
 */
export async function printFile(ctx: AppContext, principal: Principal, jobId: string): Promise<{ stream: Readable; fileName: string; originalName: string; size: number }> {
  const found = await printRepo.findJob(ctx.db, jobId, principal.userId);
  if (!found) throw notFound('Print job');
  const { job } = found;
  if (job.status !== 'done' || !job.fileKey) throw new AppError('CONFLICT', 'The print file is not ready yet');
  // One lookup: a missing file rejects with code ENOENT in both stores (platform/storage.ts).
  const size = await ctx.storage.size(job.fileKey).catch((err: NodeJS.ErrnoException) => {
    throw err.code === 'ENOENT' ? notFound('Print file') : err;
  });
  const proof = !!job.options?.proof;
  const approved = !proof && job.designVersion !== null && (await isApprovedVersion(ctx, job.projectId, job.designVersion)) ? job.designVersion : null;
  const name = proof ? `${found.projectName} proof` : found.projectName;
  return {
    stream: ctx.storage.stream(job.fileKey), size,
    fileName: printFileName(name, approved),
    originalName: approved ? `${name}-v${approved}-approved.pdf` : `${name}.pdf`,
  };
}

/**
 * GET /api/projects/{id}/print/preview?count&from → `renderPreview(ctx, principal, { projectId, count, from })`: `count` (1–10) mail pieces from record `from` (0-based, default 0)
 * of the real records as PDF bytes (UNPROCESSABLE 422 when `from` is past the end), rendered by the same template, inputs and `generate()` call as print
 * files, on a print render thread: a large design renders for seconds, which on the main thread
 * stalled every other request (docs/requirements/designer.md#design-limits). While a print file renders, the preview waits for
 * a free thread behind at most a few chunks. Errors as `loadPrintSource`; a render error rejects.
 */
export async function renderPreview(ctx: AppContext, principal: Principal, input: { projectId: string; count: number; from?: number }): Promise<Uint8Array> {
  const { count, from = 0 } = input;
  const source = await loadPrintSource(ctx, principal, input.projectId);
  if (from >= source.list.rowCount) throw new AppError('UNPROCESSABLE', `The list has ${source.list.rowCount.toLocaleString('en-US')} records`);
  const inputs: Record<string, string>[] = [];
  for await (const batch of pieceInputBatches(ctx, source, count, from)) inputs.push(...batch);
  // The pool (and pdfme in its threads) loads on first use, keeping it out of start-up memory.
  const { renderPool } = await import('./render/render-pool.js');
  return renderPool(ctx.config).renderPdf(source.template, inputs, source.fonts);
}

/**
 * One mail piece of the project's design for `fields` (a record's mapped fields, or a recipient
 * sent with an order) with `qrUrl` in its QR codes, as PDF bytes — the same template, inputs and
 * renderer as print files (docs/requirements/print-on-demand-api.md#print-on-demand-api: an order's own print file); with `reinforcement`, that
 * reinforcement's one page instead. With `order` (an on-demand order's piece) the piece gets and records its IMb as a
 * print file's pieces do (`orderPieceImb`, docs/requirements/mail-tracking.md#imb-assignment). Errors as `loadPrintSource`,
 * and `orderPieceImb`'s.
 */
export async function renderSinglePiece(
  ctx: AppContext, principal: Principal, projectId: string, fields: Record<string, string>, qrUrl: string, reinforcement?: ReinforcementSlot,
  order?: Omit<OrderImbPiece, 'userId' | 'fields'>,
): Promise<Uint8Array> {
  const source = await loadPrintSource(ctx, principal, projectId, { reinforcement });
  const imb = order ? await orderPieceImb(ctx, { ...order, userId: principal.userId, fields }, source.imb) : null;
  const inputs = [buildPieceInputs(source.template, imb ? { ...fields, imbno: imb } : fields, { indiciaText: source.indiciaText, qrUrl })];
  const { renderPool } = await import('./render/render-pool.js');
  return renderPool(ctx.config).renderPdf(source.template, source.imageEffects ? await source.imageEffects.apply(inputs) : inputs, source.fonts);
}

/**
 * One mail piece of a design that belongs to no project (docs/requirements/administration.md#administration sample templates: their
 * thumbnails and print check) for `fields` (a record's mapped fields), as PDF bytes: composed
 * (`composePieceTemplate`: double-sided → outside page then inside page) and rendered like print
 * files, on a render thread. Throws UNPROCESSABLE without an inside design, pdfme's error for an
 * invalid one.
 */
export async function renderDesignPiece(
  ctx: Pick<AppContext, 'config'>, design: { inside: unknown; outside: unknown }, layout: { sides: string; paperSize: string },
  fields: Record<string, string>, piece: PieceContext,
): Promise<Uint8Array> {
  const template = await composePieceTemplate(design, layout, Object.keys(loadFonts()));
  const { renderPool } = await import('./render/render-pool.js');
  return renderPool(ctx.config).renderPdf(template, [buildPieceInputs(template, fields, piece)]);
}

/**
 * GET /api/projects/{id}/print/records?q= → `searchProofRecords(ctx, principal, { projectId, q })`: up to PROOF_SEARCH_LIMIT records of the project's list
 * with a value containing `q`, as `{ record, name, address }` mapped as they print (docs/requirements/workflow.md#clear-states-and-fast-pages:
 * proof any record by name). Errors as `loadPrintSource`.
 */
export async function searchProofRecords(ctx: AppContext, principal: Principal, input: { projectId: string; q: string }): Promise<TProofRecord[]> {
  const source = await loadPrintSource(ctx, principal, input.projectId);
  const found = await searchRecords(ctx.db, source.list, input.q, PROOF_SEARCH_LIMIT);
  return found.map((r) => {
    const f = mapRecord(source.list.headers, r.values, source.mappings, source.fieldSettings);
    return {
      record: r.rowIndex + 1,
      name: f.full_name || f.company_name || '',
      address: [f.address, f.city_state_zip].filter(Boolean).join(', '),
    };
  });
}
