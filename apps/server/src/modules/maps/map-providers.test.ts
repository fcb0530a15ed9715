import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRAIGHT_LINE_ESTIMATE } from '@mailcraft/shared';
import { loadConfig } from '../../platform/config.js';
import { haversineMetres, type LngLat } from './geo.js';
import { censusGeocoder, nominatimGeocoder } from './http-geocoders.js';
import { mapProviders } from './map-providers.js';
import { providerHttp } from './provider-http.js';
import { offlineRouter, osrmRouter } from './router.js';
import { renderStaticMap } from './cartography/static-map.js';
import { xyzTiles } from './cartography/xyz-tiles.js';

const ROADS = fileURLToPath(new URL('../../../../../fixtures/maps/west-oakland-roads.geojson', import.meta.url));
type Handler = (url: URL, res: http.ServerResponse) => void;

/** Stand-ins for OSRM, Nominatim, the Census geocoder and a tile server on loopback, answering in their real formats. */
describe('map providers against local servers speaking the real protocols', () => {
  let server: http.Server;
  let base: string;
  const seen: string[] = [];
  const routes = new Map<string, Handler>();
  let failuresLeft = 0;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const url = new URL(req.url!, 'http://x');
      seen.push(url.pathname + url.search);
      if (failuresLeft > 0) {
        failuresLeft--;
        res.writeHead(503).end('busy');
        return;
      }
      const handler = [...routes.entries()].find(([prefix]) => url.pathname.startsWith(prefix))?.[1];
      if (!handler) res.writeHead(404).end();
      else handler(url, res);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  const json = (res: http.ServerResponse, body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  it('OSRM: the first route\'s distance, duration and line; NoRoute falls back to an approximate straight line', async () => {
    const line: LngLat[] = [[-122.30, 37.807], [-122.299, 37.808], [-122.298, 37.809]];
    routes.set('/route/v1/driving/', (url, res) => {
      expect(url.searchParams.get('overview')).toBe('full');
      expect(url.searchParams.get('geometries')).toBe('geojson');
      if (url.pathname.includes('-100')) return json(res, { code: 'NoRoute', message: 'Impossible route between points', routes: [] });
      json(res, { code: 'Ok', routes: [{ distance: 412.7, duration: 61.3, weight: 61.3, geometry: { type: 'LineString', coordinates: line }, legs: [] }], waypoints: [] });
    });
    const router = osrmRouter(base, providerHttp('Router', 100));
    const found = await router.route([-122.30, 37.807], [-122.298, 37.809]);
    expect(found).toEqual({ distance: 412.7, duration: 61.3, geometry: line, approximate: false });
    expect(seen.at(-1)).toContain('/route/v1/driving/-122.3,37.807;-122.298,37.809?');
    expect((await router.route([-100, 40], [-122.298, 37.809])).approximate).toBe(true);
  });

  it('Nominatim structured search and the Census geocoder: street-level places, null when nothing matches', async () => {
    routes.set('/search', (url, res) => {
      expect(url.searchParams.get('format')).toBe('jsonv2');
      if (url.searchParams.get('street') === 'nowhere') return json(res, []);
      json(res, [{ place_id: 1, lat: '29.9691234', lon: '-90.0641234', display_name: '6649, North Blue Gum Street, New Orleans', address: { city: 'New Orleans', state: 'Louisiana' } }]);
    });
    routes.set('/locations/address', (url, res) => {
      expect(url.searchParams.get('benchmark')).toBe('Public_AR_Current');
      json(res, { result: { input: {}, addressMatches: url.searchParams.get('street') === 'nowhere' ? [] : [{ matchedAddress: '6649 N BLUE GUM ST, NEW ORLEANS, LA, 70116', coordinates: { x: -90.0641, y: 29.9691 }, addressComponents: { city: 'NEW ORLEANS', state: 'LA' } }] } });
    });
    const q = { address: '6649 N Blue Gum St', city: 'New Orleans', state: 'LA', zip: '70116' };
    const n = nominatimGeocoder(base, providerHttp('Geocoder', 100));
    expect(await n.geocode(q)).toMatchObject({ latitude: 29.9691234, longitude: -90.0641234, precision: 'address', city: 'New Orleans' });
    expect(seen.at(-1)).toMatch(/street=6649\+N\+Blue\+Gum\+St.*postalcode=70116.*countrycodes=us/);
    expect(await n.geocode({ ...q, address: 'nowhere' })).toBeNull();
    const c = censusGeocoder(base, providerHttp('Geocoder', 100));
    expect(await c.geocode(q)).toMatchObject({ latitude: 29.9691, longitude: -90.0641, precision: 'address', state: 'LA' });
    expect(await c.geocode({ ...q, address: 'nowhere' })).toBeNull();
  });

  it('retries a busy service, then gives up with its status', async () => {
    const n = nominatimGeocoder(base, providerHttp('Geocoder', 100));
    failuresLeft = 2;
    expect((await n.geocode({ address: 'a', city: 'b', state: 'LA', zip: '70116' }))?.precision).toBe('address');
    failuresLeft = 3;
    await expect(n.geocode({ address: 'a', city: 'b', state: 'LA', zip: '70116' })).rejects.toThrow('Geocoder answered 503');
    failuresLeft = 0;
  });

  it('XYZ tiles: a map image is composed from the tiles under it at a whole zoom, each tile fetched once', async () => {
    const tilesSeen: string[] = [];
    routes.set('/tiles/', async (url, res) => {
      tilesSeen.push(url.pathname);
      const png = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#33aa55' } }).png().toBuffer();
      res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    });
    const tiles = xyzTiles(`${base}/tiles/{z}/{x}/{y}.png`, providerHttp('Tile server', 100));
    const input = {
      width: 600, height: 400, style: 'streets-clean', route: [[-122.3006, 37.8074], [-122.2993, 37.8063]] as LngLat[], customer: [-122.3006, 37.8074] as LngLat,
      business: [-122.2993, 37.8063] as LngLat, routeColor: 'rgba(15,83,254,0.78)', routeWidth: 8,
      marker: { logoPng: null, settings: { showBusinessName: false }, name: 'Cafe', address: '' }, attribution: '© OpenStreetMap contributors',
    };
    const png = await renderStaticMap(input, { roadsFile: null, tiles });
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([600, 400]);
    expect([data[0], data[1], data[2]]).toEqual([0x33, 0xaa, 0x55]); // the tile's colour in the top-left corner
    expect(tilesSeen.length).toBeGreaterThan(1);
    expect(new Set(tilesSeen.map((p) => p.split('/')[2])).size).toBe(1); // one whole zoom
    const fetched = tilesSeen.length;
    await renderStaticMap(input, { roadsFile: null, tiles });
    expect(tilesSeen.length).toBe(fetched); // cached
  });

  it('the offline router follows the configured road network, and estimates a straight line off it (flagged approximate)', async () => {
    const router = offlineRouter(ROADS);
    // The two ends of Wood Street in the extract, each a few metres off the road.
    const from: LngLat = [-122.29962, 37.80575];
    const to: LngLat = [-122.30240, 37.80702];
    const road = await router.route(from, to);
    expect(road.approximate).toBe(false);
    expect(road.geometry.length).toBeGreaterThan(10);
    expect(road.distance).toBeGreaterThan(haversineMetres(from, to));
    expect(road.distance).toBeLessThan(haversineMetres(from, to) * 3);
    const far: LngLat = [-90.0641, 29.9691];
    const estimate = await router.route(far, to);
    expect(estimate.approximate).toBe(true);
    expect(estimate.distance).toBeCloseTo(haversineMetres(far, to) * STRAIGHT_LINE_ESTIMATE.detourFactor, 3);
    expect(estimate.duration).toBeCloseTo(estimate.distance / STRAIGHT_LINE_ESTIMATE.metresPerSecond, 3);
  });

  it('a new business location is placed by the configured geocoder (street level), its failure reported', async () => {
    const { createTestApp, signUpUser } = await import('../../test/harness.js');
    const { onPlan } = await import('../../test/factories.js');
    const t = await createTestApp({ workers: false, env: { MAP_GEOCODER_URL: base } });
    try {
      const user = await signUpUser(t.app);
      await onPlan(t.ctx.db, user.id, 'pro', { maps: true });
      const cafe = { name: 'Blue Gum Café', address: '6649 N Blue Gum St', city: 'New Orleans', state: 'LA', zip: '70116' };
      const res = await user.req({ method: 'POST', url: '/api/maps/locations', payload: cafe });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ latitude: 29.9691234, longitude: -90.0641234, precision: 'address' });
      const none = await user.req({ method: 'POST', url: '/api/maps/locations', payload: { ...cafe, address: 'nowhere' } });
      expect(none.json().error.message).toBe('No place found for this address');
      failuresLeft = 3;
      const down = await user.req({ method: 'POST', url: '/api/maps/locations', payload: cafe });
      failuresLeft = 0;
      expect(down.statusCode).toBe(502);
      expect(down.json().error.message).toBe('Failed to create location: Geocoder answered 503');
    } finally {
      await t.close();
    }
  });

  it('configuration picks each provider: the offline defaults, or the HTTP services when their URLs are set', () => {
    const offline = mapProviders(loadConfig({}, []));
    expect([offline.geocoder.name, offline.router.name, offline.tiles, offline.cacheGeocodes]).toEqual([
      'offline ZIP centroids (US Census ZCTA)', 'offline straight-line estimate', null, false,
    ]);
    const street = mapProviders(loadConfig({ MAP_GEOCODER_URL: base, MAP_ROUTER_URL: base, MAP_TILE_URL: `${base}/tiles/{z}/{x}/{y}.png` }, []));
    expect(street.geocoder.name).toMatch(/^Nominatim/);
    expect(street.router.name).toMatch(/^OSRM/);
    expect(street.tiles?.name).toMatch(/^XYZ tiles/);
    expect(mapProviders(loadConfig({ MAP_GEOCODER_URL: base, MAP_GEOCODER: 'census' }, [])).geocoder.name).toMatch(/^US Census/);
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example.com/tile.png' }, [])).toThrow('MAP_TILE_URL must be an http(s) URL with {z}, {x} and {y}');
  });
});
