import {
  MAP_DEFAULTS, MAP_LIMITS, MAP_ORIENTATIONS, MARKER_RULES,
  type MapOrientation, type TMapConfig, type TMapConfigInput, type TMarkerSettings,
} from '@mailcraft/shared';

/**
 * The maps screen's rules that need no React (docs/requirements/notifications.md#rules "Map location and configuration", §5,
 * §9): the Step 2 settings and their linked fields, marker offsets and marker settings.
 */

/** Step 2 of the maps screen (docs/requirements/maps.md#map-configuration configuration): sizes px, route width px, transparency %. */
export type MapSettings = {
  map_style: string;
  route_color: string;
  route_width: number;
  route_transparency: number;
  map_width: number;
  map_height: number;
  orientation: MapOrientation;
};

/** Label fonts offered for the marker (not in the spec, which names none; defined here, not in @mailcraft/shared). */
export const MARKER_FONTS = MARKER_RULES.fonts;
/** Marker logo size on the map image, px (the shared schema's 16–128). */
export const LOGO_SIZE = MARKER_RULES.logoSize;

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));
const isOrientation = (o: string): o is MapOrientation => Object.hasOwn(MAP_ORIENTATIONS, o);

/** The saved configuration of a project as Step 2 edits it; the spec's defaults (§9) without one. */
export function settingsFromConfig(config: TMapConfig | null | undefined): MapSettings {
  const c = config ?? MAP_DEFAULTS;
  return {
    map_style: c.map_style,
    route_color: c.route_color,
    route_width: c.route_width,
    route_transparency: c.route_transparency,
    map_width: c.map_width,
    map_height: c.map_height,
    orientation: isOrientation(c.orientation) ? c.orientation : 'custom',
  };
}

/** An rgba colour's channels: r, g, b 0–255, a 0–1. */
export type Rgba = { r: number; g: number; b: number; a: number };

/** Reads 'rgba(r,g,b,a)', 'rgb(r,g,b)' or '#rrggbb'; null for anything else. */
export function parseRgba(css: string): Rgba | null {
  const hex = /^#([0-9a-f]{6})$/i.exec(css.trim());
  if (hex) {
    const n = parseInt(hex[1], 16);
    return { r: n >> 16, g: (n >> 8) & 255, b: n & 255, a: 1 };
  }
  const m = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*([\d.]+)\s*)?\)$/i.exec(css.trim());
  if (!m) return null;
  return { r: Number(m[1]), g: Number(m[2]), b: Number(m[3]), a: m[4] === undefined ? 1 : clamp(Number(m[4]), 0, 1) };
}

/** 'rgba(r,g,b,a)' with the alpha to two decimals, as the server stores route colours. */
export const formatRgba = ({ r, g, b, a }: Rgba) => `rgba(${r},${g},${b},${Math.round(a * 100) / 100})`;

/** Transparency % of an alpha (docs/requirements/notifications.md#rules linked fields): round((1 − alpha) × 100). */
export const transparencyOf = (alpha: number) => Math.round((1 - alpha) * 100);

/**
 * A new route colour (from the colour picker, with alpha): the transparency follows its alpha,
 * both kept within 0–85 % (an alpha under 0.15 is raised to 0.15).
 */
export function withRouteColor(s: MapSettings, css: string): MapSettings {
  const rgba = parseRgba(css);
  if (!rgba) return s;
  const transparency = clamp(transparencyOf(rgba.a), MAP_LIMITS.transparency.min, MAP_LIMITS.transparency.max);
  return { ...s, route_color: formatRgba({ ...rgba, a: 1 - transparency / 100 }), route_transparency: transparency };
}

/** A new transparency % (0–85, whole): the route colour's alpha becomes 1 − transparency / 100. */
export function withTransparency(s: MapSettings, transparency: number): MapSettings {
  const t = clamp(Math.round(transparency), MAP_LIMITS.transparency.min, MAP_LIMITS.transparency.max);
  const rgba = parseRgba(s.route_color) ?? parseRgba(MAP_DEFAULTS.route_color)!;
  return { ...s, route_transparency: t, route_color: formatRgba({ ...rgba, a: 1 - t / 100 }) };
}

/** A new route width, px, whole and within 2–20. */
export const withRouteWidth = (s: MapSettings, width: number): MapSettings =>
  ({ ...s, route_width: clamp(Math.round(width), MAP_LIMITS.routeWidth.min, MAP_LIMITS.routeWidth.max) });

/** An orientation (docs/requirements/notifications.md#rules): a preset sets its size; custom keeps the current width and height. */
export function withOrientation(s: MapSettings, orientation: MapOrientation): MapSettings {
  if (orientation === 'custom') return { ...s, orientation };
  return { ...s, orientation, map_width: MAP_ORIENTATIONS[orientation].width, map_height: MAP_ORIENTATIONS[orientation].height };
}

/** A custom width or height, px: snapped to the 50 px step within 300–1200 (docs/requirements/qr-codes.md#rules). */
export const snapSize = (px: number) => {
  const { min, max, step } = MAP_LIMITS.size;
  return clamp(Math.round(px / step) * step, min, max);
};

/** The image size as the badges and the summary show it, e.g. '600x900'. */
export const sizeLabel = (s: Pick<MapSettings, 'map_width' | 'map_height'>) => `${s.map_width}x${s.map_height}`;

/** The body of POST /api/maps/config (docs/requirements/maps.md#api). */
export function configInput(projectId: string, businessLocationId: string, s: MapSettings, markerConfig: TMarkerSettings | null): TMapConfigInput {
  return { projectId, businessLocationId, ...s, markerConfig };
}

/** A stored logo offset as the screen shows it (docs/requirements/maps.md#limits): stored / 4, whole. */
export const offsetForDisplay = (stored: number | undefined) => Math.round((stored ?? 0) / MARKER_RULES.offsetScale);

/**
 * The offsets of POST /api/maps/upload-marker from the displayed ones (docs/requirements/maps.md#limits): × 4, and the
 * Y offset inverted.
 */
export const uploadOffsets = (x: number, y: number) =>
  ({ logoOffsetX: Math.round(x) * MARKER_RULES.offsetScale, logoOffsetY: -Math.round(y) * MARKER_RULES.offsetScale });

/**
 * A location's `marker_settings` (docs/requirements/maps.md#data: a JSON string or an object) as the screen edits
 * it: {} when there are none; null when they cannot be read — logged, and then sent as null
 * (docs/requirements/maps.md#api).
 */
export function parseMarkerSettings(raw: unknown): TMarkerSettings | null {
  if (raw === null || raw === undefined || raw === '') return {};
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch (err) {
      console.warn('Marker settings could not be read; sending none', err);
      return null;
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    console.warn('Marker settings are not an object; sending none', value);
    return null;
  }
  return value as TMarkerSettings;
}
