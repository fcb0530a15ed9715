import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_MESSAGES as M, type TApiKey, type TApiKeyCreated } from '@mailcraft/shared';
import { apiKeys } from '../../db/schema/index.js';
import { buildPublicApi } from '../../public-api.js';
import { onPlan } from '../../test/factories.js';
import { createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { hashKey } from './api-keys.service.js';

describe('API keys and the public API\'s authentication', () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ workers: false });
    owner = await signUpUser(t.app);
    other = await signUpUser(t.app);
    await onPlan(t.ctx.db, owner.id, 'pro', { api: true });
  });
  afterAll(() => t?.close());

  const create = async (body: object = {}, path = '/keys'): Promise<TApiKeyCreated> => {
    const res = await owner.req({ method: 'POST', url: path, payload: { name: 'Shop', ...body } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const call = (key: string | null, url = '/api/auth/verify', headers: Record<string, string> = {}) =>
    t.publicApi.inject({ method: 'GET', url, headers: key ? { 'x-api-key': key, ...headers } : headers });
  const expectEnvelope = (res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }, status: number, code: string, message: string) => {
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ error: { code, message, request_id: res.headers['x-request-id'], doc_url: expect.stringMatching(new RegExp(`/pod/documentation#errors-${code.toLowerCase()}$`)) } });
  };

  it('shows a new key once; the database keeps only its hash; lists show its prefix and last four', async () => {
    const key = await create({ scopes: ['*:get'], rate_limit: 50, expires_in: 30 }, '/api/keys');
    expect(key.api_key).toMatch(/^live_[0-9A-Za-z]{40}$/);
    expect(key).toMatchObject({ name: 'Shop', scopes: ['*:get'], rate_limit: 50, is_active: true, last_used: null, mode: 'live' });
    expect(Date.parse(key.expires_at!) - Date.now()).toBeGreaterThan(29.9 * 86_400_000);
    const [row] = await t.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row.keyHash).toBe(hashKey(key.api_key));
    expect(JSON.stringify(row)).not.toContain(key.api_key.slice(9, 36));
    const listed: TApiKey[] = (await owner.req({ method: 'GET', url: '/keys' })).json();
    expect(listed.find((k) => k.id === key.id)?.api_key).toBe(`${key.api_key.slice(0, 9)}…${key.api_key.slice(-4)}`);
    expect((await other.req({ method: 'GET', url: '/keys' })).json()).toEqual([]);
    expect((await owner.req({ method: 'POST', url: '/keys', payload: { name: '  ' } })).json().error.message).toBe(M.nameRequired);
    expect((await owner.req({ method: 'POST', url: '/keys', payload: { name: 'x', rate_limit: 1001 } })).statusCode).toBe(400);
    expect((await owner.req({ method: 'POST', url: '/keys', payload: { name: 'x', expires_in: 7 } })).statusCode).toBe(400);
    expect((await owner.req({ method: 'POST', url: '/keys', payload: { name: 'x', scopes: ['orders'] } })).statusCode).toBe(400);
  });

  it('authenticates by header or query; refuses missing, wrong, inactive, expired and regenerated keys', async () => {
    const key = await create();
    const ok = await call(key.api_key);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ authenticated: true, userId: owner.id, message: 'API key is valid', mode: 'live', scopes: ['*:*'] });
    expect((await t.publicApi.inject({ method: 'GET', url: `/auth/verify?api_key=${key.api_key}` })).statusCode).toBe(200);
    expect((await owner.req({ method: 'GET', url: '/keys' })).json().find((k: TApiKey) => k.id === key.id).last_used).not.toBeNull();
    expectEnvelope(await call(null), 401, 'UNAUTHORIZED', M.missing);
    expectEnvelope(await call(`${key.api_key}x`), 401, 'UNAUTHORIZED', M.invalid);
    expect((await owner.req({ method: 'PUT', url: `/keys/${key.id}`, payload: { is_active: false } })).json().is_active).toBe(false);
    expectEnvelope(await call(key.api_key), 401, 'UNAUTHORIZED', M.inactive);
    await owner.req({ method: 'PUT', url: `/keys/${key.id}`, payload: { is_active: true } });
    const fresh = (await owner.req({ method: 'POST', url: `/keys/${key.id}/regenerate` })).json() as TApiKeyCreated;
    expect(fresh.api_key).not.toBe(key.api_key);
    expectEnvelope(await call(key.api_key), 401, 'UNAUTHORIZED', M.invalid);
    expect((await call(fresh.api_key)).statusCode).toBe(200);
    await t.ctx.db.update(apiKeys).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(apiKeys.id, key.id));
    expectEnvelope(await call(fresh.api_key), 401, 'UNAUTHORIZED', M.expired);
    expect((await owner.req({ method: 'DELETE', url: `/keys/${key.id}` })).statusCode).toBe(204);
    expect((await owner.req({ method: 'DELETE', url: `/keys/${key.id}` })).statusCode).toBe(404);
  });

  it('another user cannot see or change a key; a plan without API access is refused with 403', async () => {
    const key = await create();
    expect((await other.req({ method: 'PUT', url: `/keys/${key.id}`, payload: { is_active: false } })).statusCode).toBe(404);
    expect((await other.req({ method: 'POST', url: `/keys/${key.id}/regenerate` })).statusCode).toBe(404);
    expect((await other.req({ method: 'DELETE', url: `/keys/${key.id}` })).statusCode).toBe(404);
    await onPlan(t.ctx.db, other.id, 'pro', { api: true });
    const theirs = (await other.req({ method: 'POST', url: '/keys', payload: { name: 'Free' } })).json() as TApiKeyCreated;
    // A key made on a plan with API access stops working when the plan no longer has it.
    await onPlan(t.ctx.db, other.id, 'free', { api: false });
    expectEnvelope(await call(theirs.api_key), 403, 'FORBIDDEN', M.planRequired);
  });

  it('serves its interactive reference without a CDN, and lets the app\'s own origin call it (CORS)', async () => {
    const page = await t.publicApi.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toMatch(/https?:\/\/(unpkg|cdn|cdnjs)/);
    expect((await t.publicApi.inject({ method: 'GET', url: '/api/docs/json' })).json().info.title).toBe('Mailcraft Print-on-Demand API');
    const preflight = await t.publicApi.inject({
      method: 'OPTIONS', url: '/api/auth/verify',
      headers: { origin: t.ctx.config.publicUrl, 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-api-key' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(t.ctx.config.publicUrl);
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('x-api-key');
    const foreign = await t.publicApi.inject({ method: 'OPTIONS', url: '/api/auth/verify', headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' } });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('counts each key\'s requests per minute in the database: headers on every answer, 429 with Retry-After past the limit, shared by two listeners', async () => {
    const key = await create({ rate_limit: 3 });
    const second = await buildPublicApi(t.ctx); // another process on the same database
    try {
      const answers = [await call(key.api_key), await second.inject({ method: 'GET', url: '/api/auth/verify', headers: { 'x-api-key': key.api_key } }), await call(key.api_key)];
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
      expect(answers.map((a) => a.headers['x-ratelimit-remaining'])).toEqual(['2', '1', '0']);
      expect(answers[0].headers['x-ratelimit-limit']).toBe('3');
      expect(Number(answers[0].headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000);
      const over = await second.inject({ method: 'GET', url: '/api/auth/verify', headers: { 'x-api-key': key.api_key } });
      expectEnvelope(over, 429, 'RATE_LIMITED', M.rateLimited);
      expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(60);
    } finally {
      await second.close();
    }
  });
});
