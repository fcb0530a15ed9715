import { Reply, stubServer, type Call } from '../../test/fake-server';
import type { TApiKey, TApiKeyCreated } from './pod-api';

/** A key as GET /api/keys lists it (masked); `overrides` change any field. */
export function aKey(overrides: Partial<TApiKey> = {}): TApiKey {
  return {
    id: 'key-1', name: 'Shop', api_key: 'live_AbCd…wxyz', mode: 'live', scopes: ['*:*'], rate_limit: 100, is_active: true, status: 'active',
    last_used: null, expires_at: null, created_at: '2026-11-25T10:00:00.000Z', ...overrides,
  };
}

/** A full key, as POST /api/keys and /regenerate answer it (the only answers that carry it). */
export const FULL_KEY = 'live_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789wxyz';

/** A key just created or regenerated: `aKey` with the full secret. */
export const aCreatedKey = (overrides: Partial<TApiKeyCreated> = {}): TApiKeyCreated => aKey({ api_key: FULL_KEY, ...overrides });

export { Failure, Reply, type Call } from '../../test/fake-server';
/** The shared fake server (`stubServer`) under this feature's name. */
export const stubPod = stubServer;

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
