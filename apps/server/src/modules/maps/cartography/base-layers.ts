import fs from 'node:fs';
import { createRequire } from 'node:module';
import { geoBounds } from 'd3-geo';
import type { Feature, FeatureCollection, Geometry, LineString, MultiLineString } from 'geojson';
import { feature, mesh } from 'topojson-client';
import { presimplify, simplify, sphericalTriangleArea } from 'topojson-simplify';
import type { GeometryCollection, Topology } from 'topojson-specification';

/** A feature with its [west, south, east, north] bounds, degrees, so a map keeps only what it shows. */
export type BoundedFeature = { feature: Feature<Geometry>; bounds: [number, number, number, number] };

/** States and counties at one level of detail. */
export type BoundaryLayers = { states: BoundedFeature[]; counties: BoundedFeature[] };

/**
 * The offline base map (docs/requirements/maps.md#maps BaseMap): US states and counties (us-atlas, Census cartographic
 * boundaries 1:10m), and any configured roads. `atZoom(z)` gives the boundaries simplified for a
 * map at Web Mercator zoom `z` (Visvalingam, dropping what is under half a pixel there), so a
 * national map does not walk every bend of the 1:10m coastline.
 */
export type BaseLayers = {
  atZoom(zoom: number): BoundaryLayers;
  roads: BoundedFeature[];
  /** The same layers as plain GeoJSON for the screen's map (`GET /api/maps/base/{layer}.geojson`). */
  geojson: { states: FeatureCollection; counties: FeatureCollection<MultiLineString>; roads: FeatureCollection<LineString> };
};

const require = createRequire(import.meta.url);
const cache = new Map<string, BaseLayers>();

const bounded = (f: Feature<Geometry>): BoundedFeature => {
  const [[w, s], [e, n]] = geoBounds(f);
  // Features crossing the antimeridian (Alaska's Aleutians) come back with west > east: take the whole world's width.
  return { feature: f, bounds: w > e ? [-180, s, 180, n] : [w, s, e, n] };
};

/**
 * The base layers, loaded once per road file (~1 s and ~60 MB for the 3,231 counties): states as
 * polygons, counties as each county's outline (bounded per county so a street-level map draws only
 * its own few), roads from `roadsFile` (GeoJSON LineStrings) or none.
 */
export function baseLayers(roadsFile: string | null): BaseLayers {
  const key = roadsFile ?? '';
  const hit = cache.get(key);
  if (hit) return hit;
  type Counties = Topology<{ states: GeometryCollection; counties: GeometryCollection }>;
  const topo = require('us-atlas/counties-10m.json') as Counties;
  const full = boundaries(topo);
  // Simplified copies for the low zooms, made on first use (a copy: presimplify writes into the arcs).
  let weighted: Counties | null = null;
  const levels = new Map<number, BoundaryLayers>();
  const roadCollection: FeatureCollection<LineString> = roadsFile
    ? JSON.parse(fs.readFileSync(roadsFile, 'utf8')) as FeatureCollection<LineString>
    : { type: 'FeatureCollection', features: [] };
  let geojson: BaseLayers['geojson'] | null = null;
  const layers: BaseLayers = {
    atZoom(zoom) {
      const z = Math.floor(zoom);
      if (z >= DETAIL_ZOOM) return full;
      let level = levels.get(z);
      if (!level) {
        weighted ??= presimplify(structuredClone(topo), sphericalTriangleArea) as Counties;
        // A pixel at zoom z covers about (2π / (256·2^z))² steradians near the equator.
        // States only: counties are drawn from zoom 7 at full detail (their copies would cost ~60 MB a level).
        level = { states: boundaries(simplify(weighted, ((2 * Math.PI) / (256 * 2 ** z)) ** 2) as Counties, false).states, counties: full.counties };
        levels.set(z, level);
      }
      return level;
    },
    roads: roadCollection.features.filter((f) => f.geometry?.type === 'LineString').map(bounded),
    get geojson() {
      geojson ??= {
        states: { type: 'FeatureCollection', features: full.states.map((f) => f.feature) },
        counties: { type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: mesh(topo, topo.objects.counties, (a, b) => a !== b) as MultiLineString }] },
        roads: roadCollection,
      };
      return geojson;
    },
  };
  cache.set(key, layers);
  return layers;
}

/** From this zoom on, maps draw the boundaries at full 1:10m detail. */
const DETAIL_ZOOM = 10;

function boundaries(topo: Topology<{ states: GeometryCollection; counties: GeometryCollection }>, withCounties = true): BoundaryLayers {
  const states = (feature(topo, topo.objects.states) as FeatureCollection).features;
  const counties: Array<Feature<MultiLineString>> = withCounties ? topo.objects.counties.geometries
    .map((g) => ({ type: 'Feature', properties: {}, geometry: mesh(topo, g as never) as MultiLineString })) : [];
  return { states: states.map(bounded), counties: counties.map(bounded) };
}

/** The features whose bounds meet `view` ([west, south, east, north], degrees). */
export const inView = (layer: BoundedFeature[], view: [number, number, number, number]): Array<Feature<Geometry>> =>
  layer.filter(({ bounds: b }) => b[0] <= view[2] && b[2] >= view[0] && b[1] <= view[3] && b[3] >= view[1]).map((f) => f.feature);
