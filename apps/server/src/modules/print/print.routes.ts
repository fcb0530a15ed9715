import { z } from 'zod';
import {
  ZErrorSchema, ZIdParams, ZPrintCheckSchema, ZPrintJobCreatedSchema, ZPrintJobListSchema, ZPrintJobParams, ZPrintJobSchema, ZPrintPreviewQuerySchema,
  ZPrintStartSchema, ZProofRecordSchema, ZProofSearchQuerySchema, binary,
} from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { requirePrincipal, signedIn } from '../../platform/principal.js';
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
  const errors = { 400: ZErrorSchema, 401: ZErrorSchema, 404: ZErrorSchema };

  app.post('/api/projects/:id/print', {
    ...signedIn,
    schema: {
      summary: 'Start rendering the project\'s print file', tags, params: ZIdParams, body: ZPrintStartSchema.nullish(),
      response: { 202: ZPrintJobCreatedSchema, ...errors, 402: ZErrorSchema, 409: ZErrorSchema, 422: ZErrorSchema },
    },
  }, async (req, reply) => reply.status(202).send({
    jobId: await createPrintJob(ctx, requirePrincipal(req), req.params.id, req.body?.confirm_warnings ?? false, {
      bleed: req.body?.bleed ?? false, cropMarks: req.body?.cropMarks ?? false, proof: req.body?.proof ?? false, trayBreaks: req.body?.trayBreaks ?? false,
    }),
  }));

  app.get('/api/projects/:id/print/check', {
    ...signedIn,
    schema: {
      summary: 'What would print badly: design fields the list does not map, records missing address parts', tags,
      params: ZIdParams, response: { 200: ZPrintCheckSchema, ...errors, 422: ZErrorSchema },
    },
  }, async (req) => checkPrint(ctx, requirePrincipal(req), req.params.id));

  app.get('/api/projects/:id/print-jobs', {
    ...signedIn,
    schema: { summary: 'The project\'s print files, newest first', tags, params: ZIdParams, response: { 200: ZPrintJobListSchema, ...errors } },
  }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return listPrintJobs(ctx, requirePrincipal(req), req.params.id);
  });

  app.get('/api/print-jobs/:jobId', {
    ...signedIn,
    schema: { summary: 'Progress of a print job', tags, params: ZPrintJobParams, response: { 200: ZPrintJobSchema, ...errors } },
  }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return getPrintJob(ctx, requirePrincipal(req), req.params.jobId);
  });

  app.get('/api/print-jobs/:jobId/file', {
    ...signedIn,
    schema: {
      summary: 'Download a finished print file', tags, params: ZPrintJobParams,
      response: { 200: binary('application/pdf', 'The print-ready PDF'), ...errors, 409: ZErrorSchema },
    },
  }, async (req, reply) => {
    const file = await printFile(ctx, requirePrincipal(req), req.params.jobId);
    return reply
      .type('application/pdf')
      .header('content-length', file.size)
      .header('content-disposition', attachment(file.fileName, file.originalName))
      .send(file.stream);
  });

  app.get('/api/projects/:id/print/preview', {
    ...signedIn,
    schema: {
      summary: 'Render mail pieces from real records as a PDF proof', tags, params: ZIdParams, querystring: ZPrintPreviewQuerySchema,
      response: { 200: binary('application/pdf', 'The first mail pieces'), ...errors, 422: ZErrorSchema },
    },
  }, async (req, reply) => {
    const pdf = await renderPreview(ctx, requirePrincipal(req), req.params.id, req.query.count, req.query.from);
    return reply
      .type('application/pdf')
      .header('cache-control', 'no-store')
      .header('content-disposition', `inline; filename="${printFileName('preview')}"`)
      .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
  });

  app.get('/api/projects/:id/print/records', {
    ...signedIn,
    schema: {
      summary: 'Find records to proof by name or any value', tags, params: ZIdParams, querystring: ZProofSearchQuerySchema,
      response: { 200: z.array(ZProofRecordSchema), ...errors, 422: ZErrorSchema },
    },
  }, async (req) => searchProofRecords(ctx, requirePrincipal(req), req.params.id, req.query.q));
}
