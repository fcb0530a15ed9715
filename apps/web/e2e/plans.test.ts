import { test } from 'node:test';
import assert from 'node:assert/strict';
import { screenshotOnFailure, serverAndBrowser, signedInContext } from './support.ts';

/**
 * Plans end to end (docs/requirements/administration.md#administration), against the real server: the public /pricing page; a free user
 * chooses Pro there, lands on /billing and requests it; the administrator (the server's first
 * account) approves it on /admin/users; the user's /billing and /pricing then show Pro.
 */
const env = serverAndBrowser();

test('pricing → billing request → admin approval → the user is on Pro', { timeout: 180_000 }, async () => {
  const admin = await signedInContext(env.browser, env.server.url, { email: 'operator@example.test', givenName: 'Olga' });
  const user = await signedInContext(env.browser, env.server.url, { email: 'shop@example.test', givenName: 'Sam' });
  const page = await user.newPage();
  const adminPage = await admin.newPage();
  page.setDefaultTimeout(20_000);
  adminPage.setDefaultTimeout(20_000);
  await screenshotOnFailure(page, 'plans', async () => {
    await page.goto('/pricing?feature=api');
    await page.getByRole('heading', { name: 'Plans and pricing' }).waitFor();
    await page.getByText('Print-on-Demand API is included from the Pro plan').waitFor();
    await page.getByRole('region', { name: 'Free' }).getByText('Your plan').waitFor();
    await page.getByRole('region', { name: 'Pro' }).getByText('$99 / month').waitFor();
    await page.getByRole('link', { name: 'Choose Pro' }).or(page.getByRole('button', { name: 'Choose Pro' })).first().click();
    await page.waitForURL(/\/billing\?plan=pro$/);

    await page.getByRole('heading', { name: 'Billing' }).waitFor();
    await page.getByRole('button', { name: 'Request Pro' }).click();
    await page.getByText('Your upgrade request was sent: an administrator will approve it shortly').waitFor();
    await page.getByText(/^Upgrade to Pro requested on .*: waiting for an administrator$/).waitFor();

    await adminPage.goto('/admin/users');
    await adminPage.getByRole('button', { name: 'Approve shop@example.test' }).click();
    await adminPage.getByText('Approved: shop@example.test is now on Pro').waitFor();
    await adminPage.getByText('No pending upgrade requests').waitFor();

    await page.reload();
    await page.getByText('Your plan: Pro').waitFor();
    assert.equal(await page.getByText(/waiting for an administrator/).count(), 0);
    await page.goto('/pricing');
    await page.getByRole('region', { name: 'Pro' }).getByText('Your plan').waitFor();
  });
  await admin.close();
  await user.close();
});
