import path from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { ARTIFACTS, mappedProject, SAME_ORIGIN, screenshotOnFailure, serverAndBrowser } from './support.ts';

/**
 * The Print on Demand flow end to end (docs/requirements/print-on-demand-api.md#print-on-demand-api; docs/requirements/print-on-demand-api.md#screens), against the real server and its
 * public API: reinforcements R1 and R2 designed in the Designer's tabs; a key created in API Keys
 * and taken from the one-time dialog; a GET in Test API; a mailing order for a us-500 recipient in
 * Order Entry (its print file rendered); a reinforcement order with both reinforcements (two
 * orders); API Debug's checks of the resources passing. The first account of a server has `api`.
 */
const env = serverAndBrowser();

/** A text element (mm) printing merge field `name`. */
const text = (name: string, y: number) => ({ name, type: 'text', content: name, position: { x: 20, y }, width: 100, height: 8, fontSize: 11, fontName: 'Helvetica' });

/** In the Designer: opens the empty tab `slot`, adds the reinforcement, names it and saves. */
async function addReinforcement(page: Page, slot: number, name: string): Promise<void> {
  await page.getByRole('tab', { name: `R${slot} +` }).click();
  await page.getByRole('button', { name: `Add reinforcement R${slot}` }).click();
  const field = page.getByRole('textbox', { name: 'Reinforcement name' });
  await field.fill(name);
  await page.getByRole('tab', { name: `R${slot} · ${name}` }).waitFor();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Design saved').last().waitFor();
  await page.getByRole('status').filter({ hasText: /^Saved / }).waitFor();
}

test('reinforcements in the Designer, a key, Test API, a mailing and a reinforcement order in Order Entry, API Debug', { timeout: 300_000 }, async () => {
  const { context, projectId } = await mappedProject(env.browser, env.server.url, {
    email: 'pod@example.test', project: { name: 'Spring', template_type: 'postcard', paper_size: '6x9', sides: 'single', permit_type: 'none' },
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.url });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await screenshotOnFailure(page, 'pod-orders', async () => {
    const piece = { basePdf: { width: 152.4, height: 228.6, padding: [6.35, 6.35, 6.35, 6.35] }, schemas: [[text('full_name', 150), text('city_state_zip', 160)]] };
    const saved = await context.request.post(`/api/templates/project/${projectId}/design`, { headers: SAME_ORIGIN, data: { template_data_inside: piece } });
    assert.equal(saved.status(), 200, await saved.text());

    // R1 and R2 in the Designer.
    await page.goto(`/projects/${projectId}/editor`);
    await page.getByRole('tab', { name: 'R1 +' }).waitFor({ timeout: 60_000 });
    await addReinforcement(page, 1, 'Thank you');
    await addReinforcement(page, 2, 'Last call');
    const project = await (await context.request.get(`/api/projects/${projectId}`)).json();
    assert.match(project.thumbnail_r1, /thumbnails\/r1\.png/);
    assert.match(project.thumbnail_r2, /thumbnails\/r2\.png/);

    // A key, taken from the one-time dialog: this browser tab now knows its secret.
    await page.goto('/pod/api-keys');
    await page.getByRole('button', { name: 'Create New API Key' }).click();
    const form = page.getByRole('dialog', { name: 'Create New API Key' });
    await form.getByLabel('Key Name').fill('Shop');
    await form.getByRole('button', { name: 'Create API Key' }).click();
    const created = page.getByRole('dialog', { name: 'API Key Created' });
    await created.getByRole('button', { name: 'Copy key' }).click();
    const key = await page.evaluate(() => navigator.clipboard.readText());
    assert.match(key, /^live_[0-9A-Za-z]{40}$/);
    await created.getByRole('button', { name: 'Done' }).click();

    // Test API: GET /projects with the key.
    await page.getByRole('tab', { name: 'Test API' }).click();
    await page.getByRole('textbox', { name: 'Endpoint' }).fill('/projects');
    await page.getByRole('button', { name: 'Send Request' }).click();
    const response = page.getByRole('region', { name: 'Test API' });
    await response.getByText('200', { exact: true }).waitFor();
    await response.getByText(/"name": "Spring"/).first().waitFor();

    // Order Entry: a mailing order for James Butt, then its print file.
    await page.getByRole('tab', { name: 'Order Entry' }).click();
    const recipients = page.getByRole('group', { name: 'Recipients' });
    await recipients.getByRole('button', { name: /James Butt/ }).click();
    await page.getByRole('button', { name: /Submit Mailing Order$/ }).click();
    const result = page.getByRole('region', { name: 'Response' });
    const placed = result.getByRole('group', { name: /^Order / });
    await placed.getByText('$1.25').waitFor();
    await result.getByRole('button', { name: /Download print file/ }).or(result.getByRole('link', { name: /Download print file/ })).first().waitFor({ timeout: 90_000 });

    // A reinforcement order with both reinforcements: two orders, placed together in one request.
    await page.getByRole('tab', { name: 'Reinforcement Order' }).click();
    const picks = page.getByRole('group', { name: 'Select 1-3 reinforcements' });
    await picks.getByRole('checkbox', { name: 'Last call' }).check();
    assert.equal(await picks.getByRole('checkbox', { name: 'Thank you' }).isChecked(), true, 'the first is preselected');
    await recipients.getByRole('button', { name: /James Butt/ }).click();
    await page.getByRole('button', { name: /Submit Reinforcement Order$/ }).click();
    await result.getByRole('group', { name: /^Order / }).nth(1).waitFor();
    assert.equal(await result.getByText('$0.25').count(), 2);
    await page.screenshot({ path: path.join(ARTIFACTS, 'pod-order-entry.png'), fullPage: true });

    const orders = (await (await fetch(`${env.server.url}/api/orders?limit=10`, { headers: { 'x-api-key': key } })).json() as { data: Array<{ order_type: string; reinforcement_id: string | null; recipient_id: string | null }> }).data;
    assert.deepEqual(orders.map((o) => o.order_type).sort(), ['mailing', 'reinforcement', 'reinforcement']);
    assert.deepEqual(orders.filter((o) => o.reinforcement_id).map((o) => o.reinforcement_id).sort(), [`${projectId}-r1`, `${projectId}-r2`]);

    // API Debug: every check passes, at /api/… and the bare path.
    await page.getByRole('tab', { name: 'API Debug' }).click();
    for (const group of ['health', 'keys', 'projects', 'mailingLists', 'addresses', 'orders', 'reinforcements', 'templates']) {
      await page.getByRole('region', { name: group, exact: true }).getByText('2 of 2 working').waitFor({ timeout: 60_000 });
    }
    await page.getByRole('region', { name: 'debug', exact: true }).getByText('4 of 4 working').waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'pod-api-debug.png'), fullPage: true });
  });
  await context.close();
});
