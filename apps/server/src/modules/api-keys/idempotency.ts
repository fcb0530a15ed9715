import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { idempotencyKeys } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { requirePrincipal } from '../../platform/principal.js';

/** How long a key's first answer is kept and replayed (Stripe: 24 h). */
export const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;
const MAX_KEY = 255;
const claimed = new WeakMap<FastifyRequest, { apiKeyId: string; key: string }>();

/** The request a key stands for: method, route (the /api prefix dropped: both path forms are one request), params and body. */
const requestHash = (req: FastifyRequest) => {
  const route = (req.routeOptions.url ?? req.url.split('?')[0]).replace(/^\/api(?=\/)/, '');
  return createHash('sha256').update(`${req.method} ${route} ${JSON.stringify(req.params ?? {})} ${JSON.stringify(req.body ?? null)}`).digest('hex');
};

/** Database access for idempotency keys. */
const repo = {
  claim: async (db: Db, apiKeyId: string, key: string, hash: string): Promise<boolean> =>
    (await db.insert(idempotencyKeys).values({ apiKeyId, key, requestHash: hash }).onConflictDoNothing().returning({ key: idempotencyKeys.key })).length > 0,
  find: async (db: Db, apiKeyId: string, key: string) =>
    (await db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.apiKeyId, apiKeyId), eq(idempotencyKeys.key, key))).limit(1))[0],
  drop: async (db: Db, apiKeyId: string, key: string) =>
    db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.apiKeyId, apiKeyId), eq(idempotencyKeys.key, key))),
  store: async (db: Db, apiKeyId: string, key: string, status: number, response: string) =>
    db.update(idempotencyKeys).set({ status, response }).where(and(eq(idempotencyKeys.apiKeyId, apiKeyId), eq(idempotencyKeys.key, key))),
};

/** Deletes idempotency keys older than 24 h. */
export const purgeIdempotencyKeys = (db: Db) => db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(Date.now() - IDEMPOTENCY_TTL_MS)));

/**
 * `Idempotency-Key` on the public API's POSTs (docs/requirements/print-on-demand-api.md#print-on-demand-api, as Stripe's): the first request with a key
 * claims it (per API key) and its answer is stored; the same key with the same request within 24 h
 * gets that answer again (`Idempotent-Replayed: true`) and creates nothing. Hooks for the keyed scope.
 * Errors: VALIDATION (a key over 255 characters); UNPROCESSABLE (422) the key was used with another
 * request; CONFLICT (409) the first request with it is still running. A 5xx answer is not kept, so
 * the client may retry.
 */
export function idempotencyHooks(ctx: AppContext) {
  return {
    preHandler: async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
      const raw = req.headers['idempotency-key'];
      if (req.method !== 'POST' || raw === undefined) return;
      const key = Array.isArray(raw) ? raw[0] : raw;
      if (!key || key.length > MAX_KEY) throw new AppError('VALIDATION', `Idempotency-Key must be 1–${MAX_KEY} characters`);
      const apiKeyId = requirePrincipal(req).apiKey!.id;
      const hash = requestHash(req);
      if (await repo.claim(ctx.db, apiKeyId, key, hash)) {
        claimed.set(req, { apiKeyId, key });
        return;
      }
      let first = await repo.find(ctx.db, apiKeyId, key);
      if (first && first.createdAt.getTime() < Date.now() - IDEMPOTENCY_TTL_MS) {
        await repo.drop(ctx.db, apiKeyId, key);
        if (await repo.claim(ctx.db, apiKeyId, key, hash)) {
          claimed.set(req, { apiKeyId, key });
          return;
        }
        first = await repo.find(ctx.db, apiKeyId, key);
      }
      if (!first) throw new AppError('CONFLICT', 'A request with this Idempotency-Key is still in progress');
      if (first.requestHash !== hash) throw new AppError('UNPROCESSABLE', 'This Idempotency-Key was already used with a different request');
      if (first.status === null || first.response === null) throw new AppError('CONFLICT', 'A request with this Idempotency-Key is still in progress');
      await reply.status(first.status).header('idempotent-replayed', 'true').type('application/json; charset=utf-8').send(first.response);
    },
    onSend: async (req: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
      const mine = claimed.get(req);
      if (!mine) return payload;
      claimed.delete(req);
      if (reply.statusCode >= 500 || typeof payload !== 'string') await repo.drop(ctx.db, mine.apiKeyId, mine.key);
      else await repo.store(ctx.db, mine.apiKeyId, mine.key, reply.statusCode, payload);
      return payload;
    },
  };
}
