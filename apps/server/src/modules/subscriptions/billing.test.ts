import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES as M, type TBilling, type TUpgradeRequest } from '@mailcraft/shared';
import { createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';

/** Billing (docs/requirements/administration.md#administration): plan changes through the default provider, upgrade requests an admin decides, usage from real events. */
describe('billing: plan changes, upgrade requests and usage', () => {
  let t: TestApp;
  let admin: TestUser;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ workers: false });
    admin = await signUpUser(t.app); // the first account: administrator, on business
    user = await signUpUser(t.app);
  });
  afterAll(() => t?.close());

  const billing = async (u: TestUser) => (await u.req({ method: 'GET', url: '/api/billing' })).json() as TBilling;
  const change = (u: TestUser, plan: string) => u.req({ method: 'POST', url: '/api/billing/plan', payload: { plan } });
  const requests = async (status = 'pending') => (await admin.req({ method: 'GET', url: `/api/admin/upgrade-requests?status=${status}` })).json() as TUpgradeRequest[];
  const planOf = async (u: TestUser) => (await u.req({ method: 'GET', url: '/api/subscriptions/current' })).json().subscription.plan.id as string;

  it('a paid plan waits for an administrator; a newer request replaces the pending one; approval moves the user at once', async () => {
    expect(await billing(user)).toMatchObject({ plan_id: 'free', monthly_price: 0, pending_request: null, usage: { pieces_printed: 0, orders_placed: 0, api_calls: 0, scans: 0 } });
    const asked = await change(user, 'pro');
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ status: 'pending', plan_id: 'free', message: M.pending, request: { plan_id: 'pro', status: 'pending' } });
    expect((await change(user, 'business')).json().request.plan_id).toBe('business');
    expect((await billing(user)).pending_request).toMatchObject({ plan_id: 'business', plan_name: 'Business', current_plan_id: 'free' });
    expect(await planOf(user)).toBe('free');

    expect((await user.req({ method: 'GET', url: '/api/admin/upgrade-requests' })).statusCode).toBe(403);
    const pending = await requests();
    expect(pending.map((r) => [r.email, r.plan_id])).toEqual([[user.email, 'business']]);
    expect((await requests('cancelled')).map((r) => r.plan_id)).toEqual(['pro']);
    expect((await user.req({ method: 'POST', url: `/api/admin/upgrade-requests/${pending[0].id}/approve` })).statusCode).toBe(403);
    const approved = await admin.req({ method: 'POST', url: `/api/admin/upgrade-requests/${pending[0].id}/approve` });
    expect(approved.json()).toMatchObject({ status: 'approved', plan_id: 'business' });
    expect(await planOf(user)).toBe('business');
    const again = await admin.req({ method: 'POST', url: `/api/admin/upgrade-requests/${pending[0].id}/decline` });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(M.notPending);
  });

  it('a free plan changes at once; the current plan changes nothing; a request can be withdrawn or declined', async () => {
    expect((await change(user, 'pay_as_you_go')).json()).toMatchObject({ status: 'changed', plan_id: 'pay_as_you_go', message: M.changed });
    expect(await planOf(user)).toBe('pay_as_you_go');
    expect((await change(user, 'pay_as_you_go')).json()).toMatchObject({ status: 'unchanged', message: M.unchanged });
    expect((await change(user, 'bogus')).statusCode).toBe(400);

    await change(user, 'pro');
    expect((await user.req({ method: 'DELETE', url: '/api/billing/request' })).statusCode).toBe(204);
    const none = await user.req({ method: 'DELETE', url: '/api/billing/request' });
    expect(none.statusCode).toBe(404);
    expect(none.json().error.message).toBe(M.noRequest);

    await change(user, 'pro');
    const [request] = await requests();
    expect((await admin.req({ method: 'POST', url: `/api/admin/upgrade-requests/${request.id}/decline` })).json().status).toBe('declined');
    expect(await planOf(user)).toBe('pay_as_you_go');
    expect((await billing(user)).pending_request).toBeNull();
  });

  it('lets administrators find users by email or name with their plan and latest sign-in', async () => {
    expect((await user.req({ method: 'GET', url: '/api/admin/users' })).statusCode).toBe(403);
    const all = (await admin.req({ method: 'GET', url: '/api/admin/users' })).json() as Array<{ email: string; plan_id: string; is_admin: boolean; last_sign_in_at: string | null }>;
    expect(all.map((u) => u.email)).toEqual([user.email, admin.email]);
    expect(all[1]).toMatchObject({ is_admin: true, plan_id: 'business' });
    expect(all[0].last_sign_in_at).not.toBeNull();
    const found = (await admin.req({ method: 'GET', url: `/api/admin/users?search=${encodeURIComponent(user.email.split('@')[0].toUpperCase())}` })).json();
    expect(found.map((u: { email: string }) => u.email)).toEqual([user.email]);
    expect((await admin.req({ method: 'GET', url: '/api/admin/users?search=%25' })).json()).toEqual([]);
  });
});
