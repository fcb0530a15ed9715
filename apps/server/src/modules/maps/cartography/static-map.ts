import { geoPath } from 'd3-geo';
import type { Feature, Geometry } from 'geojson';
import { MARKER_RULES, type TMarkerSettings } from '@mailcraft/shared';
import { baseLayers, inView } from './base-layers.js';
import type { LngLat } from '../geo.js';
import { paletteOf, type MapPalette } from './map-palette.js';
import { fitView, viewBounds, viewProjection, type Insets, type MapView } from './map-view.js';
import { textPaths } from './text-paths.js';

/** Everything one map image shows (docs/requirements/maps.md#maps StaticMapRenderer). Sizes in px; colours CSS. */
export type StaticMapInput = {
  width: number;
  height: number;
  style: string;
  /** The route line, [lon, lat] degrees, from the customer to the business. */
  route: LngLat[];
  customer: LngLat;
  business: LngLat;
  /** rgba(r,g,b,a) — its alpha is the route's opacity (docs/requirements/README.md#requirements: colour and transparency are linked). */
  routeColor: string;
  routeWidth: number;
  marker: { logoPng: Buffer | null; settings: TMarkerSettings; name: string; address: string };
  attribution: string;
};

/** Draws the base map under a view: PNG bytes of exactly view.width×view.height, or null to draw the offline layers in the SVG. */
export type BaseMapTiles = { name: string; raster(view: MapView, style: string): Promise<Buffer> };

const esc = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
const RGBA = /^rgba\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*,\s*([\d.]+)\s*\)$/;

/** rgba(r,g,b,a) → an SVG colour and opacity (anything else is used as is, opaque). */
function colourOf(css: string): { colour: string; opacity: number } {
  const m = RGBA.exec(css);
  return m ? { colour: `rgb(${m[1]},${m[2]},${m[3]})`, opacity: Math.max(0, Math.min(1, Number(m[4]))) } : { colour: css, opacity: 1 };
}

/** Zoom from which county lines are drawn (a view under ~1,500 km across), and roads (~100 km). */
const COUNTY_ZOOM = 7;
const ROAD_ZOOM = 10;

function offlineLayers(view: MapView, palette: MapPalette, roadsFile: string | null): string {
  const layers = baseLayers(roadsFile);
  const bounds = viewBounds(view);
  // Clipped to the image (plus a margin for line caps): a state drawn at street level is otherwise
  // thousands of off-image vertices for the rasteriser to walk.
  const path = geoPath(viewProjection(view).precision(0).clipExtent([[-20, -20], [view.width + 20, view.height + 20]])).digits(1);
  const paths = (features: Array<Feature<Geometry>>) => features.map((f) => path(f)).filter(Boolean).join('');
  const level = layers.atZoom(view.zoom);
  const states = paths(inView(level.states, bounds));
  const counties = view.zoom >= COUNTY_ZOOM ? paths(inView(level.counties, bounds)) : '';
  const roads = view.zoom >= ROAD_ZOOM ? paths(inView(layers.roads, bounds)) : '';
  return `<rect width="100%" height="100%" fill="${palette.water}"/>`
    + `<path d="${states}" fill="${palette.land}"${counties || roads ? '' : ` stroke="${palette.stateLine}" stroke-width="1.5"`}/>`
    + (counties ? `<path d="${counties}" fill="none" stroke="${palette.countyLine}" stroke-width="1" stroke-dasharray="4 3"/>` : '')
    + (roads ? `<path d="${roads}" fill="none" stroke="${palette.roadCasing}" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/>`
      + `<path d="${roads}" fill="none" stroke="${palette.road}" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>` : '')
    + (counties || roads ? `<path d="${states}" fill="none" stroke="${palette.stateLine}" stroke-width="1.5"/>` : '');
}

/** The pin's reach from the door, px: its head (radius 14) is centred 26 px above its tip. */
const PIN = { up: 40, side: 14 };
/** The logo's bottom stands this far above the door (before its offset), px. */
const LOGO_RISE = 44;

