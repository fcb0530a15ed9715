import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpUser, type TestApp } from '../../../test/harness.js';
import { writePmtiles } from '../../../test/pmtiles-writer.js';
import type { LngLat } from '../geo.js';
import { mapProviders } from '../map-providers.js';
import { renderStaticMap } from './static-map.js';

const CUSTOMER: LngLat = [-122.2996, 37.8058];
const BUSINESS: LngLat = [-122.3024, 37.8070];
const tileOf = (p: LngLat, z: number) => {
  const n = 2 ** z;
  const s = Math.sin((p[1] * Math.PI) / 180);
  return { x: Math.floor(((p[0] + 180) / 360) * n), y: Math.floor((0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * n) };
};

/** docs/requirements/maps.md#maps BaseMap: a local `.pmtiles` archive of raster tiles for map images and the screen. */
describe('a .pmtiles base map (MAP_PMTILES_FILE)', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-pmtiles-'));
    const png = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#aa3355' } }).png().toBuffer();
    const tiles = [];
    for (let z = 10; z <= 16; z++) {
      const c = tileOf(CUSTOMER, z);
      for (let dx = -2; dx <= 2; dx++) for (let dy = -2; dy <= 2; dy++) tiles.push({ z, x: c.x + dx, y: c.y + dy, png });
    }
    await writePmtiles(path.join(dir, 'base.pmtiles'), tiles);
    t = await createTestApp({ workers: false, env: { MAP_PMTILES_FILE: path.join(dir, 'base.pmtiles') } });
  });
  afterAll(async () => {
    await t?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('draws map images over the archive\'s tiles', async () => {
    const providers = mapProviders(t.ctx.config);
    expect(providers.tiles?.name).toBe('PMTiles (base.pmtiles)');
    const png = await renderStaticMap({
      width: 600, height: 400, style: 'streets-clean', route: [CUSTOMER, BUSINESS], customer: CUSTOMER, business: BUSINESS, routeColor: 'rgba(15,83,254,0.78)',
      routeWidth: 8, marker: { logoPng: null, settings: { showBusinessName: false }, name: 'Cafe', address: '' }, attribution: '© OpenStreetMap contributors',
    }, { roadsFile: null, tiles: providers.tiles });
    const { data } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]]).toEqual([0xaa, 0x33, 0x55]);
  });

  it('serves its tiles to the screen, and a style that uses them', async () => {
    const c = tileOf(CUSTOMER, 14);
    const tile = await t.app.inject({ method: 'GET', url: `/api/maps/tiles/14/${c.x}/${c.y}` });
    expect(tile.statusCode).toBe(200);
    expect(tile.headers['content-type']).toBe('image/png');
    expect((await sharp(tile.rawPayload).metadata()).width).toBe(256);
    expect((await t.app.inject({ method: 'GET', url: '/api/maps/tiles/3/0/0' })).statusCode).toBe(404);
    const user = await signUpUser(t.app);
    expect((await user.req({ method: 'GET', url: '/api/maps/maptiler-config' })).json().config.provider).toBe('xyz');
    const style = (await t.app.inject({ method: 'GET', url: '/api/maps/style/streets-clean.json', headers: { host: 'maps.test' } })).json();
    expect(style.sources.tiles.tiles).toEqual(['http://maps.test/api/maps/tiles/{z}/{x}/{y}']);
  });
});
