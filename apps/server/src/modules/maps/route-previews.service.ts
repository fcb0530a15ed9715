import {
  MAP_MESSAGES, QR_PREVIEW_MAX_RECORDS, ROUTE_MESSAGES, type TGenerateSingleRoute, type TRoutePreview,
} from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { Principal } from '../../platform/principal.js';
import { getListMappings } from '../column-mappings/column-mappings.service.js';
import { getOwnedList } from '../mailing-lists/mailing-lists.service.js';
import { getOwnedProject } from '../projects/projects.service.js';
import { requireFeature } from '../subscriptions/subscriptions.service.js';
import { mapProviders } from './map-providers.js';
import { mapRoutesRepo, type RecordWithRoute } from './map-routes.repo.js';
import { mapsRepo } from './maps.repo.js';
import { markerLogo } from './marker.service.js';
import { drawRoutes, mapImageUrl, placeRecords, recordAddress, type DrawSettings, type RouteScope, type RouteTarget } from './route-drawing.js';

type ScopeIds = { projectId?: string; listId: string; locationId: string };

/**
 * Where a list's routes lead, after the ownership checks: the project, the list and the location
 * must be the principal's (else NOT_FOUND).
 */
export async function routeScope(ctx: AppContext, principal: Principal, ids: ScopeIds): Promise<RouteScope> {
  if (ids.projectId) await getOwnedProject(ctx.db, principal, ids.projectId);
  const list = await getOwnedList(ctx.db, principal, ids.listId);
  const location = await mapsRepo.locationOwned(ctx.db, principal.userId, ids.locationId);
  if (!location) throw notFound('Business location');
  const { mappings, fieldSettings } = await getListMappings(ctx, principal, list.id);
  return { listId: list.id, list: { headers: list.headers, mappings, fieldSettings }, location };
}

/** `routeScope` with the drawing settings and the location's marker logo (read from storage): what drawing needs. Errors as `routeScope`. */
export async function routeTarget(ctx: AppContext, principal: Principal, ids: ScopeIds, settings: DrawSettings): Promise<RouteTarget> {
  const scope = await routeScope(ctx, principal, ids);
  return { ...scope, logoPng: await markerLogo(ctx, scope.location), settings };
}

const present = (ctx: AppContext, target: RouteScope, r: RecordWithRoute): TRoutePreview => {
  const route = r.route?.locationId === target.location.id ? r.route : null;
  const l = target.location;
  const drawn = route?.imageKey && route.imageToken && route.distance != null ? route : null;
  return {
    id: r.id,
    customerAddress: recordAddress(target, r).line,
    businessAddress: `${l.address}, ${l.city}, ${l.state} ${l.zip}`,
    mapUrl: drawn ? mapImageUrl(ctx.config.publicUrl, drawn.imageToken!, drawn.updatedAt) : null,
    distance: drawn?.distance ?? null,
    duration: drawn?.duration ?? null,
    hasSavedData: !!drawn,
    approximate: drawn?.approximate ?? false,
    precision: r.route?.latitude != null ? (r.route.precision ?? null) : null,
    error: r.route?.error ?? null,
  };
};

/** GET /api/maps/route-previews (docs/requirements/notifications.md#rules): the list's first 25 records with their routes to the location. Errors: NOT_FOUND. */
export async function routePreviews(ctx: AppContext, principal: Principal, q: { projectId: string; listId: string; locationId: string }): Promise<TRoutePreview[]> {
  const target = await routeScope(ctx, principal, q);
  return (await mapRoutesRepo.firstRecords(ctx.db, target.listId, QR_PREVIEW_MAX_RECORDS)).map((r) => present(ctx, target, r));
}

/**
 * POST /api/maps/generate-single-route (docs/requirements/notifications.md#rules): routes and draws one record's map now
 * (always drawn again — the screen's regenerate). Answers the new image URL (cache-busted), distance
 * (m), duration (s). Errors: NOT_FOUND (project, list, location, entry); PAYMENT_REQUIRED;
 * UNPROCESSABLE with the record's reason ('Address not found', a routing failure).
 */
