import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_KEY_MESSAGES as M } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { featureAllowed } from '../subscriptions/subscriptions.service.js';
import { clientKey } from '../../platform/client-key.js';
import { apiKeysRepo } from './api-keys.repo.js';
import { hashKey } from './api-keys.service.js';
import { countWrongKey, guessingHeldBack } from './key-guessing.js';

const WINDOW_MS = 60_000;

/**
 * The public API's authenticate step (docs/requirements/print-on-demand-api.md#keys), an
 * `onRequest` hook: the key from the `X-API-Key` header or the `api_key` query parameter, looked
 * up by its SHA-256 — unless the client address already sent too many wrong keys this minute
 * (key-guessing.ts); inactive and expired keys refused; the owner's plan must have `api` (Pro or
 * higher); then the key's per-minute limit, counted in the database so every process sharing it enforces one limit,
 * with `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` (Unix seconds) on the
 * answer. Sets `request.principal` (via 'api_key', the key's scopes).
 * Errors: UNAUTHORIZED (401) missing, invalid, inactive or expired key; FORBIDDEN (403) plan
 * without API access or an owner an administrator disabled; RATE_LIMITED (429, with Retry-After in seconds)
 * past the key's limit, or for a client address past WRONG_KEYS_PER_MINUTE wrong keys.
 */
export function authenticateApiKey(ctx: AppContext) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const header = request.headers['x-api-key'];
    const fromQuery = (request.query as Record<string, unknown> | undefined)?.api_key;
    const raw = (Array.isArray(header) ? header[0] : header) ?? (typeof fromQuery === 'string' ? fromQuery : undefined);
    if (!raw) throw new AppError('UNAUTHORIZED', M.missing);
    const client = clientKey(request.ip);
    const held = await guessingHeldBack(ctx.db, client);
    if (held) {
      reply.header('retry-after', held.retryAfterSeconds);
      throw held.error;
    }
    const key = raw.length <= 200 ? await apiKeysRepo.byHash(ctx.db, hashKey(raw.trim())) : undefined;
    if (!key) {
      await countWrongKey(ctx.db, client);
      throw new AppError('UNAUTHORIZED', M.invalid);
    }
    if (key.ownerDisabled) throw new AppError('FORBIDDEN', M.ownerDisabled);
    if (!key.isActive) throw new AppError('UNAUTHORIZED', M.inactive);
    if (key.expiresAt && key.expiresAt.getTime() <= Date.now()) throw new AppError('UNAUTHORIZED', M.expired);
    const principal = { userId: key.userId, isAdmin: false, via: 'api_key' as const, scopes: key.scopes, apiKey: { id: key.id, mode: key.mode, ownerIsAdmin: key.ownerIsAdmin } };
    if (!(await featureAllowed(ctx.db, principal, 'api'))) throw new AppError('FORBIDDEN', M.planRequired);

    const windowStart = Math.floor(Date.now() / WINDOW_MS) * WINDOW_MS;
    const count = await apiKeysRepo.hit(ctx.db, key.id, new Date(windowStart));
    const resetSeconds = Math.ceil((windowStart + WINDOW_MS) / 1000);
    reply.header('x-ratelimit-limit', key.rateLimit);
    reply.header('x-ratelimit-remaining', Math.max(0, key.rateLimit - count));
    reply.header('x-ratelimit-reset', resetSeconds);
    if (count > key.rateLimit) {
      reply.header('retry-after', Math.max(1, resetSeconds - Math.floor(Date.now() / 1000)));
      throw new AppError('RATE_LIMITED', M.rateLimited);
    }
    request.principal = principal;
    // last_used is kept to the minute: no write at all while the stored stamp is recent.
    if (!key.lastUsedAt || Date.now() - key.lastUsedAt.getTime() > 60_000) await apiKeysRepo.touch(ctx.db, key.id);
  };
}

/**
 * What the API documentation says of test keys: test mode is a separate world, as Stripe's and
 * Lob's. Route descriptions quote these.
 */
export const TEST_MODE_DOCS = {
  /** On the order routes. */
  orders: 'Test mode is a separate world: a test key (test_…) sees and changes only test orders, and every live order is 404 to it; '
    + 'a live key lists test orders only when asked (?test=true) and never reads or changes one by id. Test orders are rendered, never printed or charged.',
  /** On the routes that change projects, lists, addresses, templates and permits. */
  readOnly: 'A test key may not call this (403): test keys read projects, mailing lists, addresses, templates and permits but never change them.',
} as const;

