import { Readable } from 'node:stream';
import {
  binary, ZErrorSchema, ZIdParams, ZListAnalyticsSchema, ZListScanSummarySchema, ZRecentScansQuerySchema, ZRecentScansSchema,
  ZScannedRecordsQuerySchema, ZScannedRecordsSchema,
} from '@mailcraft/shared';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { requirePrincipal, signedIn } from '../../platform/principal.js';
import { listAnalytics, listScanSummaries, recentScans, scannedRecords, scansCsv } from './scan-activity.service.js';

/**
 * Scan activity and analytics (docs/requirements/scans-and-analytics.md#recent-activity Activity, §7; docs/requirements/scans-and-analytics.md#analytics); login
 * required, another user's list → 404. Bots are left out of every count:
 * - GET /api/analytics/scans?listId&limit → { recentScans }
 * - GET /api/analytics/lists → TListScanSummary[]
 * - GET /api/analytics/lists/{id} → TListAnalytics
 * - GET /api/analytics/lists/{id}/records?page&limit → TScannedRecords
 * - GET /api/analytics/lists/{id}/scans.csv → text/csv attachment of every scan
 */
export async function scanActivityRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const tags = ['analytics'];
  const errors = { 400: ZErrorSchema, 401: ZErrorSchema, 404: ZErrorSchema };

  app.get('/api/analytics/scans', {
    ...signedIn,
    schema: { summary: 'Latest human scans (Recent Activity)', tags, querystring: ZRecentScansQuerySchema, response: { 200: ZRecentScansSchema, ...errors } },
  }, async (req) => recentScans(db, requirePrincipal(req), req.query));

  app.get('/api/analytics/lists', {
    ...signedIn,
    schema: { summary: 'Every list with its scan counts', tags, response: { 200: z.array(ZListScanSummarySchema), ...errors } },
  }, async (req) => listScanSummaries(db, requirePrincipal(req)));

  app.get('/api/analytics/lists/:id', {
    ...signedIn,
    schema: { summary: 'One list\'s scan analytics', tags, params: ZIdParams, response: { 200: ZListAnalyticsSchema, ...errors } },
  }, async (req) => listAnalytics(db, requirePrincipal(req), req.params.id));

  app.get('/api/analytics/lists/:id/records', {
    ...signedIn,
    schema: {
      summary: 'The records that were scanned, with their scan counts', tags, params: ZIdParams, querystring: ZScannedRecordsQuerySchema,
      response: { 200: ZScannedRecordsSchema, ...errors },
    },
  }, async (req) => scannedRecords(db, requirePrincipal(req), req.params.id, req.query));

  app.get('/api/analytics/lists/:id/scans.csv', {
    ...signedIn,
    schema: { summary: 'Every scan of a list as CSV', tags, params: ZIdParams, response: { 200: binary('text/csv', 'The scans, one per row'), ...errors } },
  }, async (req, reply) => {
    const { filename, chunks } = await scansCsv(db, requirePrincipal(req), req.params.id);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .send(Readable.from(chunks));
  });
}
