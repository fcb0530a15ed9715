import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { SAME_ORIGIN, screenshotOnFailure, serverAndBrowser, signedInContext } from './support.ts';

/**
 * Every admin page and every Print on Demand tab at a desktop (1440 × 900) and a phone (390 × 844):
 * nothing widens the page past the window, no button is cut by the window or by a box around it,
 * and the controls people reported hidden are whole — 'Change plan' and Approve on Admin → Users,
 * the host before the endpoint on Test API. Full-page screenshots go to a temporary folder
 * (its path is printed) to look at.
 */
const env = serverAndBrowser();

const PAGES: Array<{ path: string; ready: string; whole?: (page: Page) => Array<ReturnType<Page['getByRole']>> }> = [
  { path: '/admin', ready: 'Administration' },
  {
    path: '/admin/users', ready: 'Upgrade requests',
    whole: (page) => [
      page.getByRole('button', { name: 'Approve shop@example.test' }),
      page.getByRole('button', { name: 'Decline shop@example.test' }),
      page.getByRole('button', { name: 'Change plan of shop@example.test' }),
      page.getByRole('form', { name: 'Change a user\'s plan' }).getByRole('button', { name: 'Change plan' }),
    ],
  },
  { path: '/admin/fonts', ready: 'Upload a font' },
  { path: '/admin/effects', ready: 'Effects' },
  { path: '/admin/sample-templates', ready: 'Sample templates' },
  { path: '/admin/pricing', ready: 'Pricing' },
  { path: '/pod', ready: 'Order Entry' },
  { path: '/pod/api-keys', ready: 'Create New API Key', whole: (page) => [page.getByRole('button', { name: 'Create New API Key' })] },
  { path: '/pod/documentation', ready: 'Documentation' },
  { path: '/pod/test', ready: 'Use /api prefix (recommended)', whole: (page) => [page.getByRole('button', { name: /^Send/ })] },
  { path: '/pod?tab=debug', ready: 'API Debug' },
];

/** Labels of visible buttons and links cut by the window's sides or by a box that clips them (overflow not visible). */
async function cutControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const cut: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('button, a[href], [role="button"]')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden' || el.closest('[aria-hidden="true"]')) continue;
      let clipped = r.left < -0.5 || r.right > window.innerWidth + 0.5;
      for (let p = el.parentElement; p && !clipped; p = p.parentElement) {
        if (getComputedStyle(p).overflowX === 'visible') continue;
        const b = p.getBoundingClientRect();
        clipped = r.left < b.left - 0.5 || r.right > b.right + 0.5;
      }
      if (clipped) cut.push((el.getAttribute('aria-label') || el.textContent || el.tagName).trim().slice(0, 60));
    }
    return cut;
  });
}

test('admin pages and Print on Demand tabs fit 1440 × 900 and 390 × 844', { timeout: 300_000 }, async () => {
  const shots = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-layout-'));
  console.info(`layout screenshots: ${shots}`);
  const admin = await signedInContext(env.browser, env.server.url, { email: 'operator@example.test', givenName: 'Olga' });
  const shop = await signedInContext(env.browser, env.server.url, { email: 'shop@example.test', givenName: 'Sam' });
  assert.equal((await shop.request.post('/api/billing/plan', { headers: SAME_ORIGIN, data: { plan: 'pro' } })).status(), 200);
  assert.equal((await admin.request.post('/api/keys', { headers: SAME_ORIGIN, data: { name: 'Shop integration' } })).status(), 201);
  const state = await admin.storageState();
  // Every page is looked at before the test fails, so one run lists every problem.
  const problems: string[] = [];
  const expectThat = (ok: boolean, problem: string) => { if (!ok) problems.push(problem); };
  for (const viewport of [{ width: 1440, height: 900 }, { width: 390, height: 844 }]) {
    const context = await env.browser.newContext({ baseURL: env.server.url, viewport, storageState: state });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    for (const p of PAGES) {
      const name = `${viewport.width}${p.path.replace(/[/?=]+/g, '-')}`;
      const at = `${p.path} at ${viewport.width} px`;
      await screenshotOnFailure(page, `layout-${name}`, async () => {
        await page.goto(p.path);
        await page.getByText(p.ready).first().waitFor();
        await page.waitForLoadState('networkidle');
        await page.locator('.ant-skeleton').first().waitFor({ state: 'detached' });
        await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
        const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
        expectThat(widths.scroll <= widths.inner, `${at}: the page is ${widths.scroll} px wide`);
        const cut = await cutControls(page);
        expectThat(cut.length === 0, `${at}: cut off: ${cut.join(' | ')}`);
        for (const control of p.whole?.(page) ?? []) {
          await control.scrollIntoViewIfNeeded();
          const box = (await control.boundingBox())!;
          expectThat(box.x >= 0 && box.x + box.width <= viewport.width, `${at}: ${control} at ${JSON.stringify(box)}`);
        }
        if (p.path === '/pod/test') {
          // The host before the endpoint shows whole: this page's origin, not 'http://127.0.0.1:380'.
          const host = page.locator('.pod-test-endpoint .ant-space-addon');
          expectThat(await host.innerText() === env.server.url, `${at}: the host reads ${await host.innerText()}`);
          expectThat(await host.evaluate((el) => el.scrollWidth <= el.clientWidth), `${at}: the host is cut`);
        }
      });
    }
    await context.close();
  }
  assert.deepEqual(problems, []);
  await admin.close();
  await shop.close();
});
