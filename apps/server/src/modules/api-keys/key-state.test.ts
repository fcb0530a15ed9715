import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_MESSAGES as M, type TApiKey, type TApiKeyCreated } from '@mailcraft/shared';
import { apiKeys } from '../../db/schema/index.js';
import { onPlan } from '../../test/factories.js';
import { createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';

/** What a key's owner is told: a plan without the API saves no key; an expired key is not active. */
describe('API key state', () => {
  let t: TestApp;
  let free: TestUser;
  let pro: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ workers: false });
    await signUpUser(t.app); // the first account: the administrator
    free = await signUpUser(t.app);
    pro = await signUpUser(t.app);
    await onPlan(t.ctx.db, pro.id, 'pro', { api: true });
  });
  afterAll(() => t?.close());

  it('refuses a key on a plan without API access, as other plan-gated saves refuse', async () => {
    const res = await free.req({ method: 'POST', url: '/api/keys', payload: { name: 'Shop' } });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({
      error: {
        code: 'PAYMENT_REQUIRED', message: M.planRequired, request_id: res.headers['x-request-id'],
        details: { feature: 'api', plan_id: 'free', plan_name: 'Free', upgrade_url: '/pricing?feature=api' },
      },
    });
    expect((await free.req({ method: 'GET', url: '/api/keys' })).json()).toEqual([]);
  });

  it('reports an expired key as not active, with status expired', async () => {
    const created = (await pro.req({ method: 'POST', url: '/api/keys', payload: { name: 'Old', expires_in: 30 } })).json() as TApiKeyCreated;
    const fresh = (await pro.req({ method: 'POST', url: '/api/keys', payload: { name: 'New' } })).json() as TApiKeyCreated;
    expect(created).toMatchObject({ is_active: true, status: 'active' });
    await t.ctx.db.update(apiKeys).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(apiKeys.id, created.id));
    const listed = (await pro.req({ method: 'GET', url: '/api/keys' })).json() as TApiKey[];
    expect(listed.find((k) => k.id === created.id)).toMatchObject({ is_active: false, status: 'expired' });
    expect(listed.find((k) => k.id === fresh.id)).toMatchObject({ is_active: true, status: 'active' });
    const off = (await pro.req({ method: 'PUT', url: `/api/keys/${fresh.id}`, payload: { is_active: false } })).json() as TApiKey;
    expect(off).toMatchObject({ is_active: false, status: 'inactive' });
  });
});
