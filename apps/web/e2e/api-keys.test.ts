import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { eventually, screenshotOnFailure, serverAndBrowser, signedInContext } from './support.ts';

/**
 * The API Keys tab end to end (docs/requirements/print-on-demand-api.md#screens "API Keys tab", §4, §5, §7), against the real server
 * and its public API listener: the first account of a server is on the Business plan, which has
 * `api`. Create a read-only key 'Shop', reveal and copy it from 'API Key Created', verify it at
 * GET /api/auth/verify; switch it off (401) and on; regenerate it (the new key works, the old one
 * answers 401); delete it (the empty state). Also: the first load of /pod and /pod/api-keys stays within the
 * 300 KB gzip budget of every page but the Designer (BENCHMARKS.md §5, docs/requirements/workflow.md#clear-states-and-fast-pages).
 */
const env = serverAndBrowser();
const EMPTY = 'No API keys found. Create one to get started.';
/** The first account of the server (Business plan, with `api`), signed up on first use: its cookies. */
let owner: Promise<Awaited<ReturnType<BrowserContext['storageState']>>> | undefined;
function ownerState() {
  owner ??= (async () => {
    const context = await signedInContext(env.browser, env.server.url, { email: 'keys@example.test' });
    const plan = await (await context.request.get('/api/subscriptions/current')).json();
    assert.equal(plan.features.api, true, 'the plan includes api');
    const state = await context.storageState();
    await context.close();
    return state;
  })();
  return owner;
}

/** GET /api/auth/verify on the public API with `key` in X-API-Key: its status and body. */
async function verify(key: string): Promise<{ status: number; body: { authenticated?: boolean; scopes?: string[] } }> {
  const res = await fetch(`${env.server.apiUrl}/api/auth/verify`, { headers: { 'x-api-key': key } });
  return { status: res.status, body: await res.json() };
}

/** The open 'API Key Created' dialog: reveals the key, copies it, reads the clipboard and closes it with Done. */
async function takeNewKey(page: Page): Promise<string> {
  const dialog = page.getByRole('dialog', { name: 'API Key Created' });
  await dialog.getByText('Copy this key now: it is shown only once.').waitFor();
  const shown = dialog.getByLabel('New API key');
  const masked = await shown.textContent();
  assert.match(masked ?? '', /^live_\w{4}•+\w{4}$/, 'masked by default');
  await dialog.getByRole('button', { name: 'Show key' }).click();
  await dialog.getByRole('button', { name: 'Hide key' }).waitFor();
  const revealed = (await shown.textContent()) ?? '';
  assert.match(revealed, /^live_[0-9A-Za-z]{40}$/);
  assert.equal(masked!.slice(-4), revealed.slice(-4));
  await dialog.getByRole('button', { name: 'Copy key' }).click();
  await dialog.locator('[data-copied="true"]').waitFor();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(copied, revealed, 'the copy button copies the full key');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await dialog.waitFor({ state: 'hidden' });
  return copied;
}

/** Confirms the row action `action` ('Regenerate' or 'Delete') of 'Shop' in its confirmation, which reads `text`. */
async function confirmAction(page: Page, action: string, text: string): Promise<void> {
  await page.getByRole('button', { name: `${action} Shop` }).click();
  const tip = page.locator('.ant-popover').filter({ hasText: text });
  await tip.waitFor();
  await tip.getByRole('button', { name: action, exact: true }).click();
}

test('an API key: create, reveal, copy, verify, switch off and on, regenerate and delete', { timeout: 180_000 }, async () => {
  await eventually(async () => (await fetch(`${env.server.apiUrl}/api/health`).catch(() => null))?.ok === true, 'the public API answers', 20_000);
  const context = await env.browser.newContext({ baseURL: env.server.url, viewport: { width: 1440, height: 900 }, storageState: await ownerState() });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.url });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);

  await screenshotOnFailure(page, 'api-keys', async () => {
    await page.goto('/pod/api-keys');
    await page.getByRole('heading', { name: 'Print on Demand API' }).waitFor();
    assert.equal(await page.getByRole('tab', { selected: true }).textContent(), 'API Keys');
    await page.getByText(EMPTY).waitFor();

    // Create 'Shop', read only: the name is required first.
    await page.getByRole('button', { name: 'Create New API Key' }).click();
    const form = page.getByRole('dialog', { name: 'Create New API Key' });
    const create = form.getByRole('button', { name: 'Create API Key' });
    assert.equal(await create.isDisabled(), true, 'Create is disabled without a name');
    await form.getByLabel('Key Name').fill('Shop');
    await form.getByLabel('Permissions').selectOption({ label: 'Read only' });
    await form.getByLabel('Expiration').selectOption({ label: '30 days' });
    await form.getByText(/^Expires on /).waitFor();
    await create.click();
    await form.waitFor({ state: 'hidden' });
    const key = await takeNewKey(page);

    const ok = await verify(key);
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.equal(ok.body.authenticated, true);
    assert.deepEqual(ok.body.scopes, ['*:get']);

    // The list shows it masked and Active.
    const row = page.locator('tr.plain-table-row').filter({ hasText: 'Shop' });
    await row.getByText(`${key.slice(0, 9)}…${key.slice(-4)}`).waitFor();
    await row.getByText('Active', { exact: true }).waitFor();
    await row.getByText('Read only').waitFor();
    assert.equal(await row.getByText(key).count(), 0, 'the full key is not listed');

    // Off: the key is refused; on again: it works.
    await row.getByRole('switch', { name: 'Shop active' }).click();
    await row.getByText('Inactive', { exact: true }).waitFor();
    assert.equal((await verify(key)).status, 401);
    await row.getByRole('switch', { name: 'Shop active' }).click();
    await row.getByText('Active', { exact: true }).waitFor();
    assert.equal((await verify(key)).status, 200);

    // Regenerate: the new key works, the old one no longer.
    await confirmAction(page, 'Regenerate', 'Are you sure you want to regenerate this API key? The old key will no longer work.');
    const renewed = await takeNewKey(page);
    assert.notEqual(renewed, key);
    assert.equal((await verify(renewed)).status, 200);
    assert.equal((await verify(key)).status, 401);
    await row.getByText(`${renewed.slice(0, 9)}…${renewed.slice(-4)}`).waitFor();

    // Delete: the empty state, and the key is refused.
    await confirmAction(page, 'Delete', 'Are you sure you want to delete this API key? This cannot be undone.');
    await page.getByText(EMPTY).waitFor();
    assert.equal((await verify(renewed)).status, 401);
  });
  await context.close();
});
