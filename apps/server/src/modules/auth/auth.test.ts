import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_CHECK_HEADER, SESSION_MAX_AGE_SECONDS } from '@mailcraft/shared';
import { authAttempts, sessions } from '../../db/schema/index.js';
import { createTestApp, signUpUser, type TestApp } from '../../test/harness.js';
import { clientKey } from '../../platform/client-key.js';
import { purgeAuthRecords } from './auth.service.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ workers: false }); });
afterAll(async () => { await t.close(); });

describe('auth', () => {
  it('the first account, signed up with the setup code, is the operator; later ones are not', async () => {
    const first = await signUpUser(t.app);
    const second = await signUpUser(t.app);
    const s1 = (await first.req({ method: 'GET', url: '/api/auth/status' })).json();
    const s2 = (await second.req({ method: 'GET', url: '/api/auth/status' })).json();
    expect(s1).toMatchObject({ authenticated: true, user: { email: first.email, is_admin: true } });
    expect(s2.user.is_admin).toBe(false);
  });

  it('anonymous status is unauthenticated and protected routes answer 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/status' })).json()).toEqual({ authenticated: false, user: null, expires_at: null, operator_exists: true });
    const res = await t.app.inject({ method: 'GET', url: '/api/subscriptions/current' });
    expect(res.statusCode).toBe(401);
  });

  it('tells when the session ends; a session check reads it without extending it', async () => {
    const user = await signUpUser(t.app);
    const status = async (check: boolean) =>
      (await user.req({ method: 'GET', url: '/api/auth/status', headers: check ? { [SESSION_CHECK_HEADER]: '1' } : {} })).json().expires_at as string;
    const inAnHour = Date.parse(await status(true)) - Date.now();
    expect(inAnHour).toBeGreaterThan(3500_000);
    expect(inAnHour).toBeLessThanOrEqual(3600_000);
    // Four minutes of inactivity left: the 60 s poll sees it and does not renew it; a real request does.
    const soon = new Date(Date.now() + 4 * 60_000);
    await t.ctx.db.update(sessions).set({ expiresAt: soon }).where(eq(sessions.userId, user.id));
    expect(Date.parse(await status(true))).toBe(soon.getTime());
    expect(Date.parse(await status(true))).toBe(soon.getTime());
    expect(Date.parse(await status(false)) - Date.now()).toBeGreaterThan(3500_000);
    // Ended server-side: the check reports signed out.
    await t.ctx.db.delete(sessions).where(eq(sessions.userId, user.id));
    expect((await user.req({ method: 'GET', url: '/api/auth/status', headers: { [SESSION_CHECK_HEADER]: '1' } })).json())
      .toEqual({ authenticated: false, user: null, expires_at: null, operator_exists: true });
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

  it('locks an account per IP: a stranger\'s 5 wrong passwords do not lock the owner out elsewhere', async () => {
    const u = await signUpUser(t.app);
    const login = (password: string, remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: u.email, password }, remoteAddress });
    for (let i = 0; i < 5; i++) expect((await login('wrong', '10.0.0.1')).statusCode).toBe(401);
    const locked = await login('correct horse battery', '10.0.0.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.message).toBe('Too many failed sign-in attempts. Please try again in 15 minutes.');
    expect((await login('correct horse battery', '10.0.0.2')).statusCode).toBe(200);
  });

  it('counts sign-ins sent at once before checking any password: at most 5 wrong ones are checked, then 429 until the window ends', async () => {
    const u = await signUpUser(t.app);
    const login = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: u.email, password }, remoteAddress: '10.0.5.5' });
    const statuses = (await Promise.all(Array.from({ length: 28 }, () => login('wrong')))).map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect((await login('correct horse battery')).statusCode).toBe(429);
    // Once the window is over, the right password works again.
    await t.ctx.db.update(authAttempts).set({ windowStart: new Date(Date.now() - 16 * 60_000) });
    expect((await login('correct horse battery')).statusCode).toBe(200);
  });

  it('does not count successful sign-ins against the address', async () => {
    const u = await signUpUser(t.app);
    for (let i = 0; i < 22; i++) {
      const r = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: u.email, password: 'correct horse battery' }, remoteAddress: '10.0.6.6' });
      expect(r.statusCode, `sign-in ${i + 1}`).toBe(200);
    }
  });

  it('limits per IP however X-Forwarded-For is set when no proxy is trusted', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const r = await t.app.inject({
        method: 'POST', url: '/api/auth/login', remoteAddress: '10.9.9.9',
        headers: { 'x-forwarded-for': `203.0.113.${i}` }, payload: { email: `nobody${i}@example.test`, password: 'wrong' },
      });
      statuses.push(r.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
  });

  it('counts an IPv6 client by its /64: a fresh address in the same network is the same client', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const r = await t.app.inject({
        method: 'POST', url: '/api/auth/login', remoteAddress: `2001:db8:7:7::${(i + 1).toString(16)}`,
        payload: { email: `v6-${i}@example.test`, password: 'wrong' },
      });
      statuses.push(r.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(clientKey('2001:db8:7:7:aa::1')).toBe('2001:db8:7:7::/64');
    expect(clientKey('::ffff:10.0.0.1')).toBe('10.0.0.1');
  });

  it('limits sign-ups of existing emails per IP (no account listing)', async () => {
    const u = await signUpUser(t.app);
    const signup = () => t.app.inject({
      method: 'POST', url: '/api/auth/signup', remoteAddress: '10.7.7.7',
      payload: { email: u.email, password: 'correct horse battery', given_name: 'X' },
    });
    for (let i = 0; i < 5; i++) expect((await signup()).statusCode).toBe(409);
    expect((await signup()).statusCode).toBe(429);
  });

  it('follows only same-origin paths after sign-in', async () => {
    await signUpUser(t.app, { email: 'next@example.test' });
    const formLogin = (next: string) => t.app.inject({
      method: 'POST', url: `/api/auth/login?next=${next}`, remoteAddress: '10.3.3.3',
      headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'email=next%40example.test&password=correct+horse+battery',
    });
    for (const evil of ['/%5Cevil.example', '/%09/evil.example', '//evil.example', 'https://evil.example', '/%0d%0aSet-Cookie:x=1', 'javascript:alert(1)']) {
      const r = await formLogin(evil);
      expect(r.statusCode, evil).toBe(303);
      expect(r.headers.location, evil).toBe('/projects');
    }
    expect((await formLogin('/designer%3Fproject%3D1')).headers.location).toBe('/designer?project=1');
  });

  it('never answers a protocol-relative location, whatever dot segments or encodings `next` hides it in', async () => {
    const u = await signUpUser(t.app, { email: 'dots@example.test' });
    const formLogin = (next: string) => t.app.inject({
      method: 'POST', url: `/api/auth/login?next=${next}`, remoteAddress: '10.3.3.4',
      headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'email=dots%40example.test&password=correct+horse+battery',
    });
    const evil = [
      '/.//evil.example/phish', '/..//evil.example', '/a/..//evil.example', '/././/evil.example', '/a/b/../..//evil.example',
      '/%2E//evil.example', '/%2e%2e//evil.example', '/.%2F%2Fevil.example', '/%2F%2Fevil', '/%2F/evil', '///evil.example',
      '/.%5C/evil.example', '/%5C%5Cevil.example', '/.\\/evil.example', '/a/..%5C%5Cevil.example',
      'https://evil.example/x', 'http:evil.example', '//evil.example', '/%09/evil.example', 'javascript:alert(1)',
    ];
    for (const next of evil) {
      const get = await u.req({ method: 'GET', url: `/api/auth/login?next=${next}` });
      expect(get.statusCode, next).toBe(302);
      expect(get.headers.location, next).toBe('/projects');
      const post = await formLogin(next);
      expect(post.statusCode, next).toBe(303);
      expect(post.headers.location, next).toBe('/projects');
    }
    // Dot segments that stay on the app resolve as a browser would.
    expect((await u.req({ method: 'GET', url: '/api/auth/login?next=/a/../projects/./x%3Fy%3D1' })).headers.location).toBe('/projects/x?y=1');
    expect((await formLogin('/settings/..')).headers.location).toBe('/');
  });

  it('refuses cross-site writes: foreign or null Origin, cross-site fetch metadata, no header with a cookie, login CSRF', async () => {
    const u = await signUpUser(t.app);
    const create = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/projects', headers: { cookie: u.cookie, ...headers }, payload: { name: 'X' } });
    for (const headers of [{ origin: 'null' }, { origin: 'http://evil.example' }, { 'sec-fetch-site': 'cross-site' }, {}] as Array<Record<string, string>>) {
      const r = await create(headers);
      expect(r.statusCode, JSON.stringify(headers)).toBe(403);
      expect(r.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'Cross-origin request refused', request_id: r.headers['x-request-id'] } });
    }
    expect((await create({ origin: 'http://localhost:80' })).statusCode).toBe(201);
    expect((await create({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(201);
    const csrfLogin = await t.app.inject({
      method: 'POST', url: '/api/auth/login', headers: { origin: 'http://evil.example' }, payload: { email: u.email, password: 'correct horse battery' },
    });
    expect(csrfLogin.statusCode).toBe(403);
    // Logging out from another site's <img src> does nothing.
    const crossLogout = await t.app.inject({ method: 'GET', url: '/api/auth/logout', headers: { cookie: u.cookie, 'sec-fetch-site': 'cross-site' } });
    expect(crossLogout.statusCode).toBe(403);
    expect((await u.req({ method: 'GET', url: '/api/auth/status' })).json().authenticated).toBe(true);
    expect((await u.req({ method: 'POST', url: '/api/auth/logout' })).json()).toEqual({ authenticated: false, user: null });
    expect((await u.req({ method: 'GET', url: '/api/auth/status' })).json().authenticated).toBe(false);
  });

  it('answers 400, not 500, for a NUL character in any text', async () => {
    const u = await signUpUser(t.app);
    const r = await u.req({ method: 'POST', url: '/api/projects', payload: { name: 'Bad\u0000name' } });
    expect(r.statusCode).toBe(400);
    expect(r.json().error.message).toBe('Text may not contain NUL characters');
  });

  it('ends a session 30 days after sign-in however active, and purges old sessions and failures', async () => {
    const u = await signUpUser(t.app);
    const token = u.cookie.split('=')[1];
    const id = createHash('sha256').update(token).digest('hex');
    await t.ctx.db.update(sessions).set({ createdAt: new Date(Date.now() - (SESSION_MAX_AGE_SECONDS + 60) * 1000) }).where(eq(sessions.id, id));
    expect((await u.req({ method: 'GET', url: '/api/auth/status' })).json().authenticated).toBe(false);
    await t.ctx.db.insert(authAttempts).values({ key: 'ip:old', count: 3, windowStart: new Date(Date.now() - 3600_000) });
    await purgeAuthRecords(t.ctx.db);
    expect(await t.ctx.db.select().from(sessions).where(eq(sessions.id, id))).toEqual([]);
    expect(await t.ctx.db.select().from(authAttempts).where(eq(authAttempts.key, 'ip:old'))).toEqual([]);
  });

  it('sets a Secure cookie when the request came over https through a trusted proxy', async () => {
    const email = 'proxy@example.test';
    const proxied = await createTestApp({ workers: false, env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      const r = await proxied.app.inject({
        method: 'POST', url: '/api/auth/signup', headers: { 'x-forwarded-proto': 'https' },
        payload: { email, password: 'correct horse battery', given_name: 'P' },
      });
      expect(r.statusCode).toBe(201);
      expect(r.cookies[0]).toMatchObject({ name: 'mc_session', secure: true, maxAge: SESSION_MAX_AGE_SECONDS });
    } finally {
      await proxied.close();
    }
    const plain = await t.app.inject({ method: 'POST', url: '/api/auth/signup', headers: { 'x-forwarded-proto': 'https' }, payload: { email, password: 'correct horse battery', given_name: 'P' } });
    expect(plain.cookies[0].secure).toBeFalsy(); // X-Forwarded-Proto is not trusted without TRUST_PROXY
  });

  it('refuses a cookie-authenticated write from another origin', async () => {
    const u = await signUpUser(t.app);
    const r = await u.req({ method: 'POST', url: '/api/auth/signup', headers: { origin: 'http://evil.example' }, payload: {} });
    expect(r.statusCode).toBe(403);
  });
});
