import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_DISABLED, ADMIN_USER_MESSAGES as M, API_KEY_MESSAGES, type TAdminUserDetail, type TAuditEntry } from '@mailcraft/shared';
import { createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { onPlan } from '../../test/factories.js';

/** docs/requirements/administration.md#administration admin users: the administrator flag, disabling (sessions and API keys refused at once), usage, the audit log. */
describe('administrators manage users', () => {
  let t: TestApp;
  let admin: TestUser;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ workers: false });
    admin = await signUpUser(t.app); // the first account: administrator
    user = await signUpUser(t.app, { given_name: 'Dana' });
    await onPlan(t.ctx.db, user.id, 'pro', { api: true });
  });
  afterAll(() => t?.close());

  const patch = (by: TestUser, id: string, payload: object) => by.req({ method: 'PATCH', url: `/api/admin/users/${id}`, payload });
  const audit = async () => (await admin.req({ method: 'GET', url: '/api/admin/audit?area=users' })).json() as TAuditEntry[];
  const signIn = (email: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { origin: t.ctx.config.publicUrl }, payload: { email, password: 'correct horse battery' } });

  it('refuses non-administrators on every user route', async () => {
    expect((await patch(user, user.id, { is_admin: true })).statusCode).toBe(403);
    expect((await user.req({ method: 'GET', url: `/api/admin/users/${user.id}` })).statusCode).toBe(403);
    expect((await user.req({ method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(401);
  });

  it('a disabled user\'s session and API keys stop at once; enabling lets them sign in again', async () => {
    const created = await user.req({ method: 'POST', url: '/api/keys', payload: { name: 'Shop' } });
    expect(created.statusCode, created.body).toBe(201);
    const key = created.json().api_key as string;
    const verify = () => t.publicApi.inject({ method: 'GET', url: '/api/auth/verify', headers: { 'x-api-key': key } });
    expect((await verify()).statusCode).toBe(200);
    expect((await user.req({ method: 'GET', url: '/api/projects' })).statusCode).toBe(200);

    const disabled = await patch(admin, user.id, { disabled: true });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json()).toMatchObject({ id: user.id, disabled: true, api_keys: 1 });
    expect((await user.req({ method: 'GET', url: '/api/projects' })).statusCode).toBe(401);
    const refusedKey = await verify();
    expect(refusedKey.statusCode).toBe(403);
    expect(refusedKey.json().error.message).toBe(API_KEY_MESSAGES.ownerDisabled);
    const refusedSignIn = await signIn(user.email);
    expect(refusedSignIn.statusCode).toBe(403);
    expect(refusedSignIn.json().error.message).toBe(ACCOUNT_DISABLED);
    const listed = (await admin.req({ method: 'GET', url: `/api/admin/users?search=${encodeURIComponent(user.email)}` })).json();
    expect(listed[0].disabled).toBe(true);

    expect((await patch(admin, user.id, { disabled: false })).json().disabled).toBe(false);
    const again = await signIn(user.email);
    expect(again.statusCode).toBe(200);
    const cookie = again.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    user = { ...user, cookie, req: (o) => t.app.inject({ ...o, headers: { 'sec-fetch-site': 'same-origin', ...(o.headers ?? {}), cookie } } as Parameters<TestUser['req']>[0]) };
    expect((await user.req({ method: 'GET', url: '/api/projects' })).statusCode).toBe(200);
    expect((await verify()).statusCode).toBe(200);
    expect((await audit()).slice(0, 2).map((e) => [e.action, e.actor_email, e.before, e.after])).toEqual([
      ['user.enable', admin.email, { disabled: true }, { disabled: false }],
      ['user.disable', admin.email, { disabled: false }, { disabled: true }],
    ]);
  });

  it('makes a user an administrator and back; an administrator cannot lock themselves out', async () => {
    expect((await patch(admin, user.id, { is_admin: true })).json().is_admin).toBe(true);
    expect((await user.req({ method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(200);
    expect((await patch(admin, user.id, { is_admin: false })).json().is_admin).toBe(false);
    expect((await user.req({ method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(403);
    const selfDisable = await patch(admin, admin.id, { disabled: true });
    expect([selfDisable.statusCode, selfDisable.json().error.message]).toEqual([403, M.notSelfDisable]);
    const selfDemote = await patch(admin, admin.id, { is_admin: false });
    expect([selfDemote.statusCode, selfDemote.json().error.message]).toEqual([403, M.notSelfDemote]);
    expect((await patch(admin, user.id, {})).statusCode).toBe(400);
    expect((await patch(admin, '00000000-0000-4000-8000-000000000000', { disabled: true })).statusCode).toBe(404);
    expect((await audit()).slice(0, 2).map((e) => e.action)).toEqual(['user.remove-admin', 'user.make-admin']);
  });

  it('shows a user\'s usage this month and what they own; a plan change is audited and takes effect on the next request', async () => {
    const detail = (await admin.req({ method: 'GET', url: `/api/admin/users/${user.id}` })).json() as TAdminUserDetail;
    expect(detail).toMatchObject({ email: user.email, given_name: 'Dana', plan_id: 'pro', projects: 0, mailing_lists: 0, api_keys: 1 });
    expect(detail.usage.api_calls).toBeGreaterThanOrEqual(2);
    expect(detail.usage.month).toBe(new Date().toISOString().slice(0, 7));

    const moved = await admin.req({ method: 'PUT', url: `/api/admin/users/${user.id}/plan`, payload: { plan_id: 'free' } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await user.req({ method: 'GET', url: '/api/subscriptions/current' })).json().subscription.plan.id).toBe('free');
    const [entry] = await audit();
    expect(entry).toMatchObject({ action: 'user.plan', target_id: user.id, before: { plan_id: 'pro' }, after: { plan_id: 'free' } });
    expect(entry.summary).toBe(`Moved ${user.email} from Pro to Free`);
  });
});
