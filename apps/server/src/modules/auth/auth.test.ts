import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpUser, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ workers: false }); });
afterAll(async () => { await t.close(); });

describe('auth', () => {
  it('first account is an administrator, later ones are not', async () => {
    const first = await signUpUser(t.app);
    const second = await signUpUser(t.app);
    const s1 = (await first.req({ method: 'GET', url: '/api/auth/status' })).json();
    const s2 = (await second.req({ method: 'GET', url: '/api/auth/status' })).json();
    expect(s1).toMatchObject({ authenticated: true, user: { email: first.email, is_admin: true } });
    expect(s2.user.is_admin).toBe(false);
  });

  it('anonymous status is unauthenticated and protected routes answer 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/status' })).json()).toEqual({ authenticated: false, user: null });
    const res = await t.app.inject({ method: 'GET', url: '/api/subscriptions/current' });
    expect(res.statusCode).toBe(401);
  });

  it('logs in with JSON, rejects a wrong password with 401, logs out', async () => {
    const u = await signUpUser(t.app, { email: 'login-json@example.test' });
    const bad = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: u.email, password: 'nope' } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error.message).toBe('Invalid email or password');
    const ok = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'LOGIN-json@example.test', password: 'correct horse battery' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ authenticated: true, user: { email: u.email } });
    const cookie = ok.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    await t.app.inject({ method: 'GET', url: '/api/auth/logout', headers: { cookie } });
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/status', headers: { cookie } });
    expect(after.json().authenticated).toBe(false);
  });

  it('form login redirects to next and shows the error line on failure', async () => {
    const u = await signUpUser(t.app);
    const bad = await t.app.inject({
      method: 'POST', url: '/api/auth/login?next=/projects', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=${encodeURIComponent(u.email)}&password=wrong`,
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.body).toContain('Invalid email or password');
    const ok = await t.app.inject({
      method: 'POST', url: '/api/auth/login?next=/projects/abc', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=${encodeURIComponent(u.email)}&password=correct+horse+battery`,
    });
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe('/projects/abc');
    const evil = await t.app.inject({
      method: 'POST', url: '/api/auth/login?next=//evil.example', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=${encodeURIComponent(u.email)}&password=correct+horse+battery`,
    });
    expect(evil.headers.location).toBe('/projects');
  });

  it('the login page has email, password and a link to create an account', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/auth/login' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('name="email"');
    expect(page.body).toContain('name="password"');
    expect(page.body).toContain('Create an account');
  });

  it('rejects a duplicate email and a short password', async () => {
    const u = await signUpUser(t.app);
    const dup = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: u.email, password: 'longenough', given_name: 'X' } });
    expect(dup.statusCode).toBe(409);
    const short = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: 'x@example.test', password: 'short', given_name: 'X' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe('Password must be at least 8 characters');
  });

  it('rate-limits failed sign-ins per account', async () => {
    const u = await signUpUser(t.app);
    for (let i = 0; i < 5; i++) {
      const r = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: u.email, password: 'wrong' }, remoteAddress: `10.0.0.${i}` });
      expect(r.statusCode).toBe(401);
    }
    const locked = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: u.email, password: 'correct horse battery' }, remoteAddress: '10.0.1.1' });
    expect(locked.statusCode).toBe(429);
  });

  it('refuses a cookie-authenticated write from another origin', async () => {
    const u = await signUpUser(t.app);
    const r = await u.req({ method: 'POST', url: '/api/auth/signup', headers: { origin: 'http://evil.example' }, payload: {} });
    expect(r.statusCode).toBe(403);
  });
});
