import {
  ZBusinessLocationInputSchema, ZBusinessLocationSchema, ZErrorSchema, ZIdParams, ZLocationPositionSchema, ZMapConfigInputSchema, ZMapConfigSchema,
} from '@mailcraft/shared';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { requirePrincipal, signedIn } from '../../platform/principal.js';
import { mapProviders } from './map-providers.js';
import { createLocation, getMapConfig, listLocations, moveLocation, saveMapConfig } from './maps.service.js';

/**
 * Personalised maps, first part (docs/requirements/maps.md#data; docs/requirements/maps.md#maps); login required, another user's
 * location or project → 404:
 * - GET  /api/maps/locations → TBusinessLocation[]
 * - POST /api/maps/locations {name, address, city, state, zip} → 201 TBusinessLocation (geocoded; 402 without `maps`)
 * - PUT  /api/maps/locations/{id} {latitude, longitude} → TBusinessLocation (the pin moved)
 * - GET  /api/maps/config/{projectId} → TMapConfig (defaults until saved)
 * - POST /api/maps/config → TMapConfig
 */
export async function mapsRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const tags = ['maps'];
  const errors = { 400: ZErrorSchema, 401: ZErrorSchema, 404: ZErrorSchema };

  app.get('/api/maps/locations', {
    ...signedIn,
    schema: { summary: 'The user\'s business locations', tags, response: { 200: z.array(ZBusinessLocationSchema), 401: ZErrorSchema } },
  }, async (req) => listLocations(ctx, requirePrincipal(req)));

  app.post('/api/maps/locations', {
    ...signedIn,
    schema: { summary: 'Add a business location (placed by the geocoder — offline: its ZIP code — until the pin is moved)', tags, body: ZBusinessLocationInputSchema, response: { 201: ZBusinessLocationSchema, 402: ZErrorSchema, ...errors } },
  }, async (req, reply) => reply.status(201).send(await createLocation(ctx, requirePrincipal(req), mapProviders(ctx.config).geocoder, req.body)));

  app.put('/api/maps/locations/:id', {
    ...signedIn,
    schema: { summary: 'Move a business location\'s pin', tags, params: ZIdParams, body: ZLocationPositionSchema, response: { 200: ZBusinessLocationSchema, 402: ZErrorSchema, ...errors } },
  }, async (req) => moveLocation(ctx, requirePrincipal(req), req.params.id, req.body));

  app.get('/api/maps/config/:projectId', {
    ...signedIn,
    schema: { summary: 'A project\'s map configuration', tags, params: z.object({ projectId: z.string().max(100).describe('The project') }), response: { 200: ZMapConfigSchema, ...errors } },
  }, async (req) => getMapConfig(ctx, requirePrincipal(req), req.params.projectId));

  app.post('/api/maps/config', {
    ...signedIn,
    schema: { summary: 'Save a project\'s map configuration', tags, body: ZMapConfigInputSchema, response: { 200: ZMapConfigSchema, 402: ZErrorSchema, ...errors } },
  }, async (req) => saveMapConfig(ctx, requirePrincipal(req), req.body));
}
