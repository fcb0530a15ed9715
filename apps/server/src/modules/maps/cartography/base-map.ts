import type { TBaseMapConfig } from '@mailcraft/shared';
import type { Config } from '../../../platform/config.js';
import { paletteOf } from './map-palette.js';

/** The offline base layers served to the screen's map. */
export const BASE_LAYERS = ['states', 'counties', 'roads'] as const;
export type BaseLayerName = (typeof BASE_LAYERS)[number];

/**
 * GET /api/maps/maptiler-config (docs/requirements/maps.md#api): what the screen's MapLibre map loads — a configured
 * MapLibre style URL (with MAP_API_KEY, a browser-safe key), else our own style document
 * (`/api/maps/style/{style}.json`, raster tiles or the offline GeoJSON layers). Never a secret.
 */
export function baseMapConfig(config: Pick<Config, 'maps'>): TBaseMapConfig {
  const m = config.maps;
  return {
    apiKey: m.apiKey,
    provider: m.styleUrl ? 'style' : m.tileUrl || m.pmtilesFile ? 'xyz' : 'offline',
    styleUrl: m.styleUrl ?? '/api/maps/style/{style}.json',
    attribution: m.attribution,
  };
}

/**
 * A MapLibre style document (maplibre.org/maplibre-style-spec) for a map style id: raster tiles
 * when MAP_TILE_URL or MAP_PMTILES_FILE is set (streets-dark dims and desaturates them), else the offline layers as
 * GeoJSON sources at `origin` (MapLibre needs absolute URLs) — water, land, county lines, roads,
 * state lines, in the palette of the static images. No glyphs or sprites: no server to fetch them from.
 */
export function baseMapStyle(config: Pick<Config, 'maps'>, style: string, origin: string): object {
  const m = config.maps;
  const dark = style === 'streets-dark';
  if (m.tileUrl || m.pmtilesFile) {
    // A .pmtiles archive reaches the browser through our own XYZ endpoint (no pmtiles code in the page).
    const tiles = m.tileUrl ?? `${origin}/api/maps/tiles/{z}/{x}/{y}`;
    return {
      version: 8, name: style,
      sources: { tiles: { type: 'raster', tiles: [tiles], tileSize: 256, attribution: m.attribution, maxzoom: 19 } },
      layers: [{ id: 'tiles', type: 'raster', source: 'tiles', paint: dark ? { 'raster-saturation': -0.7, 'raster-brightness-max': 0.45 } : {} }],
    };
  }
  const p = paletteOf(style);
  const source = (layer: BaseLayerName) => ({ type: 'geojson', data: `${origin}/api/maps/base/${layer}.geojson`, attribution: layer === 'states' ? m.attribution : undefined });
  return {
    version: 8, name: style,
    sources: { states: source('states'), counties: source('counties'), roads: source('roads') },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': p.water } },
      { id: 'land', type: 'fill', source: 'states', paint: { 'fill-color': p.land } },
      { id: 'counties', type: 'line', source: 'counties', paint: { 'line-color': p.countyLine, 'line-width': 1, 'line-dasharray': [4, 3] } },
      { id: 'road-casing', type: 'line', source: 'roads', layout: { 'line-cap': 'round', 'line-join': 'round' }, paint: { 'line-color': p.roadCasing, 'line-width': 7 } },
      { id: 'roads', type: 'line', source: 'roads', layout: { 'line-cap': 'round', 'line-join': 'round' }, paint: { 'line-color': p.road, 'line-width': 5 } },
      { id: 'states', type: 'line', source: 'states', paint: { 'line-color': p.stateLine, 'line-width': 1.5 } },
    ],
  };
}
