import { createHash, randomBytes } from 'node:crypto';
import { ROUTE_MESSAGES, type TMarkerSettings } from '@mailcraft/shared';
import pLimit from 'p-limit';
import type { AppContext } from '../../platform/context.js';
import type { OwnedFilesReader } from '../../platform/owned-files.js';
import { recordFields } from '../qr-codes/destination.js';
import type { GeocodeQuery, GeocodeResult } from './geocoder.js';
import type { LngLat } from './geo.js';
import type { MapProviders } from './map-providers.js';
import { mapRoutesRepo, type MapRouteValues, type RecordWithRoute } from './map-routes.repo.js';
import type { BusinessLocationRow } from './maps.repo.js';
import { renderStaticMap } from './cartography/static-map.js';

/** How a list's maps are drawn: the screen's Step 2 and 3 settings (docs/requirements/maps.md#api generate calls). Sizes px. */
export type DrawSettings = {
  mapStyle: string; routeColor: string; routeWidth: number; mapWidth: number; mapHeight: number; markerSettings: TMarkerSettings | null;
};

/** Where the routes of one list lead: the list (for its records' addresses) and the business location. */
export type RouteScope = {
  listId: string;
  list: { headers: string[]; mappings: Record<string, string> | null; fieldSettings: { capitalization?: Record<string, string> } | null };
  location: BusinessLocationRow;
};

/** A scope with what its maps are drawn with: the settings and the marker logo. */
export type RouteTarget = RouteScope & { logoPng: Buffer | null; settings: DrawSettings };

/** Storage key of a record's map image. */
export const mapImageKey = (listId: string, recordId: string) => `maps/${listId}/${recordId}.png`;
/** Storage folder of a list's map images; deleting it removes them all. */
export const listMapImagesKey = (listId: string) => `maps/${listId}`;
/**
 * The lists' folders of map images (`listMapImagesKey`; docs/architecture.md#storage): a record's
 * image belongs to its list, whichever project drew it, so it goes with the list, not a project.
 */
export const listMapImages: OwnedFilesReader = async (_db, listIds) => ({ files: [], folders: listIds.map(listMapImagesKey) });
/** Public URL of a map image (a QR link's `map_image`, docs/requirements/maps.md#data): unguessable, served without login, like an S3 object URL. */
export const mapImageUrl = (publicUrl: string, token: string, version?: Date) =>
  `${publicUrl}/maps/i/${token}.png${version ? `?v=${version.getTime()}` : ''}`;

/** A fingerprint of what an image shows: settings, business position and marker; equal → the stored image is current. */
export function drawingHash(target: RouteTarget): string {
  const l = target.location;
  return createHash('sha256').update(JSON.stringify([target.settings, l.latitude, l.longitude, l.name, l.address, l.markerUrl, l.markerSettings])).digest('base64url').slice(0, 22);
}

