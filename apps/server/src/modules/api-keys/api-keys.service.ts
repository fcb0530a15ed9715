import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_MESSAGES, API_KEY_VISIBLE, apiKeyStatus, type TApiKey, type TApiKeyCreated } from '@mailcraft/shared';
import type { ZApiKeyCreateSchema } from '@mailcraft/shared';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import type { Principal } from '../../platform/principal.js';
import { requireFeature } from '../subscriptions/subscriptions.service.js';
import { apiKeysRepo, type ApiKeyRow } from './api-keys.repo.js';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A new key: its mode, '_', then 40 base62 characters (~238 bits from the CSPRNG; rejection sampling keeps them uniform). */
function newKey(mode: 'live' | 'test'): string {
  let out = '';
  while (out.length < 40) {
    for (const b of randomBytes(48)) if (b < 248 && out.length < 40) out += BASE62[b % 62];
  }
  return `${mode}_${out}`;
}

/** SHA-256 of a key, hex: what the database keeps (docs/architecture.md#security-baseline). */
export const hashKey = (key: string): string => createHash('sha256').update(key).digest('hex');

const masked = (r: Pick<ApiKeyRow, 'prefix' | 'last4'>) => `${r.prefix}…${r.last4}`;

/** A key as listed: masked; `is_active` only while switched on and unexpired, `status` saying which (shared `apiKeyStatus`). */
const present = (r: ApiKeyRow): TApiKey => {
  const status = apiKeyStatus(r);
  return {
    id: r.id, name: r.name, api_key: masked(r), mode: r.mode, scopes: r.scopes, rate_limit: r.rateLimit, is_active: status === 'active', status,
    last_used: r.lastUsedAt?.toISOString() ?? null, expires_at: r.expiresAt?.toISOString() ?? null, created_at: r.createdAt.toISOString(),
  };
};

/** Keys are made only on a plan with API access (docs/requirements/print-on-demand-api.md#api-access): PAYMENT_REQUIRED (402) as every plan-gated save, with the plan's message. */
const requireApiPlan = (ctx: AppContext, principal: Principal) => requireFeature(ctx.db, principal, 'api', API_KEY_MESSAGES.planRequired);

const secretParts = (key: string) => ({ keyHash: hashKey(key), prefix: key.slice(0, API_KEY_VISIBLE.prefix), last4: key.slice(-API_KEY_VISIBLE.last) });

async function owned(ctx: AppContext, principal: Principal, id: string): Promise<ApiKeyRow> {
  const row = await apiKeysRepo.owned(ctx.db, principal.userId, id);
  if (!row) throw notFound('API key');
  return row;
}

/** GET /keys (docs/requirements/print-on-demand-api.md#api): the principal's keys, newest first, masked. */
export async function listKeys(ctx: AppContext, principal: Principal): Promise<TApiKey[]> {
  return (await apiKeysRepo.list(ctx.db, principal.userId)).map(present);
}

/**
 * What the account's data export says of its keys: name, mode, scopes, rate limit, status and
 * dates, newest first — never a key, masked or whole, nor its hash.
 */
export async function keyMetadata(ctx: AppContext, principal: Principal) {
  return (await apiKeysRepo.list(ctx.db, principal.userId)).map((r) => {
    const { id, name, mode, scopes, rate_limit, status, last_used, expires_at, created_at } = present(r);
    return { id, name, mode, scopes, rate_limit, status, last_used, expires_at, created_at };
  });
}

/**
 * POST /keys (docs/requirements/print-on-demand-api.md#data): a new key for the principal, answered once in full (only its hash,
 * prefix and last four characters are stored); `expires_in` days from now, or never.
 * Errors: PAYMENT_REQUIRED (402) API_KEY_MESSAGES.planRequired on a plan without `api`.
 */
export async function createKey(ctx: AppContext, principal: Principal, input: z.output<typeof ZApiKeyCreateSchema>): Promise<TApiKeyCreated> {
  await requireApiPlan(ctx, principal);
  const key = newKey(input.mode);
  const row = await apiKeysRepo.create(ctx.db, {
    userId: principal.userId, name: input.name, ...secretParts(key), mode: input.mode, scopes: input.scopes, rateLimit: input.rate_limit,
    expiresAt: input.expires_in ? new Date(Date.now() + input.expires_in * 86_400_000) : null,
  });
  return { ...present(row), api_key: key };
}

/**
 * POST /keys/{id}/regenerate (docs/requirements/print-on-demand-api.md#rules): a new secret for the key; the old one stops working at once.
 * Errors: NOT_FOUND; PAYMENT_REQUIRED (402) API_KEY_MESSAGES.planRequired on a plan without `api`.
 */
export async function regenerateKey(ctx: AppContext, principal: Principal, id: string): Promise<TApiKeyCreated> {
  const row = await owned(ctx, principal, id);
  await requireApiPlan(ctx, principal);
  const key = newKey(row.mode);
  return { ...present(await apiKeysRepo.update(ctx.db, row.id, secretParts(key))), api_key: key };
}

/** PUT /keys/{id} (docs/requirements/print-on-demand-api.md#rules): switches the key on or off. Errors: NOT_FOUND. */
export async function setKeyActive(ctx: AppContext, principal: Principal, input: { id: string; isActive: boolean }): Promise<TApiKey> {
  const { id, isActive } = input;
  const row = await owned(ctx, principal, id);
  return present(await apiKeysRepo.update(ctx.db, row.id, { isActive }));
}

/** DELETE /keys/{id} (docs/requirements/print-on-demand-api.md#api). Errors: NOT_FOUND. */
export async function deleteKey(ctx: AppContext, principal: Principal, id: string): Promise<void> {
  const row = await owned(ctx, principal, id);
  await apiKeysRepo.delete(ctx.db, row.id);
}
