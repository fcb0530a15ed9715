import type { Readable } from 'node:stream';
import { autoMap, mapRecord, projectIndiciaLines, type FieldSettings, type Mappings } from '@mailcraft/shared';
import { buildPieceInputs } from '@mailcraft/shared/designs';
import type { Template } from '@pdfme/common';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { requireFeature } from '../subscriptions/subscriptions.service.js';
import { loadFonts } from '../fonts/builtin-fonts.js';
import { composePieceTemplate } from './print-template.js';
import { printRepo, type PrintJobRow } from './print.repo.js';

export const PRINT_JOB_NAME = 'print.render';
const READ_BATCH = 500;

/** Everything needed to render a project's mail pieces, checked and loaded once. */
export type PrintSource = {
  projectName: string;
  listId: string;
  total: number;
  template: Template;
  headers: string[];
  mappings: Mappings;
  fieldSettings: FieldSettings;
  indiciaText: string;
};

/**
 * Loads and checks a project for printing: NOT_FOUND (404) unless it is the user's;
 * UNPROCESSABLE (422) when it has no mailing list, an empty list, or no design. Mappings are
 * the saved ones, or the auto-mapping of the headers when none are saved (spec 000 §5). The
 * indicia is the product's permit, the selected custom permit, or empty (shared
 * `projectIndiciaLines`).
 */
export async function loadPrintSource(ctx: AppContext, userId: string, projectId: string): Promise<PrintSource> {
  const found = await printRepo.findProject(ctx.db, userId, projectId);
  if (!found) throw notFound('Project');
  const { project, design, permit } = found;
  const list = project.listId ? await printRepo.findList(ctx.db, userId, project.listId) : undefined;
  if (!list) throw new AppError('UNPROCESSABLE', 'Upload a mailing list before creating print files');
  if (!design?.templateDataInside) throw new AppError('UNPROCESSABLE', 'Design the mailer before creating print files');
  const total = await printRepo.countRecords(ctx.db, list.list.id);
  if (total === 0) throw new AppError('UNPROCESSABLE', 'The mailing list has no records to print');
  const template = await composePieceTemplate(
    { inside: design.templateDataInside, outside: design.templateDataOutside },
    { sides: project.sides, paperSize: project.paperSize },
    Object.keys(loadFonts()),
  );
  return {
    projectName: project.name,
    listId: list.list.id,
    total,
    template,
    headers: list.list.headers,
    mappings: list.mapping?.mappings ?? autoMap(list.list.headers),
    fieldSettings: (list.mapping?.fieldSettings ?? {}) as FieldSettings,
    indiciaText: projectIndiciaLines(project.permitType, permit)?.join('\n') ?? '',
  };
}

/**
 * The pdfme inputs of the source's mail pieces in list order, in batches read from the
 * database: each record mapped with shared `mapRecord`, its QR code encoding
 * `{PUBLIC_URL}/r/{recordId}` (the record's personal URL until QR configuration exists).
 */
export async function* pieceInputBatches(ctx: AppContext, source: PrintSource, limit = Infinity) {
  for await (const records of printRepo.recordBatches(ctx.db, source.listId, READ_BATCH, limit)) {
    yield records.map((r) => buildPieceInputs(
      source.template,
      mapRecord(source.headers, r.values, source.mappings, source.fieldSettings),
      { indiciaText: source.indiciaText, qrUrl: `${ctx.config.publicUrl}/r/${r.id}` },
    ));
  }
}

/**
 * POST /api/projects/{id}/print: checks the plan (`print_files`, 402) and the project (404/422),
 * records a queued print job for every list record and enqueues its rendering. Returns the id.
 */
export async function createPrintJob(ctx: AppContext, userId: string, projectId: string): Promise<string> {
  await requireFeature(ctx.db, userId, 'print_files');
  const source = await loadPrintSource(ctx, userId, projectId);
  const job = await printRepo.createJob(ctx.db, { userId, projectId, total: source.total });
  // A crashed render is retried when pg-boss expires it; allow ~20 pieces/s before that.
  await ctx.queue.send(PRINT_JOB_NAME, { printJobId: job.id }, { expireInSeconds: Math.max(900, Math.ceil(source.total / 20)) });
  return job.id;
}

/** A print job as the API presents it. */
export type TPrintJob = { id: string; status: 'queued' | 'running' | 'done' | 'failed'; done: number; total: number; error?: string; created_at: string };

const present = (job: PrintJobRow): TPrintJob => ({
  id: job.id,
  status: job.status as TPrintJob['status'],
  done: job.done,
  total: job.total,
  ...(job.error ? { error: job.error } : {}),
  created_at: job.createdAt.toISOString(),
});

/** GET /api/print-jobs/{id}: the user's job; NOT_FOUND for anyone else's. */
export async function getPrintJob(ctx: AppContext, userId: string, jobId: string): Promise<TPrintJob> {
  const found = await printRepo.findJob(ctx.db, jobId, userId);
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
export async function printFile(ctx: AppContext, userId: string, jobId: string): Promise<{ stream: Readable; fileName: string; projectName: string; size: number }> {
  const found = await printRepo.findJob(ctx.db, jobId, userId);
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
export async function renderPreview(ctx: AppContext, userId: string, projectId: string, count: number): Promise<Uint8Array> {
  const source = await loadPrintSource(ctx, userId, projectId);
  const inputs: Record<string, string>[] = [];
  for await (const batch of pieceInputBatches(ctx, source, count)) inputs.push(...batch);
  // The pool (and pdfme in its threads) loads on first use, keeping it out of start-up memory.
  const { renderPool } = await import('./render-pool.js');
  return renderPool(ctx.config).renderPdf(source.template, inputs);
}
