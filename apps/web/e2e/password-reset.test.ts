import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { startSmtpSink } from '../../server/src/test/smtp-sink.ts';
import { launchChromium, SAME_ORIGIN, screenshotOnFailure, startServer } from './support.ts';

/**
 * 'Forgot password?' end to end (docs/requirements/account-and-settings.md#sign-in-pages): from the sign-in page, the reset link arrives
 * at a real SMTP server on loopback, sets a new password and signs the user in; the old password
 * stops working.
 */
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
before(async () => {
  smtp = await startSmtpSink();
  server = await startServer({ SMTP_URL: smtp.url });
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

test('Sign In → Forgot password? → emailed link → new password → signed in', async () => {
  const context = await browser.newContext({ baseURL: server.url });
  const signup = await context.request.post('/api/auth/signup', { data: { email: 'forgetful@example.test', password: 'the old passphrase', given_name: 'Fran', setup_code: server.setupCode } });
  assert.equal(signup.status(), 201);
  await context.clearCookies();
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await screenshotOnFailure(page, 'password-reset', async () => {
    await page.goto('/projects');
    await page.waitForURL(/\/login|\/api\/auth\/login/);
    if (!page.url().includes('/api/auth/login')) await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByRole('link', { name: 'Mailcraft' }).waitFor();
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email').fill('forgetful@example.test');
    await page.getByRole('button', { name: 'Email me a link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();

    const [mail] = await smtp.waitFor(1, 30_000);
    const link = /https?:\/\/\S+\/api\/auth\/reset-password\?token=[\w-]+/.exec(mail.text ?? '')?.[0];
    assert.ok(link, 'the mail carries the reset link');
    await page.goto(link);
    await page.getByLabel('New password').fill('a fresh passphrase');
    await page.getByRole('button', { name: 'Save password and sign in' }).click();
    await page.waitForURL(/\/projects$/);
    await page.getByText('Create New Project').waitFor();

    // The link is spent; the old password is refused, the new one works.
    await page.goto(link);
    await page.getByText('has expired or was already used').waitFor();
    const old = await context.request.post('/api/auth/login', { headers: SAME_ORIGIN, data: { email: 'forgetful@example.test', password: 'the old passphrase' } });
    assert.equal(old.status(), 401);
    const fresh = await context.request.post('/api/auth/login', { headers: SAME_ORIGIN, data: { email: 'forgetful@example.test', password: 'a fresh passphrase' } });
    assert.equal(fresh.status(), 200);
  });
  await context.close();
});
