import { geoMercator, type GeoProjection } from 'd3-geo';
import type { LngLat } from './geo.js';

/** Web Mercator tile size, px (the XYZ convention; OSM wiki "Slippy map tilenames"). */
export const TILE_PX = 256;
/** Deepest zoom a map is drawn at (street level; keeps a one-point route from zooming in forever). */
export const MAX_ZOOM = 16;

/** Where a map image looks: Web Mercator `zoom`, its top-left in world px at that zoom, and its size in px. */
export type MapView = { zoom: number; left: number; top: number; width: number; height: number };

const worldPx = (p: LngLat, zoom: number): [number, number] => {
  const size = TILE_PX * 2 ** zoom;
  const lat = Math.max(-85.05112878, Math.min(85.05112878, p[1]));
  const s = Math.sin((lat * Math.PI) / 180);
  return [((p[0] + 180) / 360) * size, (0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * size];
};

/**
 * The view that fits `points` in a `width`×`height` px image with `padding` px around (a fraction
 * of the shorter side, 12 % by default) — at a whole zoom when `wholeZoom` (raster tiles), capped at
 * MAX_ZOOM.
 */
export function fitView(points: readonly LngLat[], width: number, height: number, { wholeZoom = false, padding = 0.12 } = {}): MapView {
  const pad = Math.min(width, height) * padding;
  const at0 = points.map((p) => worldPx(p, 0));
  const xs = at0.map((p) => p[0]);
  const ys = at0.map((p) => p[1]);
  const dx = Math.max(...xs) - Math.min(...xs);
  const dy = Math.max(...ys) - Math.min(...ys);
  const fit = Math.log2(Math.min((width - 2 * pad) / Math.max(dx, 1e-9), (height - 2 * pad) / Math.max(dy, 1e-9)));
  const zoom = Math.max(1, Math.min(MAX_ZOOM, wholeZoom ? Math.floor(fit) : fit));
  const scale = 2 ** zoom;
  const cx = ((Math.max(...xs) + Math.min(...xs)) / 2) * scale;
  const cy = ((Math.max(...ys) + Math.min(...ys)) / 2) * scale;
  return { zoom, left: cx - width / 2, top: cy - height / 2, width, height };
}

/** The d3 projection drawing lon/lat into the view's pixels (Web Mercator, same as the tiles). */
export function viewProjection(view: MapView): GeoProjection {
  const size = TILE_PX * 2 ** view.zoom;
  return geoMercator().scale(size / (2 * Math.PI)).translate([size / 2 - view.left, size / 2 - view.top]).precision(0.5);
}

/** The view's bounds in degrees, [west, south, east, north]. */
export function viewBounds(view: MapView): [number, number, number, number] {
  const p = viewProjection(view);
  const [w, n] = p.invert!([0, 0])!;
  const [e, s] = p.invert!([view.width, view.height])!;
  return [w, s, e, n];
}
