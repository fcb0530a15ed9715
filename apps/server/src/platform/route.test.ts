import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { installErrorHandler } from './http.js';
import type { Principal } from './principal.js';
import { route } from './route.js';

/**
 * `route()` on a bare Fastify with the app's error handler: the principal comes from an
 * `x-test-user` header ('admin' or any id), as the real listeners' authenticate step would set it.
 */
const app = Fastify().withTypeProvider<ZodTypeProvider>();
const seen: Array<{ principal: Principal | null; input: unknown }> = [];

beforeAll(async () => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (req) => {
    const user = req.headers['x-test-user'];
    req.principal = typeof user === 'string' ? { userId: user, isAdmin: user === 'admin', via: 'session', scopes: ['*'] } : null;
  });
  const Params = z.object({ id: z.string().regex(/^\d+$/, 'id must be digits').describe('An id') });
  const Body = z.object({ name: z.string().min(1, 'Name is required').describe('A name') });
  const Answer = z.object({ id: z.string().describe('The id'), name: z.string().describe('The name') });
  route(app, { method: 'POST', url: ['/things/:id', '/v1/things/:id'], auth: 'user', summary: 'Save a thing', tags: ['things'], params: Params, body: Body, response: Answer, status: 201 },
    (principal, input) => {
      seen.push({ principal, input });
      return { id: input.params.id, name: input.body.name, secret: 'not in the schema' } as { id: string; name: string };
    });
  route(app, { method: 'DELETE', url: '/things/:id', auth: 'admin', summary: 'Delete a thing', tags: ['things'], params: Params, response: z.null(), status: 204 },
    () => ({ ignored: true }) as unknown as null);
  route(app, { method: 'GET', url: '/open', auth: 'public', summary: 'Open to all', tags: ['things'], response: z.object({ who: z.string().nullable().describe('The user') }) },
    (principal) => ({ who: principal?.userId ?? null }));
  await app.ready();
});
afterAll(() => app.close());

describe('route()', () => {
  it('answers the handler\'s value with the route\'s status, only the fields of its response schema, on every alias', async () => {
    for (const url of ['/things/7', '/v1/things/7']) {
      const res = await app.inject({ method: 'POST', url, headers: { 'x-test-user': 'u1' }, payload: { name: 'Postcard' } });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ id: '7', name: 'Postcard' });
    }
    expect(seen.at(-1)).toEqual({ principal: expect.objectContaining({ userId: 'u1' }), input: expect.objectContaining({ params: { id: '7' }, body: { name: 'Postcard' } }) });
  });

  it('refuses an anonymous caller of a user route (401) and a non-administrator of an admin route (403) before the handler runs', async () => {
    const before = seen.length;
    expect((await app.inject({ method: 'POST', url: '/things/7', payload: { name: 'x' } })).statusCode).toBe(401);
    expect((await app.inject({ method: 'DELETE', url: '/things/7', headers: { 'x-test-user': 'u1' } })).statusCode).toBe(403);
    expect(seen.length).toBe(before);
    const deleted = await app.inject({ method: 'DELETE', url: '/things/7', headers: { 'x-test-user': 'admin' } });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
  });

  it('validates params and body by their schemas, with the schema\'s own words', async () => {
    const badId = await app.inject({ method: 'POST', url: '/things/x', headers: { 'x-test-user': 'u1' }, payload: { name: 'a' } });
    expect(badId.statusCode).toBe(400);
    expect(badId.body).toContain('id must be digits');
    const noName = await app.inject({ method: 'POST', url: '/things/7', headers: { 'x-test-user': 'u1' }, payload: { name: '' } });
    expect(noName.statusCode).toBe(400);
    expect(noName.body).toContain('Name is required');
  });

  it('passes the principal or null to a public route', async () => {
    expect((await app.inject({ method: 'GET', url: '/open' })).json()).toEqual({ who: null });
    expect((await app.inject({ method: 'GET', url: '/open', headers: { 'x-test-user': 'u2' } })).json()).toEqual({ who: 'u2' });
  });
});
