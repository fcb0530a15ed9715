import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import pixelmatch from 'pixelmatch';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { LngLat } from '../geo.js';
import { offlineRouter } from '../router.js';
import { viewProjection } from './map-view.js';
import { markerInsets, renderStaticMap, routeMapView, type StaticMapInput } from './static-map.js';

const FIXTURES = new URL('../../../../../../fixtures/maps/', import.meta.url);
const ROADS = fileURLToPath(new URL('west-oakland-roads.geojson', FIXTURES));
const GOLDEN = fileURLToPath(new URL('golden-route-map.png', FIXTURES));

const raw = async (png: Buffer) => sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });

/** Pixels that differ between two PNGs of the same size (pixelmatch, anti-aliasing ignored). */
async function differingPixels(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all([raw(a), raw(b)]);
  expect([x.info.width, x.info.height]).toEqual([y.info.width, y.info.height]);
  return pixelmatch(x.data, y.data, undefined, x.info.width, x.info.height, { threshold: 0.1 });
}

async function fixedMap(over: Partial<StaticMapInput> = {}): Promise<Buffer> {
  const customer: LngLat = [-122.29962, 37.80575];
  const business: LngLat = [-122.30240, 37.80702];
  const route = await offlineRouter(ROADS).route(customer, business);
  const logo = await sharp({ create: { width: 40, height: 40, channels: 4, background: '#0f9d58' } }).png().toBuffer();
  return renderStaticMap({
    width: 600, height: 400, style: 'streets-clean', route: route.geometry, customer, business, routeColor: 'rgba(15,83,254,0.78)', routeWidth: 12,
    marker: { logoPng: logo, settings: { width: 40, height: 40, logoOffsetX: 40, logoOffsetY: 0, showBusinessName: true, showAddress: true }, name: 'Blue Gum Café', address: '1 Wood St, Oakland, CA 94607' },
    attribution: '© OpenStreetMap contributors', ...over,
  }, { roadsFile: ROADS, tiles: null });
}

describe('static route maps (docs/requirements/maps.md#maps StaticMapRenderer)', () => {
  it('draws a fixed route over the West Oakland roads as the stored golden image (within 0.5 % of pixels)', async () => {
    const png = await fixedMap();
    if (process.env.UPDATE_GOLDEN === '1') fs.writeFileSync(GOLDEN, png);
    const golden = fs.readFileSync(GOLDEN);
    expect(await differingPixels(png, golden)).toBeLessThan(600 * 400 * 0.005);
  });

  it('style, route colour and the label change the picture; the size is the configured one', async () => {
    const golden = fs.readFileSync(GOLDEN);
    expect(await differingPixels(await fixedMap({ style: 'streets-dark' }), golden)).toBeGreaterThan(600 * 400 * 0.5);
    expect(await differingPixels(await fixedMap({ routeColor: 'rgba(220,20,60,0.9)' }), golden)).toBeGreaterThan(2000);
    const unlabelled = await fixedMap({ marker: { logoPng: null, settings: { showBusinessName: false }, name: 'Blue Gum Café', address: '' } });
    expect(await differingPixels(unlabelled, golden)).toBeGreaterThan(2000);
    const roboto = await fixedMap({ marker: { logoPng: null, settings: { width: 40, height: 40, showBusinessName: true, showAddress: true, font: 'Roboto' }, name: 'Blue Gum Café', address: '1 Wood St, Oakland, CA 94607' } });
    const helvetica = await fixedMap({ marker: { logoPng: null, settings: { width: 40, height: 40, showBusinessName: true, showAddress: true, font: 'Helvetica' }, name: 'Blue Gum Café', address: '1 Wood St, Oakland, CA 94607' } });
    expect(await differingPixels(roboto, helvetica)).toBeGreaterThan(200);
    const tall = await sharp(await fixedMap({ width: 600, height: 900 })).metadata();
    expect([tall.width, tall.height]).toEqual([600, 900]);
  });

  it('keeps the business marker — pin and logo — inside the image with the padding, wherever the business lies', async () => {
    const customer: LngLat = [-122.29962, 37.80575];
    for (const business of [[-122.30240, 37.80702], [-122.29962, 37.82], [-122.25, 37.80575], [-122.29962, 37.79]] as LngLat[]) {
      for (const [width, height] of [[600, 400], [600, 900], [300, 300]]) {
        const input = {
          width, height, route: [customer, business], customer, business,
          marker: { logoPng: Buffer.from('png'), settings: { width: 40, height: 20, logoSize: 64, logoOffsetX: 40, logoOffsetY: 8 } },
        };
        const insets = markerInsets(input.marker);
        // The logo, 64 × 32 px, stands 44 px + 2 px (its offset ÷ 4) above the door, 10 px to the right.
        expect(insets).toEqual({ left: 22, top: 78, right: 42, bottom: 0 });
        for (const wholeZoom of [false, true]) {
          const view = routeMapView(input, { wholeZoom });
          const [x, y] = viewProjection(view)(business)!;
          const [cx, cy] = viewProjection(view)(customer)!;
          const pad = Math.min(width, height) * 0.12 - 0.5;
          expect(Math.min(x - insets.left, y - insets.top, width - x - insets.right, height - y - insets.bottom)).toBeGreaterThanOrEqual(pad);
          expect(Math.min(cx, cy, width - cx, height - cy)).toBeGreaterThanOrEqual(pad);
        }
      }
    }
  });
});
