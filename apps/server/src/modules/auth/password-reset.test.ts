import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_RESET_MESSAGES } from '@mailcraft/shared';
import { passwordResets } from '../../db/schema/index.js';
import { createTestApp, signUpUser, type TestApp } from '../../test/harness.js';
import { startSmtpSink } from '../../test/smtp-sink.js';
import { createMailer } from '../../platform/mailer.js';
import { sendPasswordResetMail } from './password-reset.service.js';
import { drainJobs } from '../../test/jobs-finished.js';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Mailcraft <no-reply@mailcraft.test>' } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const forgot = (email: string, ip = '203.0.113.9') =>
  t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress: ip });
const reset = (token: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password } });
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: '198.51.100.7' });
/** The token of the reset link in a message's plain text. */
const tokenIn = (text: string | undefined) => /reset-password\?token=([\w-]+)/.exec(text ?? '')?.[1] ?? '';

describe('password reset by email', () => {
  it('mails a single-use link over SMTP; it sets a new password, ends other sessions and signs in', async () => {
    const user = await signUpUser(t.app, { given_name: 'Ada' });
    const before = smtp.messages.length;
    const res = await forgot(user.email);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ ok: true });
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe(user.email);
    expect(mail.from?.value[0]).toMatchObject({ name: 'Mailcraft', address: 'no-reply@mailcraft.test' });
    expect(mail.subject).toBe(PASSWORD_RESET_MESSAGES.mailSubject);
    expect(mail.text).toContain('Hello Ada,');
    expect(mail.html).toContain('Choose a new password');
    const token = tokenIn(mail.text);
    expect(token.length).toBeGreaterThanOrEqual(40);
    expect(mail.text).toContain(`${t.ctx.config.publicUrl}/api/auth/reset-password?token=${token}`);
    // Only the hash is stored.
    expect((await t.ctx.db.select().from(passwordResets)).some((r) => r.id === token)).toBe(false);

    const page = await t.app.inject({ url: `/api/auth/reset-password?token=${token}` });
    expect(page.body).toContain('Choose a new password');
    const done = await reset(token, 'a brand new passphrase');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ authenticated: true, user: { email: user.email } });
    expect(done.cookies.find((c) => c.name === 'mc_session')?.value).toBeTruthy();
    // The old session is over; the old password no longer works, the new one does.
    expect((await user.req({ method: 'GET', url: '/api/auth/status' })).json().authenticated).toBe(false);
    expect((await login(user.email, 'correct horse battery')).statusCode).toBe(401);
    expect((await login(user.email, 'a brand new passphrase')).statusCode).toBe(200);

    // Single use.
    const again = await reset(token, 'yet another passphrase');
    expect(again.statusCode).toBe(422);
    expect(again.json().error.message).toBe(PASSWORD_RESET_MESSAGES.invalid);
    expect((await t.app.inject({ url: `/api/auth/reset-password?token=${token}` })).body).toContain(PASSWORD_RESET_MESSAGES.invalid);
  });

  it('answers an unknown address exactly as a known one, and mails nothing', async () => {
    const known = await signUpUser(t.app);
    const before = smtp.messages.length;
    const a = await forgot(known.email, '203.0.113.20');
    const b = await forgot('nobody-here@example.test', '203.0.113.21');
    expect([a.statusCode, b.statusCode]).toEqual([202, 202]);
    expect(a.body).toBe(b.body);
    await smtp.waitFor(before + 1);
    await drainJobs(t.ctx.db); // the unknown address's job has run too
    expect(smtp.messages.slice(before).map((m) => (m.to && 'text' in m.to ? m.to.text : ''))).toEqual([known.email]);
    const form = await t.app.inject({
      method: 'POST', url: '/api/auth/forgot-password', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=nobody-else%40example.test', remoteAddress: '203.0.113.22',
    });
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain(PASSWORD_RESET_MESSAGES.sent);
  });

  it('refuses an expired link and a short password, keeping the link for a second try', async () => {
    const user = await signUpUser(t.app);
    const before = smtp.messages.length;
    await forgot(user.email, '203.0.113.30');
    const token = tokenIn((await smtp.waitFor(before + 1))[before].text);
    const short = await reset(token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toContain('Password must be at least 8 characters');
    await t.ctx.db.update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passwordResets.userId, user.id));
    expect((await reset(token, 'a long enough one')).statusCode).toBe(422);
    expect((await login(user.email, 'correct horse battery')).statusCode).toBe(200);
  });

  it('limits requests per client address (429) and mails one address at most 3 times in 15 minutes', async () => {
    const user = await signUpUser(t.app);
    const before = smtp.messages.length;
    for (let i = 0; i < 5; i++) expect((await forgot(user.email, `203.0.113.${40 + i}`)).statusCode).toBe(202);
    await smtp.waitFor(before + 3);
    await drainJobs(t.ctx.db);
    expect(smtp.messages.length - before).toBe(3);
    for (let i = 0; i < 10; i++) await forgot(`someone${i}@example.test`, '203.0.113.99');
    const limited = await forgot('someone-else@example.test', '203.0.113.99');
    expect(limited.statusCode).toBe(429);
  });

  it('without SMTP_URL writes the message, link included, to the server log', async () => {
    const lines: string[] = [];
    const user = await signUpUser(t.app, { given_name: 'Lin' });
    const ctx = { ...t.ctx, mailer: await createMailer({ smtpUrl: null, from: 'x', db: t.ctx.db, log: (l) => lines.push(l) }) };
    await sendPasswordResetMail(ctx, user.email);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`SMTP_URL is not set, so this message was not sent. To: ${user.email}`);
    expect(lines[0]).toMatch(/\/api\/auth\/reset-password\?token=[\w-]{40,}/);
  });
});
