import { vi } from 'vitest';
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

/** An answer other than 200 JSON: `reply(204)`, `reply(202, body)`. */
export class Reply {
  constructor(public status: number, public body?: unknown) {}
}
/** A failure with the server's error body, thrown from a handler: `throw new Failure(402, 'You need …')`. */
export class Failure {
  constructor(public status: number, public message: string) {}
}

/** One request the fake server got: JSON `body`, or the multipart `form`. */
export type Call = { method: string; path: string; url: URL; body: unknown; form: FormData | null };
type Handler = (call: Call) => unknown;

/**
 * A fake server behind `fetch` for the maps screen: `routes` maps 'METHOD /path' to a handler;
 * its return is sent as 200 JSON, a `Reply` as that status, a thrown `Failure` as the server's
 * error body. Unknown routes answer 404. Returns every call (also multipart bodies).
 */
export function stubMaps(routes: Record<string, Handler>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = init.method ?? 'GET';
    const call: Call = {
      method, path: url.pathname, url,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      form: init.body instanceof FormData ? init.body : null,
    };
    calls.push(call);
    const json = (status: number, body: unknown) => new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler) return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    try {
      const out = await handler(call);
      return out instanceof Reply ? json(out.status, out.body) : json(200, out);
    } catch (err) {
      if (err instanceof Failure) return json(err.status, { error: { code: 'FAILED', message: err.message } });
      throw err;
    }
  });
  return calls;
}

/** The plan answer: with or without the `maps` feature. */
export const plan = (maps: boolean) => ({ subscription: { plan: { name: maps ? 'pro' : 'free', features: { maps } }, status: 'active' }, features: {} });
