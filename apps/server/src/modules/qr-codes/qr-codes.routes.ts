import {
  ZDataPreviewQuerySchema, ZDataPreviewSchema, ZErrorSchema, ZIdParams, ZQrConfigRecordSchema, ZQrConfigSaveSchema,
} from '@mailcraft/shared';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { requirePrincipal, signedIn } from '../../platform/principal.js';
import { dataPreview, getQrConfigs, saveQrConfig } from './qr-codes.service.js';

/**
 * QR configuration routes (docs/requirements/qr-codes.md#api); login required, another user's list → 404:
 * - GET  /api/qr/list/{id} → TQrConfigRecord[] (empty before the first save)
 * - POST /api/qr/config {listId, config} → TQrConfigRecord; 400 with the docs/requirements/qr-codes.md#rules messages;
 *        402 'You need to upgrade your plan to save QR code configurations'
 * - GET  /api/data-preview/list/{id}?page&limit → TDataPreview (first 25 records)
 */
export async function qrCodesRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const tags = ['qr-codes'];
  const errors = { 401: ZErrorSchema, 404: ZErrorSchema };

  app.get('/api/qr/list/:id', {
    ...signedIn,
    schema: { summary: 'A list\'s QR configuration', tags, params: ZIdParams, response: { 200: z.array(ZQrConfigRecordSchema), ...errors } },
  }, async (req) => getQrConfigs(ctx.db, requirePrincipal(req), req.params.id));

  app.post('/api/qr/config', {
    ...signedIn,
    schema: {
      summary: 'Save a list\'s QR configuration', tags, body: ZQrConfigSaveSchema,
      response: { 200: ZQrConfigRecordSchema, 400: ZErrorSchema, 402: ZErrorSchema, ...errors },
    },
  }, async (req) => saveQrConfig(ctx.db, requirePrincipal(req), req.body.listId, req.body.config));

  app.get('/api/data-preview/list/:id', {
    ...signedIn,
    schema: {
      summary: 'The first records of a list with their short links', tags, params: ZIdParams, querystring: ZDataPreviewQuerySchema,
      response: { 200: ZDataPreviewSchema, 400: ZErrorSchema, ...errors },
    },
  }, async (req) => dataPreview(ctx, requirePrincipal(req), req.params.id, req.query));
}