export async function generateSingleRoute(ctx: AppContext, principal: Principal, input: TGenerateSingleRoute) {
  await requireFeature(ctx.db, principal, 'maps', MAP_MESSAGES.upgrade);
  const target = await routeTarget(ctx, principal, { projectId: input.projectId, listId: input.listId, locationId: input.businessLocationId }, settingsOf(input));
  const record = await mapRoutesRepo.record(ctx.db, target.listId, input.entryId);
  if (!record) throw notFound('Entry');
  const [drawn] = await drawRoutes(ctx, mapProviders(ctx.config), target, [record], { force: true });
  await mapRoutesRepo.upsert(ctx.db, [drawn.row]);
  if (drawn.failed) throw new AppError('UNPROCESSABLE', drawn.row.error ?? ROUTE_MESSAGES.generateFailed);
  return { route: { mapUrl: mapImageUrl(ctx.config.publicUrl, drawn.row.imageToken!, new Date()), distance: drawn.row.distance!, duration: drawn.row.duration!, approximate: drawn.approximate } };
}

/** The drawing settings of a generate call (docs/requirements/maps.md#api payloads). */
export const settingsOf = (i: Pick<TGenerateSingleRoute, 'mapStyle' | 'routeColor' | 'routeWidth' | 'mapWidth' | 'mapHeight' | 'markerSettings'>): DrawSettings => ({
  mapStyle: i.mapStyle, routeColor: i.routeColor, routeWidth: i.routeWidth, mapWidth: i.mapWidth, mapHeight: i.mapHeight, markerSettings: i.markerSettings ?? null,
});

/**
 * POST /api/maps/geocode-entries (docs/requirements/notifications.md#rules), called before Generate All Routes: places the
 * preview records (the first 25) now; the generation job places the rest as it goes. Answers the
 * list's totals. Errors: NOT_FOUND; PAYMENT_REQUIRED.
 */
export async function geocodeEntries(ctx: AppContext, principal: Principal, listId: string): Promise<{ total: number; geocoded: number; failed: number }> {
  await requireFeature(ctx.db, principal, 'maps', MAP_MESSAGES.upgrade);
  const list = await getOwnedList(ctx.db, principal, listId);
  const { mappings, fieldSettings } = await getListMappings(ctx, principal, list.id);
  const target = { list: { headers: list.headers, mappings, fieldSettings } };
  const records = (await mapRoutesRepo.firstRecords(ctx.db, list.id, QR_PREVIEW_MAX_RECORDS)).filter((r) => r.route?.latitude == null);
  const places = await placeRecords(ctx, mapProviders(ctx.config), target, records);
  await mapRoutesRepo.placeOnly(ctx.db, list.id, records.map((r) => {
    const p = places.get(r.id)!;
    return 'error' in p ? { recordId: r.id, error: p.error } : { recordId: r.id, latitude: p.latitude, longitude: p.longitude, precision: p.precision };
  }));
  return { total: list.rowCount, ...(await mapRoutesRepo.geocodeCounts(ctx.db, list.id)) };
}

/**
 * GET /api/maps/qr-map-data/{listId}?limit → `qrMapData(ctx, principal, { listId, limit })` (docs/requirements/maps.md#data "Map data per record", §7): the first
 * `limit` records' distance (m), duration (s) and public map image URL. Errors: NOT_FOUND.
 */
export async function qrMapData(ctx: AppContext, principal: Principal, input: { listId: string; limit: number }) {
  const list = await getOwnedList(ctx.db, principal, input.listId);
  return (await mapRoutesRepo.firstRecords(ctx.db, list.id, input.limit)).map((r) => {
    const drawn = r.route?.imageKey && r.route.imageToken ? r.route : null;
    return { record_id: r.id, distance: drawn?.distance ?? null, duration: drawn?.duration ?? null, s3_url: drawn ? mapImageUrl(ctx.config.publicUrl, drawn.imageToken!) : null };
  });
}

/** GET /maps/i/{token}.png: a map image by its public token (no login, like an S3 object URL), or NOT_FOUND. */
export async function publicMapImage(ctx: AppContext, token: string): Promise<Buffer> {
  const route = /^[A-Za-z0-9_-]{22}$/.test(token) ? await mapRoutesRepo.byImageToken(ctx.db, token) : undefined;
  if (!route?.imageKey) throw notFound('Map image');
  return ctx.storage.get(route.imageKey);
}
