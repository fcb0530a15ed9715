import {
  ZBusinessLocationInputSchema, ZBusinessLocationSchema, ZIdParams, ZLocationPositionSchema, ZMapConfigInputSchema, ZMapConfigSchema,
} from '@mailcraft/shared';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { route } from '../../platform/route.js';
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
  const errors = [400, 404] as const;

  route(app, {
    method: 'GET', url: '/api/maps/locations', auth: 'user', summary: 'The user\'s business locations', tags, response: z.array(ZBusinessLocationSchema),
  }, (principal) => listLocations(ctx, principal));

  route(app, {
    method: 'POST', url: '/api/maps/locations', auth: 'user', tags,
    summary: 'Add a business location (placed by the geocoder — offline: its ZIP code — until the pin is moved)',
    body: ZBusinessLocationInputSchema, response: ZBusinessLocationSchema, status: 201, errors: [...errors, 402],
  }, (principal, { body }) => createLocation(ctx, principal, body));

  route(app, {
    method: 'PUT', url: '/api/maps/locations/:id', auth: 'user', summary: 'Move a business location\'s pin', tags, params: ZIdParams,
    body: ZLocationPositionSchema, response: ZBusinessLocationSchema, errors: [...errors, 402],
  }, (principal, { params, body }) => moveLocation(ctx, principal, { id: params.id, ...body }));

  route(app, {
    method: 'GET', url: '/api/maps/config/:projectId', auth: 'user', summary: 'A project\'s map configuration', tags,
    params: z.object({ projectId: z.string().max(100).describe('The project') }), response: ZMapConfigSchema, errors,
  }, (principal, { params }) => getMapConfig(ctx, principal, params.projectId));

  route(app, {
    method: 'POST', url: '/api/maps/config', auth: 'user', summary: 'Save a project\'s map configuration', tags, body: ZMapConfigInputSchema,
    response: ZMapConfigSchema, errors: [...errors, 402],
  }, (principal, { body }) => saveMapConfig(ctx, principal, body));
}
