import { MAP_DEFAULTS, MAP_MESSAGES as M, type TBusinessLocation, type TMapConfig } from '@mailcraft/shared';
import type { ZBusinessLocationInputSchema, ZLocationPositionSchema, ZMapConfigInputSchema } from '@mailcraft/shared';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { Principal } from '../../platform/principal.js';
import { getOwnedProject } from '../projects/projects.service.js';
import { requireFeature } from '../subscriptions/subscriptions.service.js';
import { mapProviders } from './map-providers.js';
import { mapsRepo, type BusinessLocationRow, type MapConfigRow } from './maps.repo.js';

const presentLocation = (l: BusinessLocationRow): TBusinessLocation => ({
  id: l.id, name: l.name, address: l.address, city: l.city, state: l.state, zip: l.zip, latitude: l.latitude, longitude: l.longitude,
  precision: l.precision, marker_url: l.markerUrl, marker_settings: l.markerSettings ?? null, created_at: l.createdAt.toISOString(),
});

const presentConfig = (projectId: string, c: MapConfigRow | undefined): TMapConfig => (c
  ? {
    project_id: c.projectId, business_location_id: c.businessLocationId, map_style: c.mapStyle, route_color: c.routeColor,
    route_width: c.routeWidth, route_transparency: c.routeTransparency, map_width: c.mapWidth, map_height: c.mapHeight,
    orientation: c.orientation, saved: true,
  }
  : { project_id: projectId, business_location_id: null, ...MAP_DEFAULTS, saved: false });

async function ownedLocation(ctx: AppContext, principal: Principal, id: string): Promise<BusinessLocationRow> {
  const row = await mapsRepo.locationOwned(ctx.db, principal.userId, id);
  if (!row) throw notFound('Business location');
  return row;
}

/** GET /api/maps/locations (docs/requirements/maps.md#api): the principal's business locations, oldest first. */
export async function listLocations(ctx: AppContext, principal: Principal): Promise<TBusinessLocation[]> {
  return (await mapsRepo.locations(ctx.db, principal.userId)).map(presentLocation);
}

/**
 * POST /api/maps/locations (docs/requirements/qr-codes.md#rules): a new business location, placed by `geocoder` (the
 * offline default: the ZIP code's centre, `precision: 'zip'`; the user then drags the pin to the
 * door). State upper-cased. Errors: PAYMENT_REQUIRED (402, 'You need to upgrade your plan to save
 * map configurations', docs/requirements/plans-and-billing.md#plan-gating); VALIDATION 'No place found for this ZIP code' (or 'address'
 * with an address geocoder); BAD_GATEWAY 'Failed to create location: …' when the geocoder fails.
 */
export async function createLocation(ctx: AppContext, principal: Principal, input: z.output<typeof ZBusinessLocationInputSchema>): Promise<TBusinessLocation> {
  const { geocoder } = mapProviders(ctx.config);
  await requireFeature(ctx.db, principal, 'maps', M.upgrade);
  const found = await geocoder.geocode(input).catch((err: unknown) => {
    throw new AppError('BAD_GATEWAY', `${M.createLocationFailed}: ${err instanceof Error ? err.message : String(err)}`);
  });
  if (!found) throw new AppError('VALIDATION', geocoder.zipOnly ? M.zipUnknown : M.addressUnknown);
  return presentLocation(await mapsRepo.createLocation(ctx.db, {
    userId: principal.userId, ...input, state: input.state.toUpperCase(),
    latitude: found.latitude, longitude: found.longitude, precision: found.precision,
  }));
}

/**
 * PUT /api/maps/locations/{id} {latitude, longitude} → `moveLocation(ctx, principal, { id, latitude, longitude })` (docs/requirements/maps.md#api):
 * the pin moved by the user (`precision: 'pin'`). Errors: NOT_FOUND, PAYMENT_REQUIRED.
 */
export async function moveLocation(ctx: AppContext, principal: Principal, pos: { id: string } & z.output<typeof ZLocationPositionSchema>): Promise<TBusinessLocation> {
  const row = await ownedLocation(ctx, principal, pos.id);
  await requireFeature(ctx.db, principal, 'maps', M.upgrade);
  return presentLocation(await mapsRepo.updateLocation(ctx.db, row.id, { latitude: pos.latitude, longitude: pos.longitude, precision: 'pin' }));
}

/** GET /api/maps/config/{projectId} (docs/requirements/maps.md#api): the saved configuration, or the defaults of docs/requirements/maps.md#defaults: NOT_FOUND. */
export async function getMapConfig(ctx: AppContext, principal: Principal, projectId: string): Promise<TMapConfig> {
  const project = await getOwnedProject(ctx.db, principal, projectId);
  return presentConfig(project.id, await mapsRepo.config(ctx.db, project.id));
}

/**
 * POST /api/maps/config (docs/requirements/maps.md#api): saves the project's configuration; `markerConfig`, when
 * given, becomes the location's marker settings. Errors: NOT_FOUND (project, location),
 * PAYMENT_REQUIRED, VALIDATION (the schema's limits).
 */
export async function saveMapConfig(ctx: AppContext, principal: Principal, input: z.output<typeof ZMapConfigInputSchema>): Promise<TMapConfig> {
  const project = await getOwnedProject(ctx.db, principal, input.projectId);
  const location = await ownedLocation(ctx, principal, input.businessLocationId);
  await requireFeature(ctx.db, principal, 'maps', M.upgrade);
  if (input.markerConfig !== undefined) await mapsRepo.updateLocation(ctx.db, location.id, { markerSettings: input.markerConfig });
  const saved = await mapsRepo.saveConfig(ctx.db, {
    projectId: project.id, businessLocationId: location.id, mapStyle: input.map_style, routeColor: input.route_color,
    routeWidth: input.route_width, routeTransparency: input.route_transparency, mapWidth: input.map_width, mapHeight: input.map_height,
    orientation: input.orientation,
  });
  return presentConfig(project.id, saved);
}
