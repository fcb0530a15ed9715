import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ workers: false }); });
afterAll(async () => { await t.close(); });

type OpenApiDoc = { openapi: string; paths: Record<string, Record<string, { responses?: Record<string, unknown> }>> };

/** Fastify's `/api/projects/:id/thumbnails/:side.png` → OpenAPI's `/api/projects/{id}/thumbnails/{side}.png`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

async function documentOf(listener: TestApp['app']): Promise<OpenApiDoc> {
  const res = await listener.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  return res.json() as OpenApiDoc;
}

describe('generated OpenAPI documents', () => {
  for (const name of ['app', 'publicApi'] as const) {
    it(`${name}: is a valid OpenAPI 3.1 document listing every route with its success response schema`, async () => {
      const listener = t[name];
      const doc = await documentOf(listener);
      expect(doc.openapi).toBe('3.1.0');
      await SwaggerParser.validate(structuredClone(doc) as never);

      const routes = listener.routeTable.filter((r) => !r.hidden && r.method !== 'HEAD' && r.url.startsWith('/api/'));
      expect(routes.length).toBeGreaterThan(0);
      for (const route of routes) {
        expect(route.hasResponse, `${route.method} ${route.url} declares no response schema`).toBe(true);
        const operation = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
        expect(operation, `${route.method} ${route.url} is missing from the document`).toBeDefined();
        const success = Object.keys(operation!.responses ?? {}).filter((code) => /^2\d\d$/.test(code));
        expect(success, `${route.method} ${route.url} documents no 2xx response`).not.toHaveLength(0);
      }
    });
  }

  it('names shared schemas as components, every property described', async () => {
    const doc = (await documentOf(t.app)) as OpenApiDoc & { components: { schemas: Record<string, { properties?: Record<string, { description?: string }> }> } };
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['Project', 'MailingList', 'PrintJob', 'Subscription', 'Error']));
    for (const [name, schema] of Object.entries(doc.components.schemas)) {
      for (const [prop, def] of Object.entries(schema.properties ?? {})) {
        expect(def.description ?? (def as { $ref?: string }).$ref, `${name}.${prop} has no description`).toBeTruthy();
      }
    }
  });

  it('the public API answers its health check on its own listener', async () => {
    const res = await t.publicApi.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: t.ctx.database.kind });
    // An unknown route: the public API's envelope, with the documentation link (docs/requirements/print-on-demand-api.md#print-on-demand-api).
    const missing = await t.publicApi.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found', request_id: missing.headers['x-request-id'], doc_url: 'http://localhost:8080/pod/documentation#errors-not_found' } });
  });
});
