import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';

/** An OpenAPI 3.1 document as `@fastify/swagger` builds it. */
export type OpenApiDocument = OpenAPIV3_1.Document;
/** The security schemes a listener's document declares, by name. */
export type SecuritySchemes = Record<string, OpenAPIV3_1.SecuritySchemeObject>;

const SCHEMA_REF = /"#\/components\/schemas\/([^"]+)"/g;

/**
 * Drops the component schemas no operation uses, directly or through another schema. zod's
 * registry holds every schema named with `.meta({ id })` in the process — the web app's
 * Admin and Account schemas too — and a listener's document shows only its own.
 */
export function pruneUnusedSchemas(doc: OpenApiDocument): OpenApiDocument {
  const schemas = doc.components?.schemas ?? {};
  const used = new Set<string>();
  const visit = (json: string) => {
    for (const [, name] of json.matchAll(SCHEMA_REF)) {
      if (used.has(name) || !schemas[name]) continue;
      used.add(name);
      visit(JSON.stringify(schemas[name]));
    }
  };
  visit(JSON.stringify({ paths: doc.paths, components: { ...doc.components, schemas: undefined } }));
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...doc, components: { ...doc.components, schemas: kept } };
}

/**
 * Generates the listener's OpenAPI 3.1 document from its routes' zod schemas (`@fastify/swagger`
 * + `fastify-type-provider-zod`: `.meta({ id })` schemas become components, those no operation
 * uses dropped) and serves it at `GET {path}`. `securitySchemes` are the listener's ways to
 * authenticate; `finish` edits the finished document (the public API adds its headers and
 * descriptions there). Register before any route.
 */
export async function registerOpenApi(app: FastifyInstance, opts: {
  title: string; description: string; path: string; serverUrl?: string; securitySchemes: SecuritySchemes;
  finish?: (doc: OpenApiDocument) => OpenApiDocument;
}): Promise<void> {
  const finish = opts.finish ?? ((doc: OpenApiDocument) => doc);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: opts.title, description: opts.description, version: '1.0.0' },
      servers: opts.serverUrl ? [{ url: opts.serverUrl }] : [],
      components: { securitySchemes: opts.securitySchemes },
    },
    transform: jsonSchemaTransform,
    transformObject: (input) => pruneUnusedSchemas(finish(jsonSchemaTransformObject(input) as OpenApiDocument)) as never,
  });
  app.get(opts.path, { schema: { hide: true } }, async (_req, reply) => {
    reply.header('cache-control', 'no-cache');
    return app.swagger();
  });
}
