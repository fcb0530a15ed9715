import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAP_DEFAULTS, MAP_MESSAGES as M, type TBusinessLocation } from '@mailcraft/shared';
import { expectError } from '../../test/expect-error.js';
import { createProject, onPlan } from '../../test/factories.js';
import { createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { offlineZipGeocoder } from './geocoder.js';

describe('maps: business locations and map configuration', () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let projectId: string;
  beforeAll(async () => {
    t = await createTestApp({ workers: false });
    owner = await signUpUser(t.app);
    other = await signUpUser(t.app);
    await onPlan(t.ctx.db, owner.id, 'pro', { maps: true });
    projectId = (await createProject(t.ctx.db, owner.id)).id;
  });
  afterAll(() => t?.close());

  const cafe = { name: 'Blue Gum Café', address: '6649 N Blue Gum St', city: 'New Orleans', state: 'la', zip: '70116' };
  const addLocation = async (body: object = cafe): Promise<TBusinessLocation> => {
    const res = await owner.req({ method: 'POST', url: '/api/maps/locations', payload: body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const config = (over: object = {}) => ({
    projectId, map_style: 'streets-dark', route_color: 'rgba(15,83,254,0.78)', route_width: 8, route_transparency: 30,
    map_width: 900, map_height: 600, orientation: 'horizontal', ...over,
  });

  it('the offline geocoder places an address at its ZIP code\'s centre, offline', async () => {
    const g = offlineZipGeocoder();
    const found = await g.geocode({ address: '6649 N Blue Gum St', city: 'New Orleans', state: 'LA', zip: '70116-1234' });
    expect(found).toMatchObject({ precision: 'zip', city: 'New Orleans', state: 'LA' });
    expect(found!.latitude).toBeCloseTo(29.967, 2);
    expect(found!.longitude).toBeCloseTo(-90.065, 2);
    // A New Jersey ZIP that lost its leading zero in a spreadsheet.
    expect((await g.geocode({ address: '', city: '', state: 'NJ', zip: '8014' }))?.state).toBe('NJ');
    expect(await g.geocode({ address: '', city: '', state: '', zip: '00000' })).toBeNull();
  });

  it('creates a location placed by ZIP, lists it, and moves its pin to the door', async () => {
    const loc = await addLocation();
    expect(loc).toMatchObject({ name: 'Blue Gum Café', state: 'LA', zip: '70116', precision: 'zip', marker_url: null });
    const listed: TBusinessLocation[] = (await owner.req({ method: 'GET', url: '/api/maps/locations' })).json();
    expect(listed.map((l) => l.id)).toContain(loc.id);
    const moved = await owner.req({ method: 'PUT', url: `/api/maps/locations/${loc.id}`, payload: { latitude: 29.96912345, longitude: -90.06412345 } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ latitude: 29.96912345, longitude: -90.06412345, precision: 'pin' });
  });

  it('requires every field, a 2-letter state and a known ZIP', async () => {
    const bad = async (body: object, message: string) => {
      const res = await owner.req({ method: 'POST', url: '/api/maps/locations', payload: body });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toBe(message);
    };
    await bad({ ...cafe, name: ' ' }, M.locationRequired);
    await bad({ ...cafe, state: 'Louisiana' }, M.stateLength);
    await bad({ ...cafe, zip: '00000' }, M.zipUnknown);
    const far = await owner.req({ method: 'PUT', url: `/api/maps/locations/${(await addLocation()).id}`, payload: { latitude: 91, longitude: 0 } });
    expect(far.statusCode).toBe(400);
  });

  it('answers the defaults of docs/requirements/maps.md#limits until saved, then the saved configuration; the limits hold', async () => {
    expect((await owner.req({ method: 'GET', url: `/api/maps/config/${projectId}` })).json()).toEqual({
      project_id: projectId, business_location_id: null, ...MAP_DEFAULTS, saved: false,
    });
    const loc = await addLocation();
    const saved = await owner.req({ method: 'POST', url: '/api/maps/config', payload: config({ businessLocationId: loc.id, markerConfig: { markerColor: '#ff0000' } }) });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ business_location_id: loc.id, map_style: 'streets-dark', map_width: 900, map_height: 600, orientation: 'horizontal', saved: true });
    expect((await owner.req({ method: 'GET', url: `/api/maps/config/${projectId}` })).json()).toMatchObject({ route_width: 8, route_transparency: 30, saved: true });
    const listed: TBusinessLocation[] = (await owner.req({ method: 'GET', url: '/api/maps/locations' })).json();
    expect(listed.find((l) => l.id === loc.id)?.marker_settings).toEqual({ markerColor: '#ff0000' });
    for (const over of [{ map_width: 1250 }, { map_height: 325 }, { route_width: 21 }, { route_transparency: 86 }, { route_color: 'blue' }, { orientation: 'diagonal' }]) {
      const res = await owner.req({ method: 'POST', url: '/api/maps/config', payload: config({ businessLocationId: loc.id, ...over }) });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
    }
  });

  it('another user sees 404; without the maps feature saving is refused with the spec\'s words', async () => {
    const loc = await addLocation();
    expect((await other.req({ method: 'PUT', url: `/api/maps/locations/${loc.id}`, payload: { latitude: 1, longitude: 1 } })).statusCode).toBe(404);
    expect((await other.req({ method: 'GET', url: `/api/maps/config/${projectId}` })).statusCode).toBe(404);
    expect((await other.req({ method: 'GET', url: '/api/maps/locations' })).json()).toEqual([]);
    await onPlan(t.ctx.db, other.id, 'free', { maps: false });
    expectError(await other.req({ method: 'POST', url: '/api/maps/locations', payload: cafe }), 402, 'PAYMENT_REQUIRED', M.upgrade, { feature: 'maps', plan_id: 'free', plan_name: 'Free', upgrade_url: '/pricing?feature=maps' });
    const theirs = (await createProject(t.ctx.db, other.id)).id;
    const res = await other.req({ method: 'POST', url: '/api/maps/config', payload: config({ projectId: theirs, businessLocationId: loc.id }) });
    expect(res.statusCode).toBe(404);
  });
});
