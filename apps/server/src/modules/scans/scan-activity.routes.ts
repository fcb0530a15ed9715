import { Readable } from 'node:stream';
import {
  binary, ZIdParams, ZListAnalyticsSchema, ZListScanSummarySchema, ZRecentScansQuerySchema, ZRecentScansSchema,
  ZScannedRecordsQuerySchema, ZScannedRecordsSchema,
} from '@mailcraft/shared';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { route } from '../../platform/route.js';
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
  const tags = ['analytics'];
  const errors = [400, 404] as const;

  route(app, {
    method: 'GET', url: '/api/analytics/scans', auth: 'user', summary: 'Latest human scans (Recent Activity)', tags, query: ZRecentScansQuerySchema,
    response: ZRecentScansSchema, errors,
  }, (principal, { query }) => recentScans(ctx, principal, query));

  route(app, {
    method: 'GET', url: '/api/analytics/lists', auth: 'user', summary: 'Every list with its scan counts', tags, response: z.array(ZListScanSummarySchema), errors,
  }, (principal) => listScanSummaries(ctx, principal));

  route(app, {
    method: 'GET', url: '/api/analytics/lists/:id', auth: 'user', summary: 'One list\'s scan analytics', tags, params: ZIdParams,
    response: ZListAnalyticsSchema, errors,
  }, (principal, { params }) => listAnalytics(ctx, principal, params.id));

  route(app, {
    method: 'GET', url: '/api/analytics/lists/:id/records', auth: 'user', summary: 'The records that were scanned, with their scan counts', tags,
    params: ZIdParams, query: ZScannedRecordsQuerySchema, response: ZScannedRecordsSchema, errors,
  }, (principal, { params, query }) => scannedRecords(ctx, principal, { listId: params.id, ...query }));

  route(app, {
    method: 'GET', url: '/api/analytics/lists/:id/scans.csv', auth: 'user', summary: 'Every scan of a list as CSV', tags, params: ZIdParams,
    response: binary('text/csv', 'The scans, one per row'), errors,
  }, async (principal, { params }, { reply }) => {
    const { filename, chunks } = await scansCsv(ctx, principal, params.id);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .send(Readable.from(chunks));
  });
}
