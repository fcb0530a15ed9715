import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { TApiKeyCreated } from '@mailcraft/shared';
import { apiKeyFailures } from '../../db/schema/index.js';
import { buildPublicApi } from '../../public-api.js';
import { onPlan } from '../../test/factories.js';
import { createTestApp, signUpUser, type TestApp } from '../../test/harness.js';
import { WRONG_KEYS_PER_MINUTE } from './key-guessing.js';

/**
 * Wrong API keys are limited per client address (docs/requirements/print-on-demand-api.md#keys):
 * past the limit an address gets 429 with Retry-After and no key is looked up for it, in every
 * process sharing the database, until its window is over.
 */
describe('guessing API keys', () => {
  let t: TestApp;
  let secondProcess: FastifyInstance;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp({ workers: false });
    // Another server process on the same database: its own listener, nothing in memory shared.
    secondProcess = await buildPublicApi(t.ctx);
    const owner = await signUpUser(t.app);
    await onPlan(t.ctx.db, owner.id, 'pro', { api: true });
    key = ((await owner.req({ method: 'POST', url: '/keys', payload: { name: 'real' } })).json() as TApiKeyCreated).api_key;
  });
  afterAll(async () => {
    await secondProcess?.close();
    await t?.close();
  });

  const call = (apiKey: string, remoteAddress: string, api: FastifyInstance = t.publicApi) =>
    api.inject({ method: 'GET', url: '/api/projects', headers: { 'x-api-key': apiKey }, remoteAddress });
  const wrongKey = (i: number) => `live_${String(i).padStart(40, 'x')}`;

  it('answers 429 with Retry-After once an address sent too many wrong keys, in every process, until its window ends', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 150; i++) {
      last = await call(wrongKey(i), '203.0.113.7', i % 2 ? secondProcess : t.publicApi);
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, WRONG_KEYS_PER_MINUTE).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(WRONG_KEYS_PER_MINUTE).every((s) => s === 429), statuses.join(',')).toBe(true);
    expect(last!.json().error).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/wrong API keys/) });
    const retryAfter = Number(last!.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // No key is looked up for the address meanwhile, a real one neither; other addresses are not held.
    expect((await call(key, '203.0.113.7')).statusCode).toBe(429);
    expect((await call(key, '198.51.100.9')).statusCode).toBe(200);
    expect((await call(wrongKey(0), '198.51.100.9', secondProcess)).statusCode).toBe(401);
    // An IPv6 client is held by its /64, not by each of its addresses.
    for (let i = 0; i < WRONG_KEYS_PER_MINUTE; i++) await call(wrongKey(i), `2001:db8:5:6::${i.toString(16)}`);
    expect((await call(wrongKey(0), '2001:db8:5:6:ffff::1')).statusCode).toBe(429);

    // Once the window is over the address may try again.
    await t.ctx.db.update(apiKeyFailures).set({ windowStart: new Date(Date.now() - 61_000) });
    expect((await call(wrongKey(1), '203.0.113.7')).statusCode).toBe(401);
    expect((await call(key, '203.0.113.7', secondProcess)).statusCode).toBe(200);
  });
});
