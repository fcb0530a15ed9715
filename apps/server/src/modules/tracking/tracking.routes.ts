import type { FastifyRequest } from 'fastify';
import {
  TRACKING_UPLOAD_MAX_BYTES, ZMailPieceParams, ZMailPieceTimelineSchema, ZPrintJobParams, ZPrintJobTrackingQuerySchema,
  ZPrintJobTrackingSchema, ZTrackingImportParams, ZTrackingImportSchema, ZTrackingImportsQuerySchema, ZTrackingImportsSchema,
  ZTrackingPushResultSchema, ZTrackingPushSchema, ZTrackingSimulateResultSchema, type TTrackingImport,
} from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { ZodApp } from '../../platform/module.js';
import type { Principal } from '../../platform/principal.js';
import { route, scope } from '../../platform/route.js';
import { simulateDelivery } from './simulate.service.js';
import { pushScans } from './tracking-import.service.js';
import { getImport, listImports, pieceTimeline, printJobTracking, startUpload } from './tracking.service.js';

/** Largest push body: 1,000 IV-MTR piece scans of every field (about 1 KB each) fit. */
const PUSH_BODY_LIMIT = 4 * 1024 * 1024;

/**
 * Reads POST /api/tracking/imports' multipart body and hands the first file part to `startUpload` while it streams
 * (at most 100 MB: a bigger one is cut off and refused). Other parts are drained.
 * Errors: BAD_REQUEST 'Choose an IV-MTR file to upload' without a file; PAYLOAD_TOO_LARGE 'The file is larger than 100 MB'.
 */
async function uploadScanFile(ctx: AppContext, principal: Principal, req: FastifyRequest): Promise<TTrackingImport> {
  if (!req.isMultipart()) throw new AppError('BAD_REQUEST', 'Choose an IV-MTR file to upload');
  let created: TTrackingImport | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: TRACKING_UPLOAD_MAX_BYTES, files: 1, fields: 5 } })) {
      if (part.type === 'field') continue;
      if (created) { part.file.resume(); continue; }
      created = await startUpload(ctx, principal, { filename: part.filename, stream: part.file, truncated: () => part.file.truncated });
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', 'The file is larger than 100 MB');
    throw err;
  }
  if (!created) throw new AppError('BAD_REQUEST', 'Choose an IV-MTR file to upload');
  return created;
}

/**
 * Tracking on the web app (docs/requirements/mail-tracking.md), signed-in owners only (another user's id answers 404):
 * - POST /api/tracking/imports (multipart `file`, IV-MTR JSON or pipe/comma-delimited, ≤ 100 MB) → 202 TTrackingImport (running;
 *   a background job reads it: poll GET /api/tracking/imports/{id})
 * - GET  /api/tracking/imports?page&limit → TTrackingImports, newest first
 * - GET  /api/tracking/imports/{id} → TTrackingImport
 * - GET  /api/print-jobs/{jobId}/tracking?page&limit&stage&no_scan_days → TPrintJobTracking (funnel, pieces, analytics)
 * - GET  /api/mail-pieces/{pieceId}/timeline → TMailPieceTimeline
 * - POST /api/print-jobs/{jobId}/tracking/simulate → 202 TTrackingSimulateResult (test mode: every piece delivered within 2 minutes)
 */
export async function trackingRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const tags = ['tracking'];
  const errors = [400, 404] as const;

  route(app, {
    method: 'POST', url: '/api/tracking/imports', auth: 'user', summary: 'Upload an IV-MTR piece-scan file (multipart/form-data: file; JSON or delimited, at most 100 MB)',
    tags, consumes: ['multipart/form-data'], response: ZTrackingImportSchema, status: 202, errors: [...errors, 413],
  }, (principal, _input, { req }) => uploadScanFile(ctx, principal, req));

  route(app, {
    method: 'GET', url: '/api/tracking/imports', auth: 'user', summary: 'Batches of scan data taken in, newest first', tags,
    query: ZTrackingImportsQuerySchema, response: ZTrackingImportsSchema, errors,
  }, (principal, { query }) => listImports(ctx, principal, query));

  route(app, {
    method: 'GET', url: '/api/tracking/imports/:id', auth: 'user', summary: 'One batch of scan data and its counts', tags,
    params: ZTrackingImportParams, response: ZTrackingImportSchema, errors,
  }, (principal, { params }, { reply }) => {
    reply.header('cache-control', 'no-store');
    return getImport(ctx, principal, params.id);
  });

  route(app, {
    method: 'GET', url: '/api/print-jobs/:jobId/tracking', auth: 'user', summary: 'A print file\'s delivery funnel, pieces and delivery analytics', tags,
    params: ZPrintJobParams, query: ZPrintJobTrackingQuerySchema, response: ZPrintJobTrackingSchema, errors,
  }, (principal, { params, query }, { reply }) => {
    reply.header('cache-control', 'no-store');
    return printJobTracking(ctx, principal, params.jobId, query);
  });

  route(app, {
    method: 'GET', url: '/api/mail-pieces/:pieceId/timeline', auth: 'user', summary: 'One mail piece\'s tracking timeline', tags,
    params: ZMailPieceParams, response: ZMailPieceTimelineSchema, errors,
  }, (principal, { params }, { reply }) => {
    reply.header('cache-control', 'no-store');
    return pieceTimeline(ctx, principal, params.pieceId);
  });

  route(app, {
    method: 'POST', url: '/api/print-jobs/:jobId/tracking/simulate', auth: 'user', summary: 'Simulate delivery of a print file (test mode)',
    description: 'Plays accepted, in transit, in the local area, out for delivery and delivered scans for every piece over about 90 seconds, '
      + 'marked simulated, through the same events and webhooks as real scans.',
    tags, params: ZPrintJobParams, response: ZTrackingSimulateResultSchema, status: 202, errors,
  }, (principal, { params }) => simulateDelivery(ctx, principal, params.jobId));
}

/**
 * Tracking on the public API (docs/requirements/mail-tracking.md#scan-data), scope `tracking`:
 * - POST /api/tracking/scans (and /tracking/scans) — IV-MTR piece-scan JSON as USPS sends it: one object, an array of at
 *   most 1,000, or an envelope `{ "data": [...] }` → 200 TTrackingPushResult; 422 naming the first bad scan (nothing stored).
 */
export async function trackingPublicRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  route(app, {
    method: 'POST', url: ['/api/tracking/scans', '/tracking/scans'], auth: scope('tracking'), tags: ['tracking'], operationId: 'tracking.push',
    summary: 'Push IV-MTR piece scans', bodyLimit: PUSH_BODY_LIMIT,
    description: 'Takes USPS IV-MTR piece-scan JSON (one scan, an array of up to 1,000, or a { "data": [...] } envelope), matches each scan '
      + 'to your mail pieces by the IMb\'s Mailer ID and serial number, and stores it once (a scan pushed twice counts as a duplicate). '
      + 'Scans of IMbs that are not yours are counted as unmatched. One bad scan refuses the whole push and stores nothing.',
    body: ZTrackingPushSchema, response: ZTrackingPushResultSchema, errors: [400, 402, 413, 422, 429],
  }, (principal, { body }) => pushScans(ctx, principal, body));
}
