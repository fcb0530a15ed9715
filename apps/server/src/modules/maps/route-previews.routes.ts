import { z } from 'zod';
import {
  binary, ZErrorSchema, ZGeneratedRouteSchema, ZGenerateRoutesSchema, ZGenerateSingleRouteSchema, ZGeocodeEntriesSchema, ZGeocodeResultSchema,
  ZIdParams, ZMapGenerationAnswerSchema, ZQrMapDataSchema, ZRoutePreviewQuerySchema, ZRoutePreviewsSchema,
} from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { requirePrincipal, signedIn } from '../../platform/principal.js';
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
  const errors = { 400: ZErrorSchema, 401: ZErrorSchema, 402: ZErrorSchema, 404: ZErrorSchema };

  app.get('/api/maps/route-previews', {
    ...signedIn,
    schema: { summary: 'Route previews of a list\'s first 25 records', tags, querystring: ZRoutePreviewQuerySchema, response: { 200: ZRoutePreviewsSchema, ...errors } },
  }, async (req) => ({ previews: await routePreviews(ctx, requirePrincipal(req), req.query) }));

  app.post('/api/maps/generate-single-route', {
    ...signedIn,
    schema: { summary: 'Route and draw one record\'s map', tags, body: ZGenerateSingleRouteSchema, response: { 200: ZGeneratedRouteSchema, 422: ZErrorSchema, ...errors } },
  }, async (req) => generateSingleRoute(ctx, requirePrincipal(req), req.body));

  app.post('/api/maps/geocode-entries', {
    ...signedIn,
    schema: { summary: 'Place the preview records by their addresses', tags, body: ZGeocodeEntriesSchema, response: { 200: ZGeocodeResultSchema, ...errors } },
  }, async (req) => geocodeEntries(ctx, requirePrincipal(req), req.body.listId));

  app.post('/api/maps/generate-routes', {
    ...signedIn,
    schema: { summary: 'Draw every record\'s map (a background job)', tags, body: ZGenerateRoutesSchema, response: { 202: ZMapGenerationAnswerSchema, ...errors } },
  }, async (req, reply) => reply.status(202).send({ generation: await startGeneration(ctx, requirePrincipal(req), req.body) }));

  app.get('/api/maps/generations/latest', {
    ...signedIn,
    schema: {
      summary: 'A list\'s latest Generate All Routes run', tags,
      querystring: z.object({ listId: z.uuid({ error: 'Invalid mailing list ID' }).describe('The mailing list') }),
      response: { 200: z.object({ generation: ZMapGenerationAnswerSchema.shape.generation.nullable().describe('The latest run, or null before the first') }), ...errors },
    },
  }, async (req) => ({ generation: await latestGeneration(ctx, requirePrincipal(req), req.query.listId) }));

  app.get('/api/maps/generations/:id', {
    ...signedIn,
    schema: { summary: 'Progress of a Generate All Routes run', tags, params: ZIdParams, response: { 200: ZMapGenerationAnswerSchema, ...errors } },
  }, async (req) => ({ generation: await getGeneration(ctx, requirePrincipal(req), req.params.id) }));

  app.get('/api/maps/qr-map-data/:id', {
    ...signedIn,
    schema: {
      summary: 'Route distance, duration and map image per record', tags: ['maps', 'qr-codes'], params: ZIdParams,
      querystring: z.object({ limit: z.coerce.number().int().min(1).max(25).default(25).describe('Records (1–25)') }),
      response: { 200: z.array(ZQrMapDataSchema), ...errors },
    },
  }, async (req) => qrMapData(ctx, requirePrincipal(req), req.params.id, req.query.limit));
}

/**
 * GET /maps/i/{token}.png — a record's map image by its unguessable token, without login, so QR
 * destination pages, messages and print renders can load it (like an S3 object URL). Cached for a
 * day; a regenerated map gets a `?v=` query. Hidden from the OpenAPI document.
 */
export async function mapImageRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  app.get('/maps/i/:token.png', {
    helmet: false,
    schema: { hide: true, params: z.object({ token: z.string().max(64).describe('Image token') }), response: { 200: binary('image/png', 'The map') } },
  }, async (req, reply) => reply.type('image/png').header('cache-control', 'public, max-age=86400').header('x-robots-tag', 'noindex')
    .send(await publicMapImage(ctx, req.params.token)));
}