/** The logo's box relative to the door, px (y down), or null without a logo: offsets in stored units ÷ 4, y up. */
function logoBox(marker: Pick<StaticMapInput['marker'], 'logoPng' | 'settings'>) {
  const s = marker.settings;
  if (!marker.logoPng || !s.width || !s.height) return null;
  const k = (s.logoSize ?? MARKER_RULES.logoSize.default) / Math.max(s.width, s.height);
  const [w, h] = [s.width * k, s.height * k];
  const cx = (s.logoOffsetX ?? 0) / 4;
  const bottom = -LOGO_RISE - (s.logoOffsetY ?? 0) / 4;
  return { left: cx - w / 2, right: cx + w / 2, top: bottom - h, bottom, w, h };
}

/**
 * The room the business marker — pin and logo — takes around the door, px, for fitting the view
 * (the label is placed beside the pin wherever the image has room, so it is left out).
 */
export function markerInsets(marker: Pick<StaticMapInput['marker'], 'logoPng' | 'settings'>): Insets {
  const logo = logoBox(marker);
  return {
    left: Math.max(PIN.side, -(logo?.left ?? 0)),
    top: Math.max(PIN.up, -(logo?.top ?? 0)),
    right: Math.max(PIN.side, logo?.right ?? 0),
    bottom: Math.max(0, logo?.bottom ?? 0),
  };
}

/**
 * Where a route map looks: the route and the customer at the padding from the edges, the business
 * with its marker inside it too, centred (see `fitView`); whole zooms for raster tiles.
 */
export function routeMapView(
  input: Pick<StaticMapInput, 'width' | 'height' | 'route' | 'customer' | 'business'> & { marker: Pick<StaticMapInput['marker'], 'logoPng' | 'settings'> },
  { wholeZoom }: { wholeZoom: boolean },
): MapView {
  return fitView([...input.route, input.customer], input.width, input.height, {
    wholeZoom, framed: [{ at: input.business, insets: markerInsets(input.marker) }],
  });
}

/** The business marker: a pin at the door, the logo above it (offset in stored units ÷ 4 px, y up), the label beside it. */
function markerSvg(at: [number, number], input: StaticMapInput, palette: MapPalette): string {
  const s = input.marker.settings;
  const [x, y] = at;
  const colour = s.markerColor ?? MARKER_RULES.defaultColor;
  const pin = `<path d="M${x},${y} c-4,-9 -14,-16 -14,-26 a14,14 0 1 1 28,0 c0,10 -10,17 -14,26z" fill="${esc(colour)}" stroke="${palette.halo}" stroke-width="2"/>`
    + `<circle cx="${x}" cy="${y - 26}" r="5.5" fill="${palette.halo}"/>`;
  const box = logoBox(input.marker);
  const logo = box && input.marker.logoPng
    ? `<image x="${x + box.left}" y="${y + box.top}" width="${box.w}" height="${box.h}" href="data:image/png;base64,${input.marker.logoPng.toString('base64')}"/>`
    : '';
  const lines = [s.showBusinessName !== false ? input.marker.name : '', s.showAddress ? input.marker.address : ''].filter(Boolean);
  if (!lines.length) return pin + logo;
  const sizes = lines.map((_l, i) => (i === 0 ? 15 : 12));
  const widths = lines.map((l, i) => textPaths(l, 0, 0, sizes[i], palette.label, 'start', s.font).width);
  const boxW = Math.max(...widths) + 16;
  const boxH = sizes.reduce((h, z) => h + z + 5, 0) + 8;
  const left = x + 18 + boxW > input.width ? x - 18 - boxW : x + 18;
  const top = Math.max(4, Math.min(input.height - boxH - 22, y - 26 - boxH / 2));
  let baseline = top + 4;
  const text = lines.map((l, i) => {
    baseline += sizes[i] + 3;
    return textPaths(l, left + 8, baseline, sizes[i], palette.label, 'start', s.font).svg;
  }).join('');
  return `${pin}${logo}<rect x="${left}" y="${top}" width="${boxW}" height="${boxH}" rx="6" fill="${palette.labelBox}"/>${text}`;
}

