import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/**
 * Generates the listener's OpenAPI 3.1 document from its routes' zod schemas (issue 5 §1;
 * DESIGN.md "OpenAPI": `@fastify/swagger` + `fastify-type-provider-zod`, `.meta({ id })` schemas
 * become components) and serves it at `GET {path}`. Register before any route.
 */
export async function registerOpenApi(app: FastifyInstance, opts: { title: string; description: string; path: string; serverUrl?: string }): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: opts.title, description: opts.description, version: '1.0.0' },
      servers: opts.serverUrl ? [{ url: opts.serverUrl }] : [],
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'mc_session', description: 'Session cookie set by POST /api/auth/login' },
          apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'API key of the Print-on-Demand API (spec 002)' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  app.get(opts.path, { schema: { hide: true } }, async (_req, reply) => {
    reply.header('cache-control', 'no-cache');
    return app.swagger();
  });
}
