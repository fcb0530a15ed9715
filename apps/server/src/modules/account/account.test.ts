import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES as M, type TAccountSession, type TSettings } from '@mailcraft/shared';
import { expectError, LOGIN_REQUIRED } from '../../test/expect-error.js';
import { createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';

const PASSWORD = 'correct horse battery';
const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ workers: false }); });
afterAll(async () => { await t?.close(); });

/** Signs `user` in once more (another browser): a TestUser on the new session. */
async function signInAgain(user: TestUser, password = PASSWORD, userAgent = CHROME_LINUX, email = user.email): Promise<TestUser> {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, headers: { 'user-agent': userAgent } });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  return { ...user, cookie, req: (o) => t.app.inject({ ...o, headers: { 'sec-fetch-site': 'same-origin', ...(o.headers ?? {}), cookie } } as InjectOptions) };
}
const signedIn = async (u: TestUser) => (await u.req({ method: 'GET', url: '/api/account' })).statusCode === 200;

describe('account: profile, email and password', () => {
  it('answers 401 without a session', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/account' }), 401, 'UNAUTHORIZED', LOGIN_REQUIRED);
    expectError(await t.app.inject({ method: 'GET', url: '/api/account/export' }), 401, 'UNAUTHORIZED', LOGIN_REQUIRED);
  });

  it('changes the given name and refuses an empty one', async () => {
    const u = await signUpUser(t.app, { given_name: 'Ann' });
    expect((await u.req({ method: 'GET', url: '/api/account' })).json()).toMatchObject({ id: u.id, email: u.email, given_name: 'Ann' });
    const res = await u.req({ method: 'PATCH', url: '/api/account', payload: { given_name: '  Annabel ' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().given_name).toBe('Annabel');
    expect((await u.req({ method: 'GET', url: '/api/auth/status' })).json().user.given_name).toBe('Annabel');
    expect((await u.req({ method: 'PATCH', url: '/api/account', payload: { given_name: '  ' } })).statusCode).toBe(400);
  });

  it('changes the email only with the right password and a free address, stored lower-cased', async () => {
    const u = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    const change = (email: string, password = PASSWORD) => u.req({ method: 'PUT', url: '/api/account/email', payload: { email, current_password: password } });

    expectError(await change('new@example.test', 'wrong password'), 403, 'FORBIDDEN', M.wrongPassword);
    expectError(await change(other.email.toUpperCase()), 409, 'CONFLICT', M.emailTaken);
    expect((await change('not an email')).statusCode).toBe(400);
    const fresh = `Moved-${u.id.slice(0, 8)}@Example.TEST`;
    const ok = await change(fresh);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().email).toBe(fresh.toLowerCase());
    await signInAgain(u, PASSWORD, CHROME_LINUX, fresh.toLowerCase());
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: u.email, password: PASSWORD } })).statusCode).toBe(401);
  });

  it('locks the password check after 5 wrong passwords (429)', async () => {
    const u = await signUpUser(t.app);
    for (let i = 0; i < 5; i++) {
      expect((await u.req({ method: 'PUT', url: '/api/account/email', payload: { email: 'x@example.test', current_password: `nope${i}` } })).statusCode).toBe(403);
    }
    expect((await u.req({ method: 'PUT', url: '/api/account/email', payload: { email: 'x@example.test', current_password: PASSWORD } })).statusCode).toBe(429);
  });

  it('a password change ends every other session, keeps the current one, and follows the sign-up rules', async () => {
    const u = await signUpUser(t.app);
    const laptop = await signInAgain(u);
    const phone = await signInAgain(u, PASSWORD, SAFARI_IPHONE);
    const change = (current: string, next: string) => u.req({ method: 'PUT', url: '/api/account/password', payload: { current_password: current, new_password: next } });

    expectError(await change('wrong password', 'a brand new secret'), 403, 'FORBIDDEN', M.wrongPassword);
    const short = await change(PASSWORD, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toContain('Password must be at least 8 characters');
    expectError(await change(PASSWORD, PASSWORD), 400, 'VALIDATION', M.samePassword);
    expect(await signedIn(laptop)).toBe(true);

    const ok = await change(PASSWORD, 'a brand new secret');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ sessions_ended: 2 });
    expect(await signedIn(u)).toBe(true);
    expect(await signedIn(laptop)).toBe(false);
    expect((await phone.req({ method: 'GET', url: '/api/account' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: u.email, password: PASSWORD } })).statusCode).toBe(401);
    await signInAgain(u, 'a brand new secret');
  });
});

