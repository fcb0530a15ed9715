import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';

type Header = { $ref?: string };
type Response = { description: string; headers?: Record<string, Header> };
type Parameter = { $ref?: string; name?: string; in?: string };
type Operation = { operationId?: string; summary?: string; description?: string; security?: Array<Record<string, string[]>>; parameters?: Parameter[]; responses: Record<string, Response> };
type Document = {
  servers?: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, unknown>;
    securitySchemes: Record<string, { type: string; in: string; name: string }>;
    parameters?: Record<string, { name: string; in: string }>;
    headers?: Record<string, unknown>;
  };
};

/**
 * The public API's OpenAPI document as integrators use it (docs/requirements/print-on-demand-api.md#api):
 * an interactive reference and generated clients that authenticate, operations named as SDKs name
 * them, every answer and header described, and nothing of the web app's internals.
 */
describe('the public API\'s OpenAPI document', () => {
  let t: TestApp;
  let doc: Document;
  let operations: Array<{ method: string; path: string; op: Operation }>;
  beforeAll(async () => {
    t = await createTestApp({ workers: false });
    doc = (await t.publicApi.inject({ method: 'GET', url: '/api/openapi.json' })).json() as Document;
    operations = Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ method, path, op })));
  });
  afterAll(() => t?.close());

  const keyed = () => operations.filter((o) => o.path !== '/api/health');
  const parameterNames = (op: Operation) => (op.parameters ?? []).map((p) => (p.$ref ? doc.components.parameters?.[p.$ref.split('/').pop()!]?.name : p.name));

  it('is valid OpenAPI 3.1 and names the API\'s own base URL', async () => {
    await SwaggerParser.validate(structuredClone(doc) as never);
    expect(doc.servers?.[0]?.url).toBe(t.ctx.config.publicUrl);
  });

  it('declares the API key schemes and requires them on every keyed operation, not on the health check', () => {
    expect(doc.components.securitySchemes.ApiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-API-Key' });
    expect(doc.components.securitySchemes.ApiKeyQuery).toMatchObject({ type: 'apiKey', in: 'query', name: 'api_key' });
    for (const { method, path, op } of keyed()) {
      expect(op.security, `${method} ${path}`).toEqual([{ ApiKey: [] }, { ApiKeyQuery: [] }]);
    }
    expect(doc.paths['/api/health'].get.security ?? []).toEqual([]);
  });

  it('names every operation as SDKs do, once each', () => {
    const ids = operations.map((o) => o.op.operationId);
    expect(ids.every(Boolean), operations.filter((o) => !o.op.operationId).map((o) => `${o.method} ${o.path}`).join(', ')).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api/orders'].get.operationId).toBe('orders.list');
    expect(doc.paths['/api/orders/mailing'].post.operationId).toBe('orders.create');
    expect(doc.paths['/api/orders/{id}'].get.operationId).toBe('orders.retrieve');
    expect(doc.paths['/api/orders/{id}/cancel'].post.operationId).toBe('orders.cancel');
    expect(doc.paths['/api/recipients/{listId}'].get.operationId).toBe('recipients.list');
    expect(doc.paths['/api/templates'].get.operationId).toBe('templates.list');
  });

  it('describes every answer and the headers that come with it', () => {
    for (const { method, path, op } of operations) {
      for (const [status, response] of Object.entries(op.responses)) {
        expect(response.description, `${method} ${path} ${status}`).not.toBe('Default Response');
        expect(Object.keys(response.headers ?? {}), `${method} ${path} ${status}`).toContain('X-Request-Id');
      }
    }
    for (const { method, path, op } of keyed()) {
      for (const [status, response] of Object.entries(op.responses)) {
        expect(Object.keys(response.headers ?? {}), `${method} ${path} ${status}`)
          .toEqual(expect.arrayContaining(['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Mailcraft-Version']));
      }
      expect(Object.keys(op.responses['429']?.headers ?? {}), `${method} ${path}`).toContain('Retry-After');
      expect(parameterNames(op), `${method} ${path}`).toContain('Mailcraft-Version');
      expect(op.description ?? '', `${method} ${path}`).toMatch(/Mailcraft-Version/);
      if (method !== 'post') continue;
      expect(parameterNames(op), `${method} ${path}`).toContain('Idempotency-Key');
      const success = Object.entries(op.responses).filter(([status]) => status.startsWith('2'));
      for (const [status, response] of success) expect(Object.keys(response.headers ?? {}), `${method} ${path} ${status}`).toContain('Idempotent-Replayed');
    }
  });

  it('holds only the schemas its operations use: none of the web app\'s internal ones', async () => {
    const web = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as Document;
    const internal = Object.keys(web.components.schemas).filter((name) => /^(Admin|Account|Audit|Billing|Session)/.test(name));
    expect(internal.length).toBeGreaterThan(0);
    const names = Object.keys(doc.components.schemas);
    for (const name of internal) expect(names, name).not.toContain(name);
    const text = JSON.stringify({ paths: doc.paths, components: { ...doc.components, schemas: undefined } }) + JSON.stringify(doc.components.schemas);
    for (const name of names) expect(text.split(`"#/components/schemas/${name}"`).length - 1, `${name} is used`).toBeGreaterThan(0);
  });
});
