import { z } from 'zod';
import {
  ZIdParams, ZPrintCheckSchema, ZPrintJobCreatedSchema, ZPrintJobListSchema, ZPrintJobParams, ZPrintJobSchema, ZPrintPreviewQuerySchema,
  ZPrintStartSchema, ZProofRecordSchema, ZProofSearchQuerySchema, binary,
} from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { route } from '../../platform/route.js';
import { checkPrint } from './print-check.js';
import {
  createPrintJob, getPrintJob, listPrintJobs, printFile, printFileName, renderPreview, searchProofRecords,
} from './print.service.js';

/** `attachment` with an ASCII name and the UTF-8 original (RFC 6266 / 5987). */
const attachment = (ascii: string, original: string) =>
  `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(original)}`;

/**
 * Print-file routes, all for signed-in users (401 otherwise); another user's ids answer 404:
 * - GET /api/projects/{id}/print/check → `{ list, unmapped_fields, missing_address, warnings }`.
 * - POST /api/projects/{id}/print `{ confirm_warnings?, bleed?, cropMarks?, proof?, trayBreaks? }` (all false by
 *   default; docs/requirements/print.md#print print options, stored with the job) → 202 `{ jobId }`; 402 without the
 *   `print_files` feature; 409 when the check has warnings not confirmed; 422 when the project
 *   has no list, an empty list or no design.
 * - GET /api/projects/{id}/print-jobs → the project's print files, newest first (at most 20).
 * - GET /api/print-jobs/{jobId} → `{ id, status: queued|running|done|failed, done, total, error?,
 *   created_at, started_at, finished_at, eta_seconds, list_name, design_version, file_size, options,
 *   preflight: { passed, checks: [{ id, passed, message, pieces }] } once done, else null }` (docs/requirements/print.md#print).
 * - GET /api/print-jobs/{jobId}/file → the PDF (application/pdf, attachment named after the
 *   project) when done; 409 before.
 * - GET /api/projects/{id}/print/preview?count=3&from=0 → application/pdf of count (1–10) mail
 *   pieces from record `from` (0-based), rendered now.
 * - GET /api/projects/{id}/print/records?q= → up to 10 `{ record, name, address }` to proof.
 */
export async function printRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const tags = ['print'];
  const errors = [400, 404] as const;

  route(app, {
    method: 'POST', url: '/api/projects/:id/print', auth: 'user', summary: 'Start rendering the project\'s print file', tags, params: ZIdParams,
    body: ZPrintStartSchema.nullish(), response: ZPrintJobCreatedSchema, status: 202, errors: [...errors, 402, 409, 422],
  }, async (principal, { params, body }) => ({ jobId: await createPrintJob(ctx, principal, { projectId: params.id, ...body }) }));

  route(app, {
    method: 'GET', url: '/api/projects/:id/print/check', auth: 'user', tags,
    summary: 'What would print badly: design fields the list does not map, records missing address parts',
    params: ZIdParams, response: ZPrintCheckSchema, errors: [...errors, 422],
  }, (principal, { params }) => checkPrint(ctx, principal, params.id));

  route(app, {
    method: 'GET', url: '/api/projects/:id/print-jobs', auth: 'user', summary: 'The project\'s print files, newest first', tags, params: ZIdParams,
    response: ZPrintJobListSchema, errors,
  }, (principal, { params }, { reply }) => {
    reply.header('cache-control', 'no-store');
    return listPrintJobs(ctx, principal, params.id);
  });

  route(app, {
    method: 'GET', url: '/api/print-jobs/:jobId', auth: 'user', summary: 'Progress of a print job', tags, params: ZPrintJobParams,
    response: ZPrintJobSchema, errors,
  }, (principal, { params }, { reply }) => {
    reply.header('cache-control', 'no-store');
    return getPrintJob(ctx, principal, params.jobId);
  });

  route(app, {
    method: 'GET', url: '/api/print-jobs/:jobId/file', auth: 'user', summary: 'Download a finished print file', tags, params: ZPrintJobParams,
    response: binary('application/pdf', 'The print-ready PDF'), errors: [...errors, 409],
  }, async (principal, { params }, { reply }) => {
    const file = await printFile(ctx, principal, params.jobId);
    return reply
      .type('application/pdf')
      .header('content-length', file.size)
      .header('content-disposition', attachment(file.fileName, file.originalName))
      .send(file.stream);
  });

  route(app, {
    method: 'GET', url: '/api/projects/:id/print/preview', auth: 'user', summary: 'Render mail pieces from real records as a PDF proof', tags,
    params: ZIdParams, query: ZPrintPreviewQuerySchema, response: binary('application/pdf', 'The first mail pieces'), errors: [...errors, 422],
  }, async (principal, { params, query }, { reply }) => {
    const pdf = await renderPreview(ctx, principal, { projectId: params.id, count: query.count, from: query.from });
    return reply
      .type('application/pdf')
      .header('cache-control', 'no-store')
      .header('content-disposition', `inline; filename="${printFileName('preview')}"`)
      .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
  });

  route(app, {
    method: 'GET', url: '/api/projects/:id/print/records', auth: 'user', summary: 'Find records to proof by name or any value', tags,
    params: ZIdParams, query: ZProofSearchQuerySchema, response: z.array(ZProofRecordSchema), errors: [...errors, 422],
  }, (principal, { params, query }) => searchProofRecords(ctx, principal, { projectId: params.id, q: query.q }));
}
