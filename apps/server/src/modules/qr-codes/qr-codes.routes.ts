import {
  ZDataPreviewQuerySchema, ZDataPreviewSchema, ZIdParams, ZQrConfigRecordSchema, ZQrConfigSaveSchema,
} from '@mailcraft/shared';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { route } from '../../platform/route.js';
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

  route(app, {
    method: 'GET', url: '/api/qr/list/:id', auth: 'user', summary: 'A list\'s QR configuration', tags, params: ZIdParams,
    response: z.array(ZQrConfigRecordSchema), errors: [404],
  }, (principal, { params }) => getQrConfigs(ctx, principal, params.id));

  route(app, {
    method: 'POST', url: '/api/qr/config', auth: 'user', summary: 'Save a list\'s QR configuration', tags, body: ZQrConfigSaveSchema,
    response: ZQrConfigRecordSchema, errors: [400, 402, 404],
  }, (principal, { body }) => saveQrConfig(ctx, principal, body));

  route(app, {
    method: 'GET', url: '/api/data-preview/list/:id', auth: 'user', summary: 'The first records of a list with their short links', tags,
    params: ZIdParams, query: ZDataPreviewQuerySchema, response: ZDataPreviewSchema, errors: [400, 404],
  }, (principal, { params, query }) => dataPreview(ctx, principal, { listId: params.id, ...query }));
}
