import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { launchChromium, signedInContext, startServer } from './support.ts';

/**
 * The route table and access rules of docs/requirements/workflow.md#route-table in the real browser: public pages, the login
 * redirect, unknown paths, admin-only pages, the navigation's disabled rules and the user menu.
 */
let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;

before(async () => {
  server = await startServer();
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

const signedIn = (email: string, givenName: string) => signedInContext(browser, server.url, { email, givenName });

test('anonymous visitors see the public pages and are sent to /login or /', async () => {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await page.goto('/projects');
  await page.waitForURL(/\/login\?next=%2Fprojects/);
  await page.getByText('Please log in to continue').waitFor();
  await page.getByRole('button', { name: 'Login' }).waitFor();
  await page.goto('/no/such/page');
  await page.waitForURL(`${server.url}/`);
  await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
  assert.equal(await page.getByRole('menuitem', { name: 'Projects' }).count(), 0, 'the workflow is hidden');
  await page.goto('/pricing');
  await page.getByText(/Pricing/).first().waitFor();
  await context.close();
});

test('signed-in users: unknown paths go to /projects, admin pages only for admins, nav rules', async () => {
  const admin = await signedIn('admin@example.test', 'Ada');
  const member = await signedIn('member@example.test', 'Max');

  const adminPage = await admin.newPage();
  await adminPage.goto('/admin/users');
  await adminPage.getByRole('heading', { name: 'Users', exact: true }).waitFor();
  await adminPage.getByText('No pending upgrade requests').waitFor();

  const page = await member.newPage();
  await page.goto('/admin/fonts');
  await page.waitForURL(`${server.url}/`);
  await page.goto('/somewhere/else');
  await page.waitForURL(/\/projects$/);
  await page.goto('/dashboard');
  await page.waitForURL(/\/projects$/);

  // Without a project, Mailing List is disabled; without a list, the later steps are too.
  const item = (name: string) => page.getByRole('menuitem', { name });
  assert.equal(await item('Mailing List').getAttribute('aria-disabled'), 'true');
  for (const name of ['Maps', 'QR Codes', 'Designer', 'Print Preview']) {
    assert.equal(await item(name).getAttribute('aria-disabled'), 'true', `${name} disabled`);
  }
  await page.getByLabel('Project name').fill('Nav rules');
  await page.getByRole('button', { name: 'Create' }).click();
  await page.waitForURL(/\/upload\?project=/);
  assert.notEqual(await item('Mailing List').getAttribute('aria-disabled'), 'true');
  assert.equal(await item('Designer').getAttribute('aria-disabled'), 'true');

  // The navigation rewrite: /projects from /upload?project={id} opens /projects/{id}.
  const projectId = new URL(page.url()).searchParams.get('project');
  await item('Projects').click();
  await page.waitForURL(new RegExp(`/projects/${projectId}$`));

  // The user menu: initial, name, e-mail, Account, Settings, Sign out.
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByText('member@example.test').waitFor();
  await page.getByRole('menuitem', { name: 'Account' }).waitFor();
  await page.getByRole('menuitem', { name: 'Settings' }).waitFor();
  await page.getByText('Sign out').click();
  await page.waitForURL(`${server.url}/`, { waitUntil: 'commit' });
  const status = await (await member.request.get('/api/auth/status')).json();
  assert.equal(status.authenticated, false);
  await admin.close();
  await member.close();
});
