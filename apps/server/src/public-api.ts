import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { ZHealthSchema } from '@mailcraft/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { baseFastify } from './app.js';
import type { AppContext } from './platform/context.js';
import { notFoundEnvelope } from './platform/http.js';
import { registerOpenApi } from './platform/openapi.js';
import { authenticateApiKey } from './modules/api-keys/api-key-auth.js';
import { publicAuthRoutes } from './modules/api-keys/public-auth.routes.js';
import { idempotencyHooks } from './modules/api-keys/idempotency.js';
import { ordersRoutes } from './modules/orders/orders.routes.js';
import { podReadRoutes } from './modules/pod/pod-read.routes.js';
import { podWriteRoutes } from './modules/pod/pod-write.routes.js';

/**
 * Builds the public Print-on-Demand API listener (API_PORT; DESIGN.md "Shape", spec 002): its own
 * Fastify instance, error envelope `{ error: { code, message, doc_url } }` and OpenAPI document at
 * `GET /api/openapi.json`. `GET /api/health` is open; every other route needs an API key
 * (`authenticateApiKey`: header or query, plan, per-key rate limit with headers).
 */
export async function buildPublicApi(ctx: AppContext, opts: { logger?: boolean } = {}): Promise<FastifyInstance> {
  // Every error names the documentation section about it (issue 10: one stable envelope).
  const docUrl = (code: string) => `${ctx.config.publicUrl}/pod/documentation#errors-${code.toLowerCase()}`;
  const app = baseFastify(ctx, { logger: opts.logger, bodyLimit: 1024 * 1024, docUrl });
  await app.register(rateLimit, { global: false });
  await registerOpenApi(app, {
    title: 'Mailcraft Print-on-Demand API',
    description: 'Order single personalised mail pieces from other systems (spec 002).',
    path: '/api/openapi.json',
  });
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/api/health', {
    schema: { summary: 'Health check', tags: ['health'], response: { 200: ZHealthSchema } },
  }, async () => ({ status: 'ok' as const, database: ctx.database.kind }));
  await app.register(async (keyed) => {
    keyed.addHook('onRequest', authenticateApiKey(ctx));
    const idempotency = idempotencyHooks(ctx);
    keyed.addHook('preHandler', idempotency.preHandler);
    keyed.addHook('onSend', idempotency.onSend);
    const typed = keyed.withTypeProvider<ZodTypeProvider>();
    await publicAuthRoutes(typed, ctx);
    await podReadRoutes(typed, ctx);
    await podWriteRoutes(typed, ctx);
    await ordersRoutes(typed, ctx);
  });
  app.setNotFoundHandler((_req, reply) => notFoundEnvelope(reply, docUrl));
  return app;
}
