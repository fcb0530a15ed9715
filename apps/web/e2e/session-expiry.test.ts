import { test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'playwright-core';
import { mappedProject, SAME_ORIGIN, screenshotOnFailure, serverAndBrowser } from './support.ts';

/**
 * The session-expiry modal (docs/requirements/notifications.md#notifications; docs/requirements/maps.md#screens Session): the session is ended on the
 * server while the user has unsaved changes in the designer; within a minute the modal 'Your
 * session is about to expire' counts down, and Continue Session goes through sign-in back to the
 * designer with the changes restored. The page's clock is Playwright's, so the minute passes at once.
 */
const env = serverAndBrowser();

test('a session ended on the server: the modal, Continue Session through sign-in, the edits kept', { timeout: 180_000 }, async () => {
  const email = 'expiring@example.test';
  const { context, projectId } = await mappedProject(env.browser, env.server.url, { email, project: { name: 'Expiring', sides: 'double' } });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await screenshotOnFailure(page, 'session-expiry', async () => {
    await page.clock.install();
    await page.goto(`/projects/${projectId}/editor`);
    await page.getByRole('button', { name: 'Save', exact: true }).waitFor({ timeout: 60_000 });
    const fields = page.getByRole('complementary', { name: 'Fields' });
    await fields.getByRole('button', { name: /Address block/ }).click();
    await page.getByText('Unsaved changes', { exact: true }).waitFor();

    // The session ends on the server (signed out elsewhere); this tab still holds its cookie.
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const elsewhere = await request.newContext({ baseURL: env.server.url, extraHTTPHeaders: { cookie, ...SAME_ORIGIN } });
    assert.equal((await elsewhere.post('/api/auth/logout')).status(), 200);
    await elsewhere.dispose();

    await page.clock.runFor(61_000);
    const modal = page.getByRole('alertdialog', { name: 'Your session is about to expire' });
    await modal.waitFor();
    await modal.getByText('5:00').waitFor();
    await page.clock.runFor(2_000);
    await modal.getByText('4:58').waitFor();
    await modal.getByRole('button', { name: 'Reload Page' }).waitFor();

    page.once('dialog', (d) => void d.accept());
    await modal.getByRole('button', { name: 'Continue Session' }).click();
    await page.waitForURL(/\/api\/auth\/login\?next=/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('a long passphrase');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(new RegExp(`/projects/${projectId}/editor$`));
    await page.getByText(/^Restored your unsaved changes from /).waitFor({ timeout: 60_000 });
    await page.getByText('Unsaved changes', { exact: true }).waitFor();
    assert.equal(await page.getByRole('alertdialog').count(), 0);
  });
  await context.close();
});
