import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoMap, imageTooLargeMessage, MAP_MESSAGES, MARKER_MESSAGES as MM, ROUTE_MESSAGES, type TMapGeneration, type TRoutePreview } from '@mailcraft/shared';
import { eventually } from '../../test/eventually.js';
import { expectError } from '../../test/expect-error.js';
import { createMailingList, createProject, onPlan, saveColumnMappings, us500 } from '../../test/factories.js';
import { createTestApp, multipartBody, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { bilevelPng } from '../../test/hostile-files.js';

describe('route previews, markers and Generate All Routes with the offline providers', () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let projectId: string;
  let listId: string;
  let locationId: string;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpUser(t.app);
    other = await signUpUser(t.app);
    await onPlan(t.ctx.db, owner.id, 'pro', { maps: true });
    projectId = (await createProject(t.ctx.db, owner.id)).id;
    const { headers, rows } = us500();
    // One record without a usable address: it fails alone.
    rows[3] = rows[3].map((v, i) => (['address', 'city', 'state', 'zip'].includes(headers[i]) ? '' : v));
    const list = await createMailingList(t.ctx.db, owner.id, { headers, rows, projectId });
    listId = list.id;
    await saveColumnMappings(t.ctx.db, list.id, autoMap(headers));
    const loc = await owner.req({ method: 'POST', url: '/api/maps/locations', payload: { name: 'Blue Gum Café', address: '6649 N Blue Gum St', city: 'New Orleans', state: 'LA', zip: '70116' } });
    locationId = loc.json().id;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const drawing = () => ({
    projectId, listId, businessLocationId: locationId, mapStyle: 'streets-clean', routeColor: 'rgba(15,83,254,0.78)', routeWidth: 12, mapWidth: 600, mapHeight: 900,
  });
  const previews = async (): Promise<TRoutePreview[]> => {
    const res = await owner.req({ method: 'GET', url: `/api/maps/route-previews?projectId=${projectId}&listId=${listId}&locationId=${locationId}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().previews;
  };
  const png = (color = '#c026d3', size = 80) => sharp({ create: { width: size, height: size, channels: 4, background: color } }).png().toBuffer();

  it('lists the first 25 records without maps, then draws one record\'s map on request, publicly served', async () => {
    const before = await previews();
    expect(before).toHaveLength(25);
    expect(before[0]).toMatchObject({ customerAddress: '6649 N Blue Gum St, New Orleans, LA 70116', businessAddress: '6649 N Blue Gum St, New Orleans, LA 70116', mapUrl: null, hasSavedData: false });
    const res = await owner.req({ method: 'POST', url: '/api/maps/generate-single-route', payload: { ...drawing(), entryId: before[1].id, forceRegenerate: true, markerSettings: null } });
    expect(res.statusCode, res.body).toBe(200);
    const { route } = res.json();
    expect(route.mapUrl).toMatch(/\/maps\/i\/[\w-]{22}\.png\?v=\d+$/);
    expect(route.approximate).toBe(true); // ZIP centroids, no road network configured
    expect(route.distance).toBeGreaterThan(1000);
    const image = await t.app.inject({ method: 'GET', url: new URL(route.mapUrl).pathname });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ width: 600, height: 900 });
    const after = (await previews())[1];
    expect(after).toMatchObject({ hasSavedData: true, distance: route.distance, duration: route.duration, approximate: true, precision: 'zip' });
    expect((await t.app.inject({ method: 'GET', url: '/maps/i/AAAAAAAAAAAAAAAAAAAAAA.png' })).statusCode).toBe(404);
  });

  it('markers: image files under 1 MB only; offsets move the logo; delete removes it', async () => {
    const upload = (data: Buffer, name = 'logo.png', fields: Record<string, string> = {}) => {
      const body = multipartBody({ name, data, type: 'image/png' }, { businessId: locationId, logoOffsetX: '8', logoOffsetY: '-12', ...fields });
      // The file part is named `file` by the helper; the screen sends `logo` — the server takes the first file either way.
      return owner.req({ method: 'POST', url: '/api/maps/upload-marker', payload: body.payload, headers: body.headers });
    };
    expectError(await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'logo.svg'), 400, 'VALIDATION', MM.notImage);
    expectError(await upload(Buffer.from('not an image at all')), 400, 'VALIDATION', MM.notImage);
    const big = await sharp({ create: { width: 1400, height: 1400, channels: 3, background: '#000' } }).raw().toBuffer();
    expectError(await upload(await sharp(big, { raw: { width: 1400, height: 1400, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer()), 413, 'PAYLOAD_TOO_LARGE', MM.tooLarge);
    // Under 1 MB but 30,000 × 30,000 pixels: refused from its header, never decoded.
    expectError(await upload(bilevelPng(30_000, 30_000)), 413, 'PAYLOAD_TOO_LARGE',
      imageTooLargeMessage({ width: 30_000, height: 30_000, channels: 1, bytesPerSample: 1 }, 'The logo')!);
    const ok = await upload(await png('#c026d3', 400));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().settings).toMatchObject({ width: 256, height: 256, logoOffsetX: 8, logoOffsetY: -12 });
    const logo = await owner.req({ method: 'GET', url: ok.json().markerUrl });
    expect(logo.headers['content-type']).toBe('image/png');
    expect((await other.req({ method: 'GET', url: ok.json().markerUrl })).statusCode).toBe(404);
    const moved = await owner.req({ method: 'POST', url: '/api/maps/update-marker-position', payload: { businessId: locationId, logoOffsetX: 20, logoOffsetY: 4, skipMapRegeneration: true } });
    expect(moved.json().markerSettings).toMatchObject({ logoOffsetX: 20, logoOffsetY: 4, width: 256 });
    expect((await owner.req({ method: 'POST', url: '/api/maps/update-marker-position', payload: { businessId: locationId, logoOffsetX: 1.5, logoOffsetY: 0 } })).statusCode).toBe(400);
    const listed = (await owner.req({ method: 'GET', url: '/api/maps/locations' })).json().find((l: { id: string }) => l.id === locationId);
    expect(listed.marker_url).toBe(ok.json().markerUrl);
    expect((await owner.req({ method: 'DELETE', url: `/api/maps/delete-marker/${locationId}` })).statusCode).toBe(204);
    expect((await owner.req({ method: 'GET', url: '/api/maps/locations' })).json().find((l: { id: string }) => l.id === locationId).marker_url).toBeNull();
    expect((await owner.req({ method: 'GET', url: ok.json().markerUrl })).statusCode).toBe(404);
    await upload(await png('#0f9d58', 64)); // keep one for the maps below
  });

  it('Generate All Routes draws every record of us-500 as a job with progress; the failing record is reported alone', async () => {
    const geo = await owner.req({ method: 'POST', url: '/api/maps/geocode-entries', payload: { listId } });
    expect(geo.statusCode, geo.body).toBe(200);
    expect(geo.json()).toEqual({ total: 500, geocoded: 24, failed: 1 });
    const start = await owner.req({ method: 'POST', url: '/api/maps/generate-routes', payload: { ...drawing(), mapStyle: 'streets-dark', mapWidth: 300, mapHeight: 300, processAllEntries: true, forceRegenerate: true, markerSettings: null } });
    expect(start.statusCode, start.body).toBe(202);
    const { generation } = start.json() as { generation: TMapGeneration };
    expect(generation).toMatchObject({ status: 'queued', total: 500, done: 0 });
    // A second click while it runs answers the same run.
    expect((await owner.req({ method: 'POST', url: '/api/maps/generate-routes', payload: { ...drawing(), processAllEntries: true } })).json().generation.id).toBe(generation.id);
    let last: TMapGeneration = generation;
    await eventually(async () => {
      last = (await owner.req({ method: 'GET', url: `/api/maps/generations/${generation.id}` })).json().generation;
      return last.status === 'done' || last.status === 'failed';
    }, 120_000);
    expect(last).toMatchObject({ status: 'done', total: 500, done: 500, failed: 1, approximate: 499 });
    expect((await owner.req({ method: 'GET', url: `/api/maps/generations/latest?listId=${listId}` })).json().generation.id).toBe(generation.id);
    const shown = await previews();
    expect(shown.filter((p) => p.hasSavedData)).toHaveLength(24);
    expect(shown[3]).toMatchObject({ hasSavedData: false, mapUrl: null, error: ROUTE_MESSAGES.notGeocoded });
    const data = (await owner.req({ method: 'GET', url: `/api/maps/qr-map-data/${listId}?limit=25` })).json();
    expect(data).toHaveLength(25);
    expect(data[0]).toMatchObject({ record_id: shown[0].id, distance: shown[0].distance, duration: shown[0].duration });
    const first = await sharp((await t.app.inject({ method: 'GET', url: new URL(data[0].s3_url).pathname })).rawPayload).metadata();
    expect([first.width, first.height]).toEqual([300, 300]);
    // Two records, two different maps.
    const a = (await t.app.inject({ method: 'GET', url: new URL(data[0].s3_url).pathname })).rawPayload;
    const b = (await t.app.inject({ method: 'GET', url: new URL(data[1].s3_url).pathname })).rawPayload;
    expect(a.equals(b)).toBe(false);
  }, 180_000);

  it('base map: the config the screen loads and an offline MapLibre style with GeoJSON layers', async () => {
    expect((await owner.req({ method: 'GET', url: '/api/maps/maptiler-config' })).json()).toEqual({
      config: { apiKey: null, provider: 'offline', styleUrl: '/api/maps/style/{style}.json', attribution: '© OpenStreetMap contributors' },
    });
    const style = (await t.app.inject({ method: 'GET', url: '/api/maps/style/streets-dark.json', headers: { host: 'maps.test' } })).json();
    expect(style.version).toBe(8);
    expect(style.sources.states.data).toBe('http://maps.test/api/maps/base/states.geojson');
    const states = (await t.app.inject({ method: 'GET', url: '/api/maps/base/states.geojson' })).json();
    expect(states.features.length).toBeGreaterThanOrEqual(50);
  });

  it('another user gets 404 for the list, location and runs; without the maps feature drawing is refused', async () => {
    const q = `projectId=${projectId}&listId=${listId}&locationId=${locationId}`;
    expect((await other.req({ method: 'GET', url: `/api/maps/route-previews?${q}` })).statusCode).toBe(404);
    expect((await other.req({ method: 'GET', url: `/api/maps/qr-map-data/${listId}` })).statusCode).toBe(404);
    expect((await other.req({ method: 'GET', url: `/api/maps/generations/latest?listId=${listId}` })).statusCode).toBe(404);
    await onPlan(t.ctx.db, other.id, 'free', { maps: false });
    expectError(await other.req({ method: 'POST', url: '/api/maps/geocode-entries', payload: { listId } }), 402, 'PAYMENT_REQUIRED', MAP_MESSAGES.upgrade, { feature: 'maps' });
    expectError(await other.req({ method: 'POST', url: '/api/maps/update-marker-position', payload: { businessId: locationId, logoOffsetX: 0, logoOffsetY: 0 } }), 404, 'NOT_FOUND', 'Business location not found');
  });
});
