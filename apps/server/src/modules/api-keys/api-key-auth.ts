import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_KEY_MESSAGES as M, scopesAllow } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { requirePrincipal } from '../../platform/principal.js';
import { featureAllowed } from '../subscriptions/subscriptions.service.js';
import { apiKeysRepo } from './api-keys.repo.js';
import { hashKey } from './api-keys.service.js';

const WINDOW_MS = 60_000;

/**
 * The public API's authenticate step (spec 002 §7; issue 10), an `onRequest` hook: the key from the
 * `X-API-Key` header or the `api_key` query parameter, looked up by its SHA-256; inactive and
 * expired keys refused; the owner's plan must have `api` (spec 002 §6: Pro or higher); then the
 * key's per-minute limit, counted in the database so every process sharing it enforces one limit,
 * with `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` (Unix seconds) on the
 * answer. Sets `request.principal` (via 'api_key', the key's scopes).
 * Errors: UNAUTHORIZED (401) missing, invalid, inactive or expired key; FORBIDDEN (403) plan
 * without API access or an owner an administrator disabled (issue 11); RATE_LIMITED (429, with Retry-After in seconds).
 */
export function authenticateApiKey(ctx: AppContext) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const header = request.headers['x-api-key'];
    const fromQuery = (request.query as Record<string, unknown> | undefined)?.api_key;
    const raw = (Array.isArray(header) ? header[0] : header) ?? (typeof fromQuery === 'string' ? fromQuery : undefined);
    if (!raw) throw new AppError('UNAUTHORIZED', M.missing);
    const key = raw.length <= 200 ? await apiKeysRepo.byHash(ctx.db, hashKey(raw.trim())) : undefined;
    if (!key) throw new AppError('UNAUTHORIZED', M.invalid);
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
 * A route's scope check (spec 002 §6): `{ ...scoped('orders') }` refuses with FORBIDDEN (403) a key
 * whose scopes do not allow the request's method on `resource`.
 */
export const scoped = (resource: string) => ({
  preValidation: async (request: FastifyRequest): Promise<void> => {
    const principal = requirePrincipal(request);
    if (!scopesAllow(principal.scopes, resource, request.method)) {
      throw new AppError('FORBIDDEN', `This API key may not ${request.method} ${resource} (its scopes: ${principal.scopes.join(', ')})`);
    }
  },
});
