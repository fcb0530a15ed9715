import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_VISIBLE, type TApiKey, type TApiKeyCreated } from '@mailcraft/shared';
import type { ZApiKeyCreateSchema } from '@mailcraft/shared';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import type { Principal } from '../../platform/principal.js';
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

/** SHA-256 of a key, hex: what the database keeps (DESIGN.md "Security baseline"). */
export const hashKey = (key: string): string => createHash('sha256').update(key).digest('hex');

const masked = (r: Pick<ApiKeyRow, 'prefix' | 'last4'>) => `${r.prefix}…${r.last4}`;

const present = (r: ApiKeyRow): TApiKey => ({
  id: r.id, name: r.name, api_key: masked(r), mode: r.mode, scopes: r.scopes, rate_limit: r.rateLimit, is_active: r.isActive,
  last_used: r.lastUsedAt?.toISOString() ?? null, expires_at: r.expiresAt?.toISOString() ?? null, created_at: r.createdAt.toISOString(),
});

const secretParts = (key: string) => ({ keyHash: hashKey(key), prefix: key.slice(0, API_KEY_VISIBLE.prefix), last4: key.slice(-API_KEY_VISIBLE.last) });

async function owned(ctx: AppContext, principal: Principal, id: string): Promise<ApiKeyRow> {
  const row = await apiKeysRepo.owned(ctx.db, principal.userId, id);
  if (!row) throw notFound('API key');
  return row;
}

/** GET /keys (spec 002 §7): the principal's keys, newest first, masked. */
export async function listKeys(ctx: AppContext, principal: Principal): Promise<TApiKey[]> {
  return (await apiKeysRepo.list(ctx.db, principal.userId)).map(present);
}

/**
 * POST /keys (spec 002 §3, §7): a new key for the principal, answered once in full (only its hash,
 * prefix and last four characters are stored); `expires_in` days from now, or never.
 */
export async function createKey(ctx: AppContext, principal: Principal, input: z.output<typeof ZApiKeyCreateSchema>): Promise<TApiKeyCreated> {
  const key = newKey(input.mode);
  const row = await apiKeysRepo.create(ctx.db, {
    userId: principal.userId, name: input.name, ...secretParts(key), mode: input.mode, scopes: input.scopes, rateLimit: input.rate_limit,
    expiresAt: input.expires_in ? new Date(Date.now() + input.expires_in * 86_400_000) : null,
  });
  return { ...present(row), api_key: key };
}

/** POST /keys/{id}/regenerate (spec 002 §4): a new secret for the key; the old one stops working at once. Errors: NOT_FOUND. */
export async function regenerateKey(ctx: AppContext, principal: Principal, id: string): Promise<TApiKeyCreated> {
  const row = await owned(ctx, principal, id);
  const key = newKey(row.mode);
  return { ...present(await apiKeysRepo.update(ctx.db, row.id, secretParts(key))), api_key: key };
}

/** PUT /keys/{id} (spec 002 §4): switches the key on or off. Errors: NOT_FOUND. */
export async function setKeyActive(ctx: AppContext, principal: Principal, id: string, isActive: boolean): Promise<TApiKey> {
  const row = await owned(ctx, principal, id);
  return present(await apiKeysRepo.update(ctx.db, row.id, { isActive }));
}

/** DELETE /keys/{id} (spec 002 §7). Errors: NOT_FOUND. */
export async function deleteKey(ctx: AppContext, principal: Principal, id: string): Promise<void> {
  const row = await owned(ctx, principal, id);
  await apiKeysRepo.delete(ctx.db, row.id);
}
