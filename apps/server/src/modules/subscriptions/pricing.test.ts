import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICING_MESSAGES as M, type TAdminPricing, type TAuditEntry, type TPlans } from '@mailcraft/shared';
import { createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { currentPieceCents } from './subscriptions.service.js';

/** docs/requirements/administration.md#administration admin pricing: plans edited (features take effect at once), per-piece prices effective from a date, audited. */
describe('administrators set plans and prices', () => {
  let t: TestApp;
  let admin: TestUser;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ workers: false });
    admin = await signUpUser(t.app);
    user = await signUpUser(t.app);
  });
  afterAll(() => t?.close());

  const pricing = async () => (await admin.req({ method: 'GET', url: '/api/admin/pricing' })).json() as TAdminPricing;
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const audit = async () => (await admin.req({ method: 'GET', url: '/api/admin/audit?area=pricing' })).json() as TAuditEntry[];

  it('refuses non-administrators', async () => {
    expect((await user.req({ method: 'GET', url: '/api/admin/pricing' })).statusCode).toBe(403);
    expect((await user.req({ method: 'POST', url: '/api/admin/prices', payload: { key: 'mailing', amount: 1, effective_from: day(0) } })).statusCode).toBe(403);
  });

  it('a plan edit changes the pricing page and the users on it at their next request', async () => {
    const before = await pricing();
    const free = before.plans.find((p) => p.id === 'free')!;
    expect(free.subscribers).toBe(1);
    expect(before.plans.find((p) => p.id === 'business')!.subscribers).toBe(1);
    expect((await user.req({ method: 'GET', url: '/api/subscriptions/current' })).json().features.maps).toBe(false);
    const res = await admin.req({ method: 'PUT', url: '/api/admin/plans/free', payload: { name: 'Starter', monthly_price: 0, features: { ...free.features, maps: true, max_projects: 3 } } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await user.req({ method: 'GET', url: '/api/subscriptions/current' })).json().features).toMatchObject({ maps: true, max_projects: 3 });
    const plans = (await t.app.inject({ method: 'GET', url: '/api/plans' })).json() as TPlans;
    expect(plans.plans[0]).toMatchObject({ id: 'free', name: 'Starter' });
    expect((await audit())[0]).toMatchObject({ action: 'plan.update', target_id: 'free', before: { name: 'Free', features: { maps: false } }, after: { name: 'Starter', features: { maps: true } } });

    const bad = await admin.req({ method: 'PUT', url: '/api/admin/plans/free', payload: { name: '', monthly_price: -1, features: free.features } });
    expect(bad.statusCode).toBe(400);
    expect((await admin.req({ method: 'PUT', url: '/api/admin/plans/free', payload: { name: 'X', monthly_price: 1.234, features: free.features } })).statusCode).toBe(400);
    expect((await admin.req({ method: 'PUT', url: '/api/admin/plans/gold', payload: { name: 'X', monthly_price: 1, features: free.features } })).statusCode).toBe(400);
  });

  it('a price scheduled for a later day leaves today\'s price alone; today\'s replaces it at once; history cannot be rewritten', async () => {
    expect(await currentPieceCents(t.ctx.db, 'mailing')).toBe(125);
    const later = await admin.req({ method: 'POST', url: '/api/admin/prices', payload: { key: 'mailing', amount: 1.5, effective_from: day(10) } });
    expect(later.statusCode, later.body).toBe(200);
    expect(await currentPieceCents(t.ctx.db, 'mailing')).toBe(125);
    const rows = (later.json() as TAdminPricing).prices.filter((p) => p.key === 'mailing');
    expect(rows.map((p) => [p.amount, p.status])).toEqual([[1.5, 'upcoming'], [1.25, 'current']]);

    const today = await admin.req({ method: 'POST', url: '/api/admin/prices', payload: { key: 'mailing', amount: 1.4, effective_from: day(0) } });
    expect(today.statusCode).toBe(200);
    expect(await currentPieceCents(t.ctx.db, 'mailing')).toBe(140);
    expect((await t.app.inject({ method: 'GET', url: '/api/plans' })).json().piece_prices.mailing).toBe(1.4);

    const past = await admin.req({ method: 'POST', url: '/api/admin/prices', payload: { key: 'mailing', amount: 1, effective_from: day(-1) } });
    expect([past.statusCode, past.json().error.message]).toEqual([400, M.pastDate]);
    const current = (await pricing()).prices.find((p) => p.key === 'mailing' && p.status === 'current')!;
    const removeCurrent = await admin.req({ method: 'DELETE', url: `/api/admin/prices/${current.id}` });
    expect([removeCurrent.statusCode, removeCurrent.json().error.message]).toEqual([409, M.notUpcoming]);
    const upcoming = (await pricing()).prices.find((p) => p.key === 'mailing' && p.status === 'upcoming')!;
    expect((await admin.req({ method: 'DELETE', url: `/api/admin/prices/${upcoming.id}` })).statusCode).toBe(200);
    expect((await pricing()).prices.filter((p) => p.key === 'mailing').map((p) => p.status)).toEqual(['current', 'past']);
    expect((await audit()).slice(0, 3).map((e) => e.action)).toEqual(['price.remove', 'price.schedule', 'price.schedule']);
  });
});
