import path from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { ARTIFACTS, mappedProject, SAME_ORIGIN, serverAndBrowser } from './support.ts';

/**
 * Phones (docs/requirements/workflow.md#clear-states-and-fast-pages): at 390 × 844 no screen of the workflow is wider than the phone — every page
 * is checked for horizontal overflow (`document.documentElement.scrollWidth <= 390`) once its
 * content has loaded, with a project that has a list, a mapping, a design and a print file.
 */
const env = serverAndBrowser();

const PHONE = { width: 390, height: 844 };

/** The page's width beyond the viewport, and the widest elements sticking out (for the failure message). */
async function overflow(page: Page): Promise<{ width: number; culprits: string[] }> {
  return page.evaluate((limit) => {
    const culprits: string[] = [];
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      const r = el.getBoundingClientRect();
      if (r.right > limit + 1 && r.width > 0 && getComputedStyle(el).position !== 'fixed') {
        culprits.push(`${el.tagName.toLowerCase()}.${String(el.className).split(' ').slice(0, 2).join('.')} → ${Math.round(r.right)}`);
      }
    }
    return { width: document.documentElement.scrollWidth, culprits: culprits.slice(0, 8) };
  }, PHONE.width);
}

test('at 390 px no screen scrolls sideways', async () => {
  const { context, projectId, listId } = await mappedProject(env.browser, env.server.url, { email: 'phone@example.test', viewport: PHONE, project: { name: 'Phone mailer', sides: 'double' } });
  const project = { id: projectId };
  const el = (name: string, y: number) => ({ name, type: 'text', content: name, position: { x: 110, y }, width: 90, height: 8, fontSize: 11, fontName: 'Helvetica' });
  const page1 = { basePdf: { width: 215.9, height: 279.4, padding: [6.35, 6.35, 6.35, 6.35] }, schemas: [[el('full_name', 150), el('address', 160), el('city_state_zip', 170)]] };
  await context.request.post(`/api/templates/project/${project.id}/design`, { headers: SAME_ORIGIN, data: { template_data_inside: page1, template_data_outside: page1 } });
  const started = await context.request.post(`/api/projects/${project.id}/print`, { headers: SAME_ORIGIN, data: {} });
  assert.equal(started.status(), 202, await started.text());

  const screens: Array<[string, string]> = [
    ['/', 'home'],
    ['/projects', 'Create New Project'],
    [`/projects/${project.id}`, 'Next steps'],
    [`/upload?project=${project.id}`, 'Upload a new list'],
    [`/upload?project=${project.id}&listId=${listId}&step=mapping`, 'Showing 1 to 10 of 500 records'],
    [`/maps?project=${project.id}&listId=${listId}`, 'Back to QR Codes'],
    [`/qr?project=${project.id}&listId=${listId}`, 'Preview URLs'],
    [`/projects/${project.id}/production`, 'Earlier print files'],
    ['/analytics', 'Analytics'],
    [`/analytics/${listId}`, 'Bot requests (not counted)'],
    [`/webhooks/${listId}`, 'Add Webhook'],
    [`/notifications?project=${project.id}&listId=${listId}`, 'Add New SMS Notification'],
    ['/settings', 'Mail delivery'],
    ['/outbox', 'Kept messages'],
    ['/pricing', 'Pricing'],
  ];
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const wide: string[] = [];
  for (const [url, text] of screens) {
    await page.goto(url);
    if (text !== 'home') await page.getByText(text, { exact: false }).filter({ visible: true }).first().waitFor();
    await page.waitForLoadState('networkidle');
    const { width, culprits } = await overflow(page);
    if (width > PHONE.width) wide.push(`${url}: ${width} px (${culprits.join(', ')})`);
    // Kept for a look at each screen as a phone shows it.
    await page.screenshot({ path: path.join(ARTIFACTS, `phone-${url.split('?')[0].replace(/[0-9a-f-]{36}/g, 'id').replace(/[^\w]+/g, '_')}.png`), fullPage: true });
  }
  // The sign-in page is the server's own.
  const signIn = await env.browser.newPage({ viewport: PHONE });
  await signIn.goto(`${env.server.url}/api/auth/login`);
  const { width: signInWidth } = await overflow(signIn);
  if (signInWidth > PHONE.width) wide.push(`/api/auth/login: ${signInWidth} px`);
  await signIn.close();
  assert.deepEqual(wide, [], 'screens wider than the phone');
  await context.close();
});
