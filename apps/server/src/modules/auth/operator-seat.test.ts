import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, setupCodeOf, signUpUser, type TestApp } from '../../test/harness.js';
import { operatorSeat } from './operator-seat.js';

let t: TestApp;
let withAdminEmail: TestApp;
beforeAll(async () => {
  t = await createTestApp({ workers: false });
  withAdminEmail = await createTestApp({ workers: false, env: { ADMIN_EMAIL: ' Owner@Example.test ' } });
});
afterAll(async () => {
  await t?.close();
  await withAdminEmail?.close();
});

const signup = (app: TestApp, payload: Record<string, string>) =>
  app.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { password: 'correct horse battery', given_name: 'Op', ...payload } });
const status = async (app: TestApp) => (await app.app.inject({ method: 'GET', url: '/api/auth/status' })).json();

describe('the operator seat of an empty server', () => {
  it('is taken only with the setup code printed at start: the first account without it is ordinary', async () => {
    const lines: string[] = [];
    await operatorSeat(t.ctx).announce(t.ctx.db, (line) => lines.push(line));
    const code = setupCodeOf(t.app);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(code);
    // 160 random bits in base32, printed in groups of four.
    expect(code.replace(/-/g, '')).toMatch(/^[A-Z2-7]{32}$/);
    expect(await status(t)).toMatchObject({ authenticated: false, operator_exists: false });
    const page = await t.app.inject({ method: 'GET', url: '/api/auth/signup' });
    expect(page.body).toContain('Setup code');
    expect(page.body).toContain('name="setup_code"');

    const first = await signup(t, { email: 'first@example.test' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().user).toMatchObject({ email: 'first@example.test', is_admin: false });
    const wrong = await signup(t, { email: 'guess@example.test', setup_code: 'AAAA-BBBB-CCCC-DDDD-EEEE-FFFF-GGGG-HHHH' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toMatch(/^The setup code is not right/);
    const formWrong = await t.app.inject({
      method: 'POST', url: '/api/auth/signup', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'given_name=G&email=guess2%40example.test&password=correct+horse+battery&setup_code=nope',
    });
    expect(formWrong.statusCode).toBe(400);
    expect(formWrong.body).toContain('The setup code is not right');
    expect(formWrong.body).toContain('name="setup_code"');
    expect(await status(t)).toMatchObject({ operator_exists: false });

    // Typed in lower case without the dashes, from the form: the operator.
    const form = await t.app.inject({
      method: 'POST', url: '/api/auth/signup?next=/admin', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `given_name=Owner&email=owner%40example.test&password=correct+horse+battery&setup_code=${code.replace(/-/g, '').toLowerCase()}`,
    });
    expect(form.statusCode, form.body).toBe(303);
    const cookie = form.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const mine = (await t.app.inject({ method: 'GET', url: '/api/auth/status', headers: { cookie } })).json();
    expect(mine).toMatchObject({ user: { email: 'owner@example.test', is_admin: true }, operator_exists: true });
    const plan = await t.app.inject({ method: 'GET', url: '/api/subscriptions/current', headers: { cookie } });
    expect(plan.json().subscription.plan.id).toBe('business');

    // Once taken: no field, no second operator with the same code, nothing printed at the next start.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/signup' })).body).not.toContain('Setup code');
    const later = await signup(t, { email: 'later@example.test', setup_code: code });
    expect(later.statusCode).toBe(201);
    expect(later.json().user.is_admin).toBe(false);
    const again: string[] = [];
    await operatorSeat(t.ctx).announce(t.ctx.db, (line) => again.push(line));
    expect(again).toEqual([]);
  });

  it('lets the account whose email is ADMIN_EMAIL take it without the code', async () => {
    const other = await signUpUser(withAdminEmail.app, { setupCode: false });
    expect((await other.req({ method: 'GET', url: '/api/auth/status' })).json().user.is_admin).toBe(false);
    const owner = await signup(withAdminEmail, { email: 'owner@example.test' });
    expect(owner.statusCode, owner.body).toBe(201);
    expect(owner.json().user.is_admin).toBe(true);
    expect(await status(withAdminEmail)).toMatchObject({ operator_exists: true });
  });

  it('gives the seat to one of two sign-ups sent at once with the code', async () => {
    const fresh = await createTestApp({ workers: false });
    try {
      const code = setupCodeOf(fresh.app);
      const answers = await Promise.all(['a@example.test', 'b@example.test', 'c@example.test'].map((email) => signup(fresh, { email, setup_code: code })));
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
      expect(answers.filter((a) => a.json().user.is_admin)).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });
});
