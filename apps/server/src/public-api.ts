import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { ZHealthSchema } from '@mailcraft/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { baseFastify } from './app.js';
import type { AppContext } from './platform/context.js';
import { notFoundEnvelope } from './platform/http.js';
import { registerOpenApi } from './platform/openapi.js';

/**
 * Builds the public Print-on-Demand API listener (API_PORT; DESIGN.md "Shape", spec 002): its own
 * Fastify instance, error envelope and OpenAPI document at `GET /api/openapi.json`. Today it
 * answers `GET /api/health`; API-key authentication and the order routes plug in here.
 */
export async function buildPublicApi(ctx: AppContext, opts: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const app = baseFastify(ctx, { logger: opts.logger, bodyLimit: 1024 * 1024 });
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
  app.setNotFoundHandler((_req, reply) => notFoundEnvelope(reply));
  return app;
}
