import { stubServer } from '../../test/fake-server';
import type { TBusinessLocation, TMapConfig, TMapGeneration, TRoutePreview } from '@mailcraft/shared';

/** A business location as GET /api/maps/locations answers it; `overrides` change any field. */
export function aLocation(overrides: Partial<TBusinessLocation> = {}): TBusinessLocation {
  return {
    id: 'loc-1', name: 'Blue Gum Café', address: '6649 N Blue Gum St', city: 'New Orleans', state: 'LA', zip: '70116',
    latitude: 29.9687, longitude: -90.0466, precision: 'zip', marker_url: null, marker_settings: null, created_at: '2026-11-25T10:00:00.000Z',
    ...overrides,
  };
}

/** GET /api/maps/config/{projectId}: the defaults until saved. */
export function aConfig(overrides: Partial<TMapConfig> = {}): TMapConfig {
  return {
    project_id: 'p1', business_location_id: null, map_style: 'streets-clean', route_color: 'rgba(15,83,254,0.78)', route_width: 12,
    route_transparency: 22, map_width: 600, map_height: 900, orientation: 'vertical', saved: false,
    ...overrides,
  };
}

/** One record's route preview. */
export function aPreview(n: number, overrides: Partial<TRoutePreview> = {}): TRoutePreview {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`, customerAddress: `${n} Main St, New Orleans, LA 70116`, businessAddress: '6649 N Blue Gum St, New Orleans, LA 70116',
    mapUrl: `/maps/i/t${n}.png`, distance: 5504, duration: 452, hasSavedData: true, approximate: false, precision: 'address', error: null,
    ...overrides,
  };
}

/** A Generate All Routes run. */
export function aGeneration(overrides: Partial<TMapGeneration> = {}): TMapGeneration {
  return {
    id: 'gen-1', list_id: 'l1', status: 'running', total: 500, done: 120, failed: 0, approximate: 0, error: null,
    created_at: '2026-11-25T10:00:00.000Z', finished_at: null, ...overrides,
  };
}

export { Failure, Reply, type Call } from '../../test/fake-server';
/** The shared fake server (`stubServer`) under this feature's name. */
export const stubMaps = stubServer;

/** The plan answer: with or without the `maps` feature. */
export const plan = (maps: boolean) => ({ subscription: { plan: { name: maps ? 'pro' : 'free', features: { maps } }, status: 'active' }, features: {} });
