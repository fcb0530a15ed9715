import fs from 'node:fs';
import { createRequire } from 'node:module';
import { geoBounds } from 'd3-geo';
import type { Feature, FeatureCollection, Geometry, LineString, MultiLineString } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/** A feature with its [west, south, east, north] bounds, degrees, so a map keeps only what it shows. */
export type BoundedFeature = { feature: Feature<Geometry>; bounds: [number, number, number, number] };

/** The offline base map (issue 9 BaseMap): US states and counties (us-atlas, Census cartographic boundaries 1:10m), and any configured roads. */
export type BaseLayers = {
  states: BoundedFeature[];
  counties: BoundedFeature[];
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
 * The base layers, loaded once per road file (~1 s and ~40 MB for the 3,231 counties): states as
 * polygons, counties as each county's outline (bounded per county so a street-level map draws only
 * its own few), roads from `roadsFile` (GeoJSON LineStrings) or none.
 */
export function baseLayers(roadsFile: string | null): BaseLayers {
  const key = roadsFile ?? '';
  const hit = cache.get(key);
  if (hit) return hit;
  const topo = require('us-atlas/counties-10m.json') as Topology<{ states: GeometryCollection; counties: GeometryCollection }>;
  const states = (feature(topo, topo.objects.states) as FeatureCollection).features;
  const counties = topo.objects.counties.geometries.map((g) => mesh(topo, g as never) as MultiLineString);
  const countyFeatures: Array<Feature<MultiLineString>> = counties.map((geometry) => ({ type: 'Feature', properties: {}, geometry }));
  const roadCollection: FeatureCollection<LineString> = roadsFile
    ? JSON.parse(fs.readFileSync(roadsFile, 'utf8')) as FeatureCollection<LineString>
    : { type: 'FeatureCollection', features: [] };
  const layers: BaseLayers = {
    states: states.map(bounded),
    counties: countyFeatures.map(bounded),
    roads: roadCollection.features.filter((f) => f.geometry?.type === 'LineString').map(bounded),
    geojson: {
      states: { type: 'FeatureCollection', features: states },
      counties: { type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: mesh(topo, topo.objects.counties, (a, b) => a !== b) as MultiLineString }] },
      roads: roadCollection,
    },
  };
  cache.set(key, layers);
  return layers;
}

/** The features whose bounds meet `view` ([west, south, east, north], degrees). */
export const inView = (layer: BoundedFeature[], view: [number, number, number, number]): Array<Feature<Geometry>> =>
  layer.filter(({ bounds: b }) => b[0] <= view[2] && b[2] >= view[0] && b[1] <= view[3] && b[3] >= view[1]).map((f) => f.feature);
