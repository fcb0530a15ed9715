import { vi } from 'vitest';
import type { TApiKey, TApiKeyCreated } from './pod-api';

/** A key as GET /api/keys lists it (masked); `overrides` change any field. */
export function aKey(overrides: Partial<TApiKey> = {}): TApiKey {
  return {
    id: 'key-1', name: 'Shop', api_key: 'live_AbCd…wxyz', mode: 'live', scopes: ['*:*'], rate_limit: 100, is_active: true,
    last_used: null, expires_at: null, created_at: '2026-11-25T10:00:00.000Z', ...overrides,
  };
}

/** A full key, as POST /api/keys and /regenerate answer it (the only answers that carry it). */
export const FULL_KEY = 'live_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789wxyz';

/** A key just created or regenerated: `aKey` with the full secret. */
export const aCreatedKey = (overrides: Partial<TApiKeyCreated> = {}): TApiKeyCreated => aKey({ api_key: FULL_KEY, ...overrides });

/** An answer other than 200 JSON: `new Reply(204)`, `new Reply(201, body)`. */
export class Reply {
  constructor(public status: number, public body?: unknown) {}
}
/** A failure with the server's error body, thrown from a handler: `throw new Failure(404, 'API key not found')`. */
export class Failure {
  constructor(public status: number, public message: string) {}
}

/** One request the fake server got. */
export type Call = { method: string; path: string; body: unknown };
type Handler = (call: Call) => unknown;

/**
 * A fake server behind `fetch`: `routes` maps 'METHOD /path' to a handler; its return is sent as
 * 200 JSON, a `Reply` as that status, a thrown `Failure` as `{error: {code, message}}`. Unknown
 * routes answer 404. Returns every call.
 */
export function stubPod(routes: Record<string, Handler>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const call: Call = { method: init.method ?? 'GET', path: url.pathname, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined };
    calls.push(call);
    const json = (status: number, body: unknown) => new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    const handler = routes[`${call.method} ${url.pathname}`];
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

/** A server (`stubPod`) with `keys` whose create, regenerate, update and delete act on them; `routes` replace any. */
export function keyServer(keys = [aKey()], routes: Record<string, (c: Call) => unknown> = {}) {
  let list = [...keys];
  return stubPod({
    'GET /api/keys': () => list,
    'POST /api/keys': ({ body }) => {
      const created = aCreatedKey({ id: 'key-new', ...(body as object), api_key: FULL_KEY });
      list = [{ ...created, api_key: 'live_AbCd…wxyz' }, ...list];
      return new Reply(201, created);
    },
    'POST /api/keys/key-1/regenerate': () => aCreatedKey({ api_key: 'live_NewSecret000000000000000000000000000new1' }),
    'PUT /api/keys/key-1': ({ body }) => {
      list = list.map((k) => (k.id === 'key-1' ? { ...k, ...(body as object) } : k));
      return list.find((k) => k.id === 'key-1');
    },
    'DELETE /api/keys/key-1': () => {
      list = list.filter((k) => k.id !== 'key-1');
      return new Reply(204);
    },
    ...routes,
  });
}

/** GET /api/subscriptions/current: the Pro plan with `api`, or the free plan without it. */
export const plan = (api: boolean) => ({ subscription: { plan: { name: api ? 'pro' : 'free', features: { api } }, status: 'active' }, features: {} });

/**
 * The open antd dialog titled `title`, or null. (In tests antd gives every dialog the same title id,
 * so `getByRole('dialog', { name })` cannot tell two apart; a closed one stays in jsdom, leaving.)
 */
export function openDialog(title: string): HTMLElement | null {
  return Array.from(document.querySelectorAll<HTMLElement>('.ant-modal-title'))
    .filter((t) => t.textContent === title)
    .map((t) => t.closest<HTMLElement>('[role="dialog"]'))
    .find((d) => !!d && !/-leave/.test(d.className)) ?? null;
}