describe('account: active sessions', () => {
  const list = async (u: TestUser) => (await u.req({ method: 'GET', url: '/api/account/sessions' })).json() as TAccountSession[];

  it('lists sessions with device, address and the current one marked, never the stored id', async () => {
    const u = await signUpUser(t.app);
    const chrome = await signInAgain(u);
    await signInAgain(u, PASSWORD, SAFARI_IPHONE);
    const sessions = await list(chrome);
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.find((s) => s.current)).toMatchObject({ device: 'Chrome on Linux', ip: '127.0.0.1' });
    expect(sessions.map((s) => s.device)).toEqual(expect.arrayContaining(['Safari on iOS', 'Chrome on Linux']));
    for (const s of sessions) {
      expect(s.id).toMatch(/^[0-9a-f]{16}$/);
      expect(new Date(s.expires_at).getTime()).toBeGreaterThan(new Date(s.created_at).getTime());
    }
    const token = chrome.cookie.split('=')[1];
    expect(JSON.stringify(sessions)).not.toContain(token);
  });

  it('signs out one other session, not the current one, not another user\'s; then all others', async () => {
    const u = await signUpUser(t.app);
    const second = await signInAgain(u);
    const third = await signInAgain(u, PASSWORD, SAFARI_IPHONE);
    const stranger = await signUpUser(t.app);
    const sessions = await list(u);
    const current = sessions.find((s) => s.current)!;
    const mine = sessions.filter((s) => !s.current);

    expectError(await u.req({ method: 'DELETE', url: `/api/account/sessions/${current.id}` }), 400, 'VALIDATION', M.currentSession);
    expectError(await stranger.req({ method: 'DELETE', url: `/api/account/sessions/${mine[0].id}` }), 404, 'NOT_FOUND', M.sessionNotFound);
    expectError(await u.req({ method: 'DELETE', url: '/api/account/sessions/0123456789abcdef' }), 404, 'NOT_FOUND', M.sessionNotFound);
    expect(await signedIn(second)).toBe(true);

    const thirdId = (await list(third)).find((s) => s.current)!.id;
    expect((await u.req({ method: 'DELETE', url: `/api/account/sessions/${thirdId}` })).statusCode).toBe(204);
    expect(await signedIn(third)).toBe(false);
    expect(await signedIn(second)).toBe(true);
    expect((await list(u)).map((s) => s.id)).not.toContain(thirdId);

    const all = await u.req({ method: 'DELETE', url: '/api/account/sessions' });
    expect(all.json()).toEqual({ sessions_ended: 1 });
    expect(await signedIn(second)).toBe(false);
    expect(await signedIn(u)).toBe(true);
    expect(await list(u)).toHaveLength(1);
    expect(await signedIn(stranger)).toBe(true);
  });
});

describe('settings', () => {
  const defaults = { template_type: 'postcard', paper_size: '6x9', sides: 'single', permit_type: 'none' };
  const put = (u: TestUser, payload: Record<string, unknown>) => u.req({ method: 'PUT', url: '/api/account/settings', payload });

  it('starts from the product defaults and shows the short-link base URL', async () => {
    const u = await signUpUser(t.app);
    const s = (await u.req({ method: 'GET', url: '/api/account/settings' })).json() as TSettings;
    expect(s).toEqual({
      time_zone: null,
      project_defaults: { template_type: 'self_mailer', paper_size: '8.5x11', sides: 'double', permit_type: 'none' },
      product_permit: false,
      short_link_base_url: t.ctx.config.publicUrl.replace(/\/+$/, ''),
      mailer_id: null,
      imb_service_type_id: null,
      imb_barcode_id: '00',
    });
  });

  it('round-trips the time zone and defaults, and validates them', async () => {
    const u = await signUpUser(t.app);
    const ok = await put(u, { time_zone: 'America/Chicago', project_defaults: defaults });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await u.req({ method: 'GET', url: '/api/account/settings' })).json()).toMatchObject({ time_zone: 'America/Chicago', project_defaults: defaults });

    const zone = await put(u, { time_zone: 'Mars/Olympus_Mons', project_defaults: defaults });
    expect(zone.statusCode).toBe(400);
    expect(zone.json().error.message).toContain(M.unknownTimeZone);
    const size = await put(u, { time_zone: null, project_defaults: { ...defaults, paper_size: '8.5x11' } });
    expect(size.statusCode).toBe(400);
    expect(size.json().error.message).toContain(M.sizeNotForType);
    expect((await put(u, { time_zone: null, project_defaults: { ...defaults, paper_size: 'A0' } })).statusCode).toBe(400);
    expect((await put(u, { time_zone: null, project_defaults: { ...defaults, permit_type: 'product' } })).statusCode).toBe(400);
    expect((await u.req({ method: 'GET', url: '/api/account/settings' })).json()).toMatchObject({ time_zone: 'America/Chicago', project_defaults: defaults });

    const cleared = await put(u, { time_zone: null, project_defaults: { ...defaults, template_type: 'self_mailer', paper_size: '8.5x11' } });
    expect(cleared.json()).toMatchObject({ time_zone: null, project_defaults: { template_type: 'self_mailer', paper_size: '8.5x11' } });
  });
});
