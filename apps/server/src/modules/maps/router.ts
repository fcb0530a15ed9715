import fs from 'node:fs';
import { createRequire } from 'node:module';
import type PathFinderType from 'geojson-path-finder';
import type { FeatureCollection, LineString } from 'geojson';
import { STRAIGHT_LINE_ESTIMATE } from '@mailcraft/shared';
import { haversineMetres, lineMetres, type LngLat } from './geo.js';
import type { ProviderHttp } from './provider-http.js';

/** A driving route: `distance` metres, `duration` seconds, the line to draw; `approximate` for a straight-line estimate. */
export type RouteResult = { distance: number; duration: number; geometry: LngLat[]; approximate: boolean };

/**
 * Finds driving routes (docs/decisions/README.md#library-choices: road data and routing). Implementations: OSRM
 * over HTTP, and the offline router (a GeoJSON road network, else a straight-line estimate).
 * Rejects only when the provider fails.
 */
export type Router = { readonly name: string; route(from: LngLat, to: LngLat): Promise<RouteResult> };

/**
 * OSRM's route service (`/route/v1/driving/{lon},{lat};{lon},{lat}?overview=full&geometries=geojson`,
 * project-osrm.org/docs/v5.24.0/api): the first route's distance (m), duration (s) and line.
 * `NoRoute` falls back to the straight-line estimate, flagged approximate.
 */
export function osrmRouter(baseUrl: string, http: ProviderHttp): Router {
  return {
    name: `OSRM (${new URL(baseUrl).host})`,
    async route(from, to) {
      const coords = `${from[0]},${from[1]};${to[0]},${to[1]}`;
      type Answer = { code: string; routes?: Array<{ distance: number; duration: number; geometry: { coordinates: LngLat[] } }> };
      const answer = await http.getJson<Answer>(`${baseUrl}/route/v1/driving/${coords}?overview=full&geometries=geojson`);
      const best = answer.code === 'Ok' ? answer.routes?.[0] : undefined;
      if (!best) return straightLine(from, to);
      return { distance: best.distance, duration: best.duration, geometry: best.geometry.coordinates, approximate: false };
    },
  };
}

/**
 * The straight-line estimate (docs/requirements/maps.md#maps): great-circle distance × the road-detour factor 1.3, driven
 * at 40 km/h (`STRAIGHT_LINE_ESTIMATE`, shared), drawn as a straight line; `approximate: true`.
 */
export function straightLine(from: LngLat, to: LngLat): RouteResult {
  const distance = haversineMetres(from, to) * STRAIGHT_LINE_ESTIMATE.detourFactor;
  return { distance, duration: distance / STRAIGHT_LINE_ESTIMATE.metresPerSecond, geometry: [from, to], approximate: true };
}

// A CommonJS package whose types describe its ESM build: loaded the CommonJS way, typed by its declarations.
const PathFinder = (createRequire(import.meta.url)('geojson-path-finder') as typeof PathFinderType).default;

/** Speeds by OSM `highway` class, km/h (OSRM car profile's defaults, rounded). */
const SPEED_KMH: Record<string, number> = {
  motorway: 90, trunk: 85, primary: 65, secondary: 55, tertiary: 40, unclassified: 25, residential: 25, living_street: 10, service: 15,
};
/** A point farther than this from the road network is not on it (metres). */
const SNAP_METRES = 250;

type RoadProps = { highway?: string } | null;

/**
 * The offline router: with a GeoJSON road network (`roadsFile`, LineStrings with OSM `highway`
 * properties), the fastest path by `geojson-path-finder` between the network's vertices nearest to
 * both ends — when both lie within 250 m of it; the drive to and from the network is added as
 * straight lines. Anything else gets the straight-line estimate, flagged approximate.
 */
export function offlineRouter(roadsFile: string | null): Router {
  const roads = roadsFile ? (JSON.parse(fs.readFileSync(roadsFile, 'utf8')) as FeatureCollection<LineString, RoadProps>) : null;
  const finder = roads ? new PathFinder<number, RoadProps>(roads, {
    weight: (a, b, props) => haversineMetres(a as LngLat, b as LngLat) / ((SPEED_KMH[props?.highway ?? ''] ?? 30) / 3.6),
  }) : null;
  const vertices: LngLat[] = roads ? roads.features.flatMap((f) => f.geometry.coordinates as LngLat[]) : [];
  const nearest = (p: LngLat): { v: LngLat; d: number } | null => {
    let best: { v: LngLat; d: number } | null = null;
    for (const v of vertices) {
      const d = haversineMetres(p, v);
      if (!best || d < best.d) best = { v, d };
    }
    return best && best.d <= SNAP_METRES ? best : null;
  };
  return {
    name: roads ? `offline road network (${roads.features.length} roads)` : 'offline straight-line estimate',
    async route(from, to) {
      const a = finder && nearest(from);
      const b = finder && nearest(to);
      if (!finder || !a || !b) return straightLine(from, to);
      const point = (c: LngLat) => ({ type: 'Feature' as const, properties: {}, geometry: { type: 'Point' as const, coordinates: c } });
      const found = a.v === b.v ? { path: [a.v], weight: 0 } : finder.findPath(point(a.v), point(b.v));
      if (!found) return straightLine(from, to);
      const geometry: LngLat[] = [from, ...(found.path as LngLat[]), to];
      const access = (a.d + b.d) / (20 / 3.6);
      return { distance: lineMetres(geometry), duration: found.weight + access, geometry, approximate: false };
    },
  };
}
