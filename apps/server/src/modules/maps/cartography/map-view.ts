import { geoMercator, type GeoProjection } from 'd3-geo';
import type { LngLat } from '../geo.js';

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

/** Room a point's drawing needs around it, px (the business's pin and logo stand above its point). */
export type Insets = { left: number; top: number; right: number; bottom: number };
/** A point the view keeps inside the image together with the drawing around it. */
export type FramedPoint = { at: LngLat; insets: Insets };

/** One point to fit along one axis: its world px at zoom 0, and the px it needs before and after it. */
type Extent = { at: number; before: number; after: number };

/** Whether `extents` fit in `size` px at `scale` (world px at zoom 0 × scale = px). */
const fits = (extents: Extent[], scale: number, size: number) =>
  Math.max(...extents.map((e) => e.at * scale + e.after)) - Math.min(...extents.map((e) => e.at * scale - e.before)) <= size;

/** Where the image starts, px, so that `extents` sit in its middle. */
const centred = (extents: Extent[], scale: number, size: number) =>
  (Math.min(...extents.map((e) => e.at * scale - e.before)) + Math.max(...extents.map((e) => e.at * scale + e.after)) - size) / 2;

/**
 * The view that fits `points` and the `framed` points in a `width`×`height` px image: every point
 * at least `padding` from each edge (a fraction of the shorter side, 12 % by default), a framed
 * point also with its drawing's `insets` inside that padding, all of it centred — so neither end
 * of a route sits on an edge, nor is the business's marker cut. The deepest zoom that fits, whole
 * when `wholeZoom` (raster tiles), between 1 and MAX_ZOOM. Insets too large for the image are cut
 * to 40 % of its side each.
 */
export function fitView(
  points: readonly LngLat[], width: number, height: number,
  { wholeZoom = false, padding = 0.12, framed = [] as readonly FramedPoint[] } = {},
): MapView {
  const pad = Math.min(width, height) * padding;
  const cap = (v: number, size: number) => Math.min(Math.max(0, v), size * 0.4);
  // Of the plain points (a route's hundreds) only the outermost matter: they all need the same room.
  const plain = points.map((p) => worldPx(p, 0));
  const outer = (axis: 0 | 1) => (plain.length ? [Math.min(...plain.map((p) => p[axis])), Math.max(...plain.map((p) => p[axis]))] : []);
  const ends = framed.map((f) => ({ px: worldPx(f.at, 0), insets: f.insets }));
  const xs: Extent[] = [
    ...outer(0).map((at) => ({ at, before: pad, after: pad })),
    ...ends.map((e) => ({ at: e.px[0], before: pad + cap(e.insets.left, width), after: pad + cap(e.insets.right, width) })),
  ];
  const ys: Extent[] = [
    ...outer(1).map((at) => ({ at, before: pad, after: pad })),
    ...ends.map((e) => ({ at: e.px[1], before: pad + cap(e.insets.top, height), after: pad + cap(e.insets.bottom, height) })),
  ];
  const fitsAt = (zoom: number) => fits(xs, 2 ** zoom, width) && fits(ys, 2 ** zoom, height);
  // Fitting only gets harder as the zoom deepens: bisect for the deepest zoom that fits.
  let zoom = 1;
  if (fitsAt(MAX_ZOOM)) zoom = MAX_ZOOM;
  else if (fitsAt(1)) {
    let [lo, hi] = [1, MAX_ZOOM];
    while (hi - lo > 1e-6) {
      const mid = (lo + hi) / 2;
      if (fitsAt(mid)) lo = mid;
      else hi = mid;
    }
    zoom = lo;
  }
  if (wholeZoom) zoom = Math.max(1, Math.floor(zoom));
  const scale = 2 ** zoom;
  return { zoom, left: centred(xs, scale, width), top: centred(ys, scale, height), width, height };
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
