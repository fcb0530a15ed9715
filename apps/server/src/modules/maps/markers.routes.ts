import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  binary, MARKER_MESSAGES as MM, MARKER_RULES, ZBaseMapConfigSchema, ZIdParams, ZMarkerPositionSchema, ZMarkerSettingsAnswerSchema,
  ZMarkerUploadSchema, ZNoContent,
} from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { ZodApp } from '../../platform/module.js';
import { route } from '../../platform/route.js';
import { BASE_LAYERS, baseMapConfig, baseMapStyle } from './cartography/base-map.js';
import { baseLayers } from './cartography/base-layers.js';
import { mapProviders } from './map-providers.js';
import { deleteMarker, markerImage, updateMarkerPosition, uploadMarker } from './marker.service.js';

const ZOffset = z.coerce.number().int('Marker offsets are whole numbers').min(-MARKER_RULES.maxOffset).max(MARKER_RULES.maxOffset);

/**
 * Reads POST /api/maps/upload-marker's multipart body: the `logo` file (at most 1 MB: a bigger one
 * stops the upload unread) and the `businessId`, `logoOffsetX`, `logoOffsetY` fields.
 * Errors: BAD_REQUEST 'No logo image to upload'; PAYLOAD_TOO_LARGE 'Logo image must be smaller than 1MB'; VALIDATION for the fields.
 */
async function readMarkerUpload(req: FastifyRequest) {
  if (!req.isMultipart()) throw new AppError('BAD_REQUEST', MM.noLogo);
  const fields: Record<string, string> = {};
  let bytes: Buffer | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: MARKER_RULES.maxBytes - 1, files: 1, fields: 10 } })) {
      if (part.type === 'field') fields[part.fieldname] = String(part.value);
      else if (!bytes) bytes = await part.toBuffer();
      else part.file.resume();
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', MM.tooLarge);
    throw err;
  }
  if (!bytes?.length) throw new AppError('BAD_REQUEST', MM.noLogo);
  const parsed = z.object({ businessId: z.uuid({ error: 'Invalid business location ID' }), logoOffsetX: ZOffset.default(0), logoOffsetY: ZOffset.default(0) }).safeParse(fields);
  if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0].message);
  return { ...parsed.data, bytes };
}

/**
 * Business display markers and the base map (docs/requirements/qr-codes.md#rules; docs/requirements/maps.md#maps); login required, another
 * user's location → 404; writes need the `maps` feature (402):
 * - POST   /api/maps/upload-marker (multipart logo, businessId, logoOffsetX, logoOffsetY) → {markerUrl, settings}
 * - POST   /api/maps/update-marker-position {businessId, logoOffsetX, logoOffsetY, skipMapRegeneration} → {markerSettings}
 * - DELETE /api/maps/delete-marker/{id} → 204
 * - GET    /api/maps/markers/{id}.png → the logo
 * - GET    /api/maps/maptiler-config → {config} (what the screen's map loads)
 * - GET    /api/maps/style/{style}.json, /api/maps/base/{layer}.geojson, /api/maps/tiles/{z}/{x}/{y} (MAP_PMTILES_FILE)
 *          → the base map (public, cacheable: no user data)
 */
export async function markersRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const tags = ['maps'];
  const errors = [400, 402, 404] as const;

  route(app, {
    method: 'POST', url: '/api/maps/upload-marker', auth: 'user', tags,
    summary: 'Upload a business location\'s marker logo (multipart/form-data: logo, businessId, logoOffsetX, logoOffsetY)',
    consumes: ['multipart/form-data'], response: ZMarkerUploadSchema, errors: [...errors, 413],
  }, async (principal, _input, { req }) => uploadMarker(ctx, principal, await readMarkerUpload(req)));

  route(app, {
    method: 'POST', url: '/api/maps/update-marker-position', auth: 'user', summary: 'Move the marker logo relative to the pin', tags,
    body: ZMarkerPositionSchema, response: ZMarkerSettingsAnswerSchema, errors,
  }, async (principal, { body }) => ({ markerSettings: await updateMarkerPosition(ctx, principal, body) }));

  route(app, {
    method: 'DELETE', url: '/api/maps/delete-marker/:id', auth: 'user', summary: 'Delete a location\'s marker logo', tags, params: ZIdParams,
    response: ZNoContent, status: 204, errors,
  }, (principal, { params }) => deleteMarker(ctx, principal, params.id));

  route(app, {
    method: 'GET', url: '/api/maps/markers/:id.png', auth: 'user', summary: 'A location\'s marker logo', tags, params: ZIdParams,
    response: binary('image/png', 'The logo PNG'), errors,
  }, async (principal, { params }, { reply }) => reply.type('image/png').header('cache-control', 'private, max-age=31536000, immutable')
    .send(await markerImage(ctx, principal, params.id)));

  route(app, {
    method: 'GET', url: '/api/maps/maptiler-config', auth: 'user', summary: 'Where the screen\'s map gets its base map', tags, response: ZBaseMapConfigSchema,
  }, () => ({ config: baseMapConfig(ctx.config) }));

  route(app, {
    method: 'GET', url: '/api/maps/style/:style.json', auth: 'public', summary: 'MapLibre style document of a map style', tags,
    params: z.object({ style: z.string().regex(/^[a-z0-9-]{1,64}$/).describe('Map style id') }),
    response: z.record(z.string(), z.unknown()).describe('A MapLibre style (version 8)'), errors: [400],
  }, (_principal, { params }, { req, reply }) => {
    reply.header('cache-control', 'public, max-age=3600');
    return baseMapStyle(ctx.config, params.style, `${req.protocol}://${req.host}`) as Record<string, unknown>;
  });

  route(app, {
    method: 'GET', url: '/api/maps/tiles/:z/:x/:y', auth: 'public', summary: 'A raster tile of the configured .pmtiles base map', tags,
    params: z.object({
      z: z.coerce.number().int().min(0).max(22).describe('Zoom'), x: z.coerce.number().int().min(0).describe('Column'), y: z.coerce.number().int().min(0).describe('Row'),
    }),
    response: binary('image/*', 'The tile (PNG, JPEG or WebP)'), errors: [400, 404],
  }, async (_principal, { params }, { reply }) => {
    const archive = mapProviders(ctx.config).pmtiles;
    const tile = archive ? await archive.tile(params.z, params.x, params.y) : null;
    if (!archive || !tile) throw new AppError('NOT_FOUND', 'No such tile');
    return reply.type(await archive.mediaType()).header('cache-control', 'public, max-age=86400').send(tile);
  });

  route(app, {
    method: 'GET', url: '/api/maps/base/:layer.geojson', auth: 'public', summary: 'A layer of the offline base map (GeoJSON)', tags,
    params: z.object({ layer: z.enum(BASE_LAYERS).describe('states, counties or roads') }),
    response: binary('application/geo+json', 'A GeoJSON FeatureCollection'), errors: [400],
  }, (_principal, { params }, { reply }) => reply.type('application/geo+json').header('cache-control', 'public, max-age=86400')
    .send(JSON.stringify(baseLayers(ctx.config.maps.roadsGeojson).geojson[params.layer])));
}
