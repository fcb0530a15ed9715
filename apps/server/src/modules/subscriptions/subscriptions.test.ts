import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_KEYS, LIMIT_KEYS, PLAN_IDS } from '@mailcraft/shared';
import { plans } from '../../db/schema/index.js';
import { expectError, LOGIN_REQUIRED } from '../../test/expect-error.js';
import { createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';

let t: TestApp;
let admin: TestUser;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp({ workers: false });
  admin = await signUpUser(t.app); // the first account of this database
  user = await signUpUser(t.app);
});
afterAll(async () => { await t.close(); });

const current = (u: TestUser) => u.req({ method: 'GET', url: '/api/subscriptions/current' });
const setPlan = (u: TestUser, userId: string, plan_id: unknown) =>
  u.req({ method: 'PUT', url: `/api/admin/users/${userId}/plan`, payload: { plan_id } });

describe('plans and subscriptions', () => {
  it('has the four plans, each with every feature key and limit', async () => {
    const rows = await t.ctx.db.select().from(plans);
    expect(rows.map((r) => r.id).sort()).toEqual([...PLAN_IDS].sort());
    for (const row of rows) expect(Object.keys(row.features).sort()).toEqual([...FEATURE_KEYS, ...LIMIT_KEYS].sort());
    const api = Object.fromEntries(rows.map((r) => [r.id, r.features.api]));
    expect(api).toEqual({ free: false, pay_as_you_go: false, pro: true, business: true }); // docs/requirements/print-on-demand-api.md#api-access: Pro or higher
  });

  it('lists the plans cheapest first with prices to anyone (the pricing page)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/plans' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.plans.map((p: { id: string; monthly_price: number }) => [p.id, p.monthly_price])).toEqual([['free', 0], ['pay_as_you_go', 0], ['pro', 99], ['business', 299]]);
    expect(body.plans[2].features).toMatchObject({ api: true, maps: true, max_projects: 500 });
    expect(body.piece_prices).toEqual({ print_piece: 0.45, mailing: 1.25, reinforcement: 0.25 });
  });

  it('starts the operator\'s first account on business and others on free', async () => {
    expect((await current(admin)).json().subscription.plan).toMatchObject({ id: 'business', name: 'business', display_name: 'Business' });
    const free = (await current(user)).json();
    expect(free).toMatchObject({ subscription: { plan: { name: 'free' }, status: 'active' }, features: { print_files: true, api: false, max_projects: 25 } });
  });

  it('lets an administrator change a user\'s plan, and no one else', async () => {
    const changed = await setPlan(admin, user.id, 'pro');
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().subscription.plan.name).toBe('pro');
    expect((await current(user)).json().features.api).toBe(true);

    expectError(await setPlan(user, admin.id, 'free'), 403, 'FORBIDDEN', 'Administrators only');
    const anonymous = await t.app.inject({ method: 'PUT', url: `/api/admin/users/${user.id}/plan`, payload: { plan_id: 'free' } });
    expectError(anonymous, 401, 'UNAUTHORIZED', LOGIN_REQUIRED);
    expectError(await setPlan(admin, '00000000-0000-4000-8000-000000000000', 'free'), 404, 'NOT_FOUND', 'User not found');
    const bad = await setPlan(admin, user.id, 'platinum');
    const badPlan = 'Plan must be one of free, pay_as_you_go, pro, business';
    expectError(bad, 400, 'VALIDATION', badPlan, [{ message: badPlan, path: '/plan_id' }]);
    expect((await current(user)).json().subscription.plan.name).toBe('pro'); // the refused changes changed nothing
  });
});
