import type { FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import swaggerUi from '@fastify/swagger-ui';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { baseFastify } from './app.js';
import { registerHealthRoutes } from './platform/health.routes.js';
import type { AppContext } from './platform/context.js';
import { allowedMethods } from './platform/allowed-methods.js';
import { methodNotAllowed, notFoundEnvelope } from './platform/http.js';
import { registerOpenApi } from './platform/openapi.js';
import { authenticateApiKey } from './modules/api-keys/api-key-auth.js';
import { publicAuthRoutes } from './modules/api-keys/public-auth.routes.js';
import { idempotencyHooks } from './modules/api-keys/idempotency.js';
import { ordersRoutes } from './modules/orders/orders.routes.js';
import { addressesRoutes } from './modules/pod/addresses.routes.js';
import { podReadRoutes } from './modules/pod/pod-read.routes.js';
import { podWriteRoutes } from './modules/pod/pod-write.routes.js';
import { podTemplatesRoutes } from './modules/pod/pod-templates.routes.js';
import { orderWebhooksRoutes } from './modules/webhooks/order-webhooks.routes.js';
import { trackingPublicRoutes } from './modules/tracking/tracking.routes.js';
import { API_KEY_SCHEMES, API_KEY_SECURITY, finishPublicDocument } from './public-api/document.js';
import { CURRENT_API_VERSION, readApiVersion, VERSION_DOC } from './public-api/version.js';

/**
 * Builds the public Print-on-Demand API listener (API_PORT; docs/requirements/print-on-demand-api.md): its own
 * Fastify instance, error envelope `{ error: { code, message, request_id, doc_url } }`, 405 with
 * Allow for a known path's other methods, dated versions (`Mailcraft-Version`, public-api/version.ts)
 * and OpenAPI document at `GET /api/openapi.json` (its interactive reference at `/api/docs`;
 * public-api/document.ts). `GET /api/health` is open; every other route needs an API key
 * (`authenticateApiKey`: header or query, plan, per-key rate limit with headers) and says so in the document.
 */
export async function buildPublicApi(ctx: AppContext, opts: { logger?: boolean } = {}): Promise<FastifyInstance> {
  // Every error names the documentation section about it (one stable envelope).
  const docUrl = (code: string) => `${ctx.config.publicUrl}/pod/documentation#errors-${code.toLowerCase()}`;
  const app = baseFastify(ctx, { logger: opts.logger, bodyLimit: 1024 * 1024, docUrl });
  await app.register(rateLimit, { global: false });
  // The web app's Test API and API Debug tabs call this listener from the app's own origin.
  await app.register(cors, {
    origin: [ctx.config.publicUrl], methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['content-type', 'x-api-key', 'idempotency-key', 'mailcraft-version'],
    exposedHeaders: ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'retry-after', 'idempotent-replayed', 'x-request-id', 'mailcraft-version'],
    maxAge: 600,
  });
  await registerOpenApi(app, {
    title: 'Mailcraft Print-on-Demand API',
    description: `Order single personalised mail pieces from other systems. ${VERSION_DOC}`,
    path: '/api/openapi.json',
    serverUrl: ctx.config.publicUrl,
    securitySchemes: API_KEY_SCHEMES,
    finish: finishPublicDocument,
  });
  app.decorateRequest('apiVersion', CURRENT_API_VERSION);
  app.addHook('onRequest', readApiVersion);
  // The interactive reference of the same document, its assets served from this process (no CDN).
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });
  registerHealthRoutes(app, ctx, ['/api/health', '/health']);
  await app.register(async (keyed) => {
    // Every keyed operation says so in the document, so the reference and generated clients send the key.
    keyed.addHook('onRoute', (route) => {
      if (route.schema) route.schema.security = API_KEY_SECURITY;
    });
    keyed.addHook('onRequest', authenticateApiKey(ctx));
    const idempotency = idempotencyHooks(ctx);
    keyed.addHook('preHandler', idempotency.preHandler);
    keyed.addHook('onSend', idempotency.onSend);
    const typed = keyed.withTypeProvider<ZodTypeProvider>();
    await publicAuthRoutes(typed, ctx);
    await podReadRoutes(typed, ctx);
    await podWriteRoutes(typed, ctx);
    await podTemplatesRoutes(typed, ctx);
    await addressesRoutes(typed, ctx);
    await ordersRoutes(typed, ctx);
    await orderWebhooksRoutes(typed, ctx);
    await trackingPublicRoutes(typed, ctx);
  });
  // A known path asked with another method: 405 with Allow (RFC 9110), not 404.
  app.setNotFoundHandler((req, reply) => {
    const allowed = allowedMethods(app.routeTable, req.url);
    return allowed.length ? methodNotAllowed(reply, allowed, docUrl) : notFoundEnvelope(reply, docUrl);
  });
  return app;
}