/** The record's mapped address as a geocoder query and one display line. */
export function recordAddress(target: Pick<RouteTarget, 'list'>, r: Pick<RecordWithRoute, 'id' | 'values'>): { query: GeocodeQuery; line: string } {
  const f = recordFields({ recordId: r.id, headers: target.list.headers, values: r.values, mappings: target.list.mappings, fieldSettings: target.list.fieldSettings });
  const query = { address: f.address ?? '', city: f.city ?? '', state: f.state ?? '', zip: f.zip ?? '' };
  const line = [query.address, query.city, [query.state, query.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return { query, line };
}

const cacheKey = (providerName: string, q: GeocodeQuery) =>
  `${providerName}|${[q.address, q.city, q.state, q.zip].map((s) => s.trim().toLowerCase().replace(/\s+/g, ' ')).join('|')}`;

/**
 * Places records (docs/requirements/maps.md#maps: cached per address for HTTP geocoders, one query for the batch's cache
 * hits; a failing record is reported, never stops the others). Records already placed keep their
 * position. Answers record id → the place, or an error message.
 */
export async function placeRecords(ctx: Pick<AppContext, 'db'>, providers: MapProviders, target: Pick<RouteTarget, 'list'>, records: RecordWithRoute[]): Promise<Map<string, GeocodeResult | { error: string }>> {
  const out = new Map<string, GeocodeResult | { error: string }>();
  const todo: Array<{ id: string; query: GeocodeQuery; key: string }> = [];
  for (const r of records) {
    if (r.route?.latitude != null && r.route.longitude != null) {
      out.set(r.id, { latitude: r.route.latitude, longitude: r.route.longitude, precision: r.route.precision ?? 'zip', city: null, state: null });
      continue;
    }
    const { query } = recordAddress(target, r);
    if (!query.zip && !query.address) out.set(r.id, { error: ROUTE_MESSAGES.notGeocoded });
    else todo.push({ id: r.id, query, key: cacheKey(providers.geocoder.name, query) });
  }
  const cached = providers.cacheGeocodes ? await mapRoutesRepo.cachedGeocodes(ctx.db, todo.map((t) => t.key)) : new Map();
  const fresh: Array<{ key: string; latitude: number | null; longitude: number | null; precision: 'zip' | 'address' | null }> = [];
  for (const t of todo) {
    const hit = cached.get(t.key);
    if (hit) {
      out.set(t.id, hit.latitude == null ? { error: ROUTE_MESSAGES.notGeocoded } : { latitude: hit.latitude, longitude: hit.longitude!, precision: hit.precision ?? 'address', city: null, state: null });
      continue;
    }
    try {
      const found = await providers.geocoder.geocode(t.query);
      out.set(t.id, found ?? { error: ROUTE_MESSAGES.notGeocoded });
      fresh.push({ key: t.key, latitude: found?.latitude ?? null, longitude: found?.longitude ?? null, precision: found?.precision ?? null });
    } catch (err) {
      out.set(t.id, { error: `Geocoding failed: ${err instanceof Error ? err.message : String(err)}` });
    }
  }
  if (providers.cacheGeocodes) await mapRoutesRepo.cacheGeocodes(ctx.db, fresh);
  return out;
}

/** What drawing one record gave: its route row, and whether it failed or is approximate. */
export type DrawnRoute = { row: MapRouteValues; failed: boolean; approximate: boolean };

/**
 * Routes and draws the maps of `records` to `target` (docs/requirements/maps.md#route-previews previews; docs/requirements/maps.md#maps):
 * places each record, finds its route, draws the image (the SVG here, the pixels on sharp's
 * threads; two maps per core in flight) and stores it at
 * `maps/{listId}/{recordId}.png`, keeping the record's public image token. With `force` false a
 * record whose stored image was drawn with the same settings is kept as it is. Per-record
 * failures come back in the row's `error`; the batch never throws for one record.
 */
export async function drawRoutes(ctx: AppContext, providers: MapProviders, target: RouteTarget, records: RecordWithRoute[], { force, hash = drawingHash(target) }: { force: boolean; hash?: string }): Promise<DrawnRoute[]> {
  const places = await placeRecords(ctx, providers, target, records);
  const business: LngLat = [target.location.longitude, target.location.latitude];
  const s = target.settings;
  const marker = {
    logoPng: target.logoPng, settings: s.markerSettings ?? (target.location.markerSettings as TMarkerSettings | null) ?? {},
    name: target.location.name, address: `${target.location.address}, ${target.location.city}, ${target.location.state} ${target.location.zip}`,
  };
  // At most this many maps drawn at once: each holds its SVG and ~2 MB of pixels.
  const draw = pLimit(Math.max(2, ctx.config.printWorkers * 2));
  return Promise.all(records.map((r) => draw(async (): Promise<DrawnRoute> => {
    const place = places.get(r.id)!;
    const base: MapRouteValues = { recordId: r.id, listId: target.listId, locationId: target.location.id, imageToken: r.route?.imageToken ?? randomBytes(16).toString('base64url') };
    if ('error' in place) return { row: { ...base, error: place.error }, failed: true, approximate: false };
    const origin: LngLat = [place.longitude, place.latitude];
    const placed = { ...base, latitude: place.latitude, longitude: place.longitude, precision: place.precision };
    if (!force && r.route?.imageKey && r.route.settingsHash === hash && r.route.locationId === target.location.id && r.route.distance != null) {
      return { row: { ...placed, distance: r.route.distance, duration: r.route.duration, approximate: r.route.approximate, imageKey: r.route.imageKey, settingsHash: hash }, failed: false, approximate: r.route.approximate };
    }
    try {
      const route = await providers.router.route(origin, business);
      const png = await renderStaticMap({
        width: s.mapWidth, height: s.mapHeight, style: s.mapStyle, route: route.geometry, customer: origin, business,
        routeColor: s.routeColor, routeWidth: s.routeWidth, marker, attribution: providers.attribution,
      }, { roadsFile: providers.roadsFile, tiles: providers.tiles });
      const imageKey = mapImageKey(target.listId, r.id);
      await ctx.storage.put(imageKey, png);
      return {
        row: { ...placed, distance: route.distance, duration: route.duration, approximate: route.approximate, imageKey, settingsHash: hash, error: null },
        failed: false, approximate: route.approximate,
      };
    } catch (err) {
      return { row: { ...placed, error: `${ROUTE_MESSAGES.generateFailed}: ${err instanceof Error ? err.message : String(err)}` }, failed: true, approximate: false };
    }
  })));
}
