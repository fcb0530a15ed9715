import { z } from 'zod';
import {
  binary, ZGeneratedRouteSchema, ZGenerateRoutesSchema, ZGenerateSingleRouteSchema, ZGeocodeEntriesSchema, ZGeocodeResultSchema,
  ZIdParams, ZMapGenerationAnswerSchema, ZQrMapDataSchema, ZRoutePreviewQuerySchema, ZRoutePreviewsSchema,
} from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { route } from '../../platform/route.js';
import { getGeneration, latestGeneration, startGeneration } from './map-generation.js';
import { geocodeEntries, generateSingleRoute, publicMapImage, qrMapData, routePreviews } from './route-previews.service.js';

/**
 * Route previews and generation (docs/requirements/notifications.md#rules; docs/requirements/maps.md#maps); login required, another user's
 * project, list, location or run → 404; drawing needs the `maps` feature (402):
 * - GET  /api/maps/route-previews?projectId&listId&locationId → {previews} (first 25 records)
 * - POST /api/maps/generate-single-route → {route: {mapUrl, distance, duration, approximate}}
 * - POST /api/maps/geocode-entries {listId} → {total, geocoded, failed}
 * - POST /api/maps/generate-routes → 202 {generation} (the whole list, a background job)
 * - GET  /api/maps/generations/latest?listId, /api/maps/generations/{id} → {generation}
 * - GET  /api/maps/qr-map-data/{listId}?limit=25 → [{record_id, distance, duration, s3_url}]
 */
export async function routePreviewsRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const tags = ['maps'];
  const errors = [400, 402, 404] as const;

  route(app, {
    method: 'GET', url: '/api/maps/route-previews', auth: 'user', summary: 'Route previews of a list\'s first 25 records', tags,
    query: ZRoutePreviewQuerySchema, response: ZRoutePreviewsSchema, errors,
  }, async (principal, { query }) => ({ previews: await routePreviews(ctx, principal, query) }));

  route(app, {
    method: 'POST', url: '/api/maps/generate-single-route', auth: 'user', summary: 'Route and draw one record\'s map', tags,
    body: ZGenerateSingleRouteSchema, response: ZGeneratedRouteSchema, errors: [...errors, 422],
  }, (principal, { body }) => generateSingleRoute(ctx, principal, body));

  route(app, {
    method: 'POST', url: '/api/maps/geocode-entries', auth: 'user', summary: 'Place the preview records by their addresses', tags,
    body: ZGeocodeEntriesSchema, response: ZGeocodeResultSchema, errors,
  }, (principal, { body }) => geocodeEntries(ctx, principal, body.listId));

  route(app, {
    method: 'POST', url: '/api/maps/generate-routes', auth: 'user', summary: 'Draw every record\'s map (a background job)', tags,
    body: ZGenerateRoutesSchema, response: ZMapGenerationAnswerSchema, status: 202, errors,
  }, async (principal, { body }) => ({ generation: await startGeneration(ctx, principal, body) }));

  route(app, {
    method: 'GET', url: '/api/maps/generations/latest', auth: 'user', summary: 'A list\'s latest Generate All Routes run', tags,
    query: z.object({ listId: z.uuid({ error: 'Invalid mailing list ID' }).describe('The mailing list') }),
    response: z.object({ generation: ZMapGenerationAnswerSchema.shape.generation.nullable().describe('The latest run, or null before the first') }), errors,
  }, async (principal, { query }) => ({ generation: await latestGeneration(ctx, principal, query.listId) }));

  route(app, {
    method: 'GET', url: '/api/maps/generations/:id', auth: 'user', summary: 'Progress of a Generate All Routes run', tags, params: ZIdParams,
    response: ZMapGenerationAnswerSchema, errors,
  }, async (principal, { params }) => ({ generation: await getGeneration(ctx, principal, params.id) }));

  route(app, {
    method: 'GET', url: '/api/maps/qr-map-data/:id', auth: 'user', summary: 'Route distance, duration and map image per record', tags: ['maps', 'qr-codes'],
    params: ZIdParams, query: z.object({ limit: z.coerce.number().int().min(1).max(25).default(25).describe('Records (1–25)') }),
    response: z.array(ZQrMapDataSchema), errors,
  }, (principal, { params, query }) => qrMapData(ctx, principal, { listId: params.id, limit: query.limit }));
}

/**
 * GET /maps/i/{token}.png — a record's map image by its unguessable token, without login, so QR
 * destination pages, messages and print renders can load it (like an S3 object URL). Cached for a
 * day; a regenerated map gets a `?v=` query. Hidden from the OpenAPI document.
 */
export async function mapImageRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  route(app, {
    method: 'GET', url: '/maps/i/:token.png', auth: 'public', helmet: false, hide: true, summary: 'A record\'s map image by its token', tags: ['maps'],
    params: z.object({ token: z.string().max(64).describe('Image token') }), response: binary('image/png', 'The map'),
  }, async (_principal, { params }, { reply }) => reply.type('image/png').header('cache-control', 'public, max-age=86400').header('x-robots-tag', 'noindex')
    .send(await publicMapImage(ctx, params.token)));
}