/**
 * The SVG of a route map over the offline base layers (or transparent, for laying over raster
 * tiles): base map, route with a halo, the customer's point, the business marker with logo and
 * label, the attribution bottom right. Projection: Web Mercator fitted to route and both ends.
 */
export function staticMapSvg(input: StaticMapInput, view: MapView, { roadsFile, transparent }: { roadsFile: string | null; transparent: boolean }): string {
  const palette = paletteOf(input.style);
  const project = viewProjection(view);
  const line = geoPath(project)({ type: 'LineString', coordinates: input.route }) ?? '';
  const route = colourOf(input.routeColor);
  const [cx, cy] = project(input.customer)!;
  const business = project(input.business)!;
  const attribution = textPaths(input.attribution, view.width - 5, view.height - 5, 11, palette.label, 'end');
  const attrW = attribution.width + 10;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${view.width}" height="${view.height}" viewBox="0 0 ${view.width} ${view.height}">`
    + (transparent ? '' : offlineLayers(view, palette, roadsFile))
    + `<path d="${line}" fill="none" stroke="${palette.halo}" stroke-opacity="0.85" stroke-width="${input.routeWidth + 4}" stroke-linecap="round" stroke-linejoin="round"/>`
    + `<path d="${line}" fill="none" stroke="${route.colour}" stroke-opacity="${route.opacity}" stroke-width="${input.routeWidth}" stroke-linecap="round" stroke-linejoin="round"/>`
    + `<circle cx="${cx}" cy="${cy}" r="8" fill="${palette.customer}" stroke="${palette.halo}" stroke-width="3"/>`
    + markerSvg(business, input, palette)
    + `<rect x="${view.width - attrW}" y="${view.height - 18}" width="${attrW}" height="18" fill="${palette.labelBox}"/>`
    + attribution.svg
    + '</svg>';
}

/** One map drawn to PNG by the SVG path. */
export type MapDrawTask = { input: StaticMapInput; view: MapView; roadsFile: string | null; transparent: boolean };

let tuned: Promise<typeof import('sharp')> | null = null;
/**
 * sharp, set once for drawing maps: libvips' operation cache off (it keeps recent images' pixels,
 * of no use for maps drawn once: ~150 MB less at 10,000 maps) and one libvips thread per image
 * (maps are drawn several at once by route-drawing's limiter, so the cores stay busy while each
 * image holds one thread's buffers: 10,000 maps 1,048 → 891 MB peak). Both are process-wide; the
 * other images the app makes (thumbnails, logos) are small.
 */
function tunedSharp(): Promise<typeof import('sharp')> {
  tuned ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return tuned;
}

/**
 * Draws `task` to PNG bytes: the SVG rasterised by sharp (libvips' librsvg, whose memory is freed
 * per image — resvg-js 2.6 keeps each image's pixels until V8 happens to collect, ~2 MB a map).
 * Text is already paths, so no fonts are loaded.
 */
export async function drawMapPng(task: MapDrawTask): Promise<Buffer> {
  const sharp = await tunedSharp();
  return sharp(Buffer.from(staticMapSvg(task.input, task.view, task)), { limitInputPixels: 1300 * 1300 }).png({ compressionLevel: 4 }).toBuffer();
}

/**
 * Renders a route map to PNG (docs/decisions/README.md#records: d3-geo → SVG → PNG; tiles composed with
 * sharp when `tiles` is configured), `input.width`×`input.height` px. `draw` runs the SVG step
 * (`drawMapPng` by default). No network but the tile server.
 */
export async function renderStaticMap(
  input: StaticMapInput,
  { roadsFile, tiles, draw = drawMapPng }: { roadsFile: string | null; tiles: BaseMapTiles | null; draw?: (task: MapDrawTask) => Promise<Buffer> },
): Promise<Buffer> {
  const view = routeMapView(input, { wholeZoom: !!tiles });
  const [overlay, base] = await Promise.all([draw({ input, view, roadsFile, transparent: !!tiles }), tiles?.raster(view, input.style)]);
  if (!base) return overlay;
  const { default: sharp } = await import('sharp');
  return sharp(base).composite([{ input: overlay }]).png().toBuffer();
}
