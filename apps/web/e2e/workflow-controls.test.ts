import fs from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { eventually, SAME_ORIGIN, screenshotOnFailure, serverAndBrowser, SHARED_DATA, signedInContext } from './support.ts';

/**
 * The workflow's controls in the real browser, where event order and focus are the browser's own:
 * Print on Demand in the top navigation; a list another project prints from offers no Delete and
 * says why; every source-column dropdown of the mapping screen opens on its first click, also
 * after a choice in another; a QR field's name switches it on.
 */
const env = serverAndBrowser();

/** A project (through the API) whose current list is the shared `file`; returns both ids. */
async function projectWithList(context: BrowserContext, name: string, file: string): Promise<{ projectId: string; listId: string }> {
  const project = await context.request.post('/api/projects', { headers: SAME_ORIGIN, data: { name } });
  assert.equal(project.status(), 201, await project.text());
  const projectId = (await project.json()).id;
  const upload = await context.request.post('/api/lists/upload', {
    headers: SAME_ORIGIN,
    multipart: { projectId, file: { name: file, mimeType: 'text/csv', buffer: await fs.readFile(path.join(SHARED_DATA, file)) } },
  });
  assert.equal(upload.status(), 201, await upload.text());
  return { projectId, listId: (await upload.json()).id };
}

/** The open antd Select dropdown. */
const dropdown = (page: Page) => page.locator('.ant-select-dropdown:visible');

test('navigation, list deletion, mapping dropdowns and QR field labels', { timeout: 180_000 }, async () => {
  const context = await signedInContext(env.browser, env.server.url, { email: 'controls@example.test' });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  try {
    await screenshotOnFailure(page, 'workflow-controls', async () => {
      const autumn = await projectWithList(context, 'Autumn mailer', 'us-500.csv');
      const spring = await projectWithList(context, 'Spring mailer', 'letters-small.csv');

      // Print on Demand is in the main navigation, reachable without a project, current on /pod.
      await page.goto('/projects');
      const pod = page.getByRole('menubar', { name: 'Workflow' }).getByRole('menuitem', { name: 'Print on Demand' });
      await pod.click();
      await page.waitForURL((url) => url.pathname === '/pod');
      // The item becomes current once the page has rendered its route.
      await page.getByRole('menubar', { name: 'Workflow' }).locator('[aria-current="page"]', { hasText: 'Print on Demand' }).waitFor();
      assert.equal(await pod.getAttribute('aria-current'), 'page');

      // Autumn's current list, seen from Spring: no usable Delete, and the card says who prints from it.
      await page.goto(`/upload?project=${spring.projectId}`);
      const card = page.getByTestId('list-card').filter({ hasText: 'us-500.csv' });
      await card.getByText('Current list of Autumn mailer').waitFor();
      const remove = card.getByRole('button', { name: 'Delete us-500.csv' });
      assert.equal(await remove.isDisabled(), true);
      await remove.hover();
      await page.getByRole('tooltip').getByText('Autumn mailer prints from this list.').waitFor();

      // Mapping us-500 (phone1, phone2 match no field by name): each dropdown opens on its first click.
      await page.goto(`/upload?project=${autumn.projectId}&listId=${autumn.listId}&step=mapping`);
      for (const [field, column] of [['Phone', 'phone1'], ['Cell Phone', 'phone2'], ['Middle Name', 'county']]) {
        await page.getByRole('combobox', { name: `Source column for ${field}` }).click();
        await dropdown(page).waitFor();
        await dropdown(page).locator(`.ant-select-item-option[title="${column}"]`).click();
        await dropdown(page).waitFor({ state: 'hidden' });
        const row = page.locator('.mapping-row').filter({ has: page.getByRole('group', { name: `Preview of ${field}` }) });
        await eventually(async () => (await row.locator('.mapping-source').innerText()).includes(column), `${field} maps ${column}`);
      }

      // QR Codes: a click on a field's name switches the field on.
      await page.goto(`/qr?project=${autumn.projectId}&listId=${autumn.listId}`);
      const lastName = page.getByRole('switch', { name: 'Last Name' });
      assert.equal(await lastName.getAttribute('aria-checked'), 'false');
      await page.locator('.qr-field-label', { hasText: /^Last Name$/ }).click();
      await eventually(async () => (await lastName.getAttribute('aria-checked')) === 'true', 'Last Name switched on by its label');
      await page.getByRole('textbox', { name: 'Last Name parameter' }).waitFor();
    });
  } finally {
    await context.close();
  }
});
