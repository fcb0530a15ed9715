import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { ROOT, SAME_ORIGIN, generatePrintFile, mappedProject, screenshotOnFailure, serverAndBrowser } from './support.ts';

/**
 * The operator's admin area end to end (docs/requirements/administration.md#administration), against the real server in Chromium: the
 * administrator (the server's first account) uploads a font on Admin → Fonts, makes a sample
 * template from a project whose design uses it and publishes it on Admin → Sample templates; a
 * customer finds it in the /templates gallery, uses it on their project and prints — the print
 * file embeds the uploaded font. A free user sees the plan banner on the maps screen, cannot save
 * and is refused by the server; the administrator disables that user, whose session stops at once.
 */
const env = serverAndBrowser();

/** A real TrueType font the repository installs (Noto Sans Arabic, OFL), not one of the built-in fonts. */
const FONT_FILE = path.join(ROOT, 'node_modules/@expo-google-fonts/noto-sans-arabic/500Medium/NotoSansArabic_500Medium.ttf');
const FONT_NAME = 'NotoSansArabic-Medium';

/** Generate print file on Print Preview (see `generatePrintFile`), resolving with the PDF. */
async function printFileOf(page: Page): Promise<Buffer> {
  const link = await generatePrintFile(page);
  return (await page.request.get(new URL((await link.getAttribute('href'))!, page.url()).toString())).body();
}

test('an uploaded font and a published sample template reach a customer\'s print file', { timeout: 480_000 }, async () => {
  // The administrator: the server's first account, with a mapped self-mailer project.
  const { context: admin, projectId: adminProject } = await mappedProject(env.browser, env.server.url, { email: 'operator@example.test', project: { name: 'Seasonal master' } });
  const page = await admin.newPage();
  page.setDefaultTimeout(30_000);
  await screenshotOnFailure(page, 'admin-area', async () => {
    // Admin → Fonts: upload the TTF under a display name.
    await page.goto('/admin/fonts');
    const upload = page.getByRole('form', { name: 'Upload a font' });
    await upload.getByLabel('Font file (.ttf, .otf)').setInputFiles(FONT_FILE);
    await upload.getByLabel('Name in the designer (optional)').fill('Noto Arabic');
    await upload.getByRole('button', { name: 'Upload' }).click();
    await upload.getByRole('status').waitFor();
    await page.getByRole('cell', { name: FONT_NAME, exact: true }).first().waitFor();
    const fonts = await (await admin.request.get('/api/fonts')).json() as Array<{ postscript_name: string; display_name: string }>;
    assert.deepEqual(fonts.find((f) => f.postscript_name === FONT_NAME)?.display_name, 'Noto Arabic');
    await page.getByRole('region', { name: 'Recent changes' }).or(page.getByLabel('Recent changes')).first().getByText(/Noto/).first().waitFor();

    // The master design: the first built-in self-mailer, plus a greeting set in the uploaded font.
    const samples = await (await admin.request.get('/api/templates/samples?type=self_mailer&size=8.5x11')).json() as Array<{ id: string }>;
    assert.ok(samples.length >= 1, 'built-in self-mailer samples');
    const applied = await admin.request.post(`/api/templates/samples/${samples[0].id}/apply`, { headers: SAME_ORIGIN, data: { projectId: adminProject } });
    assert.equal(applied.status(), 200, await applied.text());
    const design = await (await admin.request.get(`/api/templates/project/${adminProject}/design`)).json();
    design.template_data_inside.schemas[0].push({
      name: 'greeting_ar', type: 'text', content: 'مرحبا بكم', readOnly: true, required: false, position: { x: 20, y: 240 }, width: 80, height: 12,
      fontName: FONT_NAME, fontSize: 18, alignment: 'left', verticalAlignment: 'top', lineHeight: 1, characterSpacing: 0, fontColor: '#000000', backgroundColor: '', opacity: 1, rotate: 0,
    });
    const saved = await admin.request.post(`/api/templates/project/${adminProject}/design`, {
      headers: SAME_ORIGIN, data: { template_data_inside: design.template_data_inside, template_data_outside: design.template_data_outside },
    });
    assert.equal(saved.status(), 200, await saved.text());

    // Admin → Sample templates: create one from that project (hidden at first), then publish it.
    await page.goto('/admin/sample-templates');
    await page.getByLabel('Project', { exact: true }).selectOption(adminProject);
    await page.getByLabel('Name', { exact: true }).fill('Arabic welcome');
    await page.getByRole('button', { name: 'Create sample template' }).click();
    const published = page.getByRole('switch', { name: 'Published: Arabic welcome' });
    await published.waitFor();
    assert.equal(await published.getAttribute('aria-checked'), 'false', 'a new sample starts hidden');
    await published.click();
    await page.waitForFunction(() => document.querySelector('[aria-label="Published: Arabic welcome"]')?.getAttribute('aria-checked') === 'true');
  });

  // A customer on the free plan, with their own mapped self-mailer project.
  const { context: customer, projectId: customerProject } = await mappedProject(env.browser, env.server.url, { email: 'shop@example.test', project: { name: 'Spring mailer' } });
  const shop = await customer.newPage();
  shop.setDefaultTimeout(30_000);
  await screenshotOnFailure(shop, 'admin-area-customer', async () => {
    await shop.goto('/templates');
    await shop.getByRole('button', { name: 'Use this template: Arabic welcome' }).click();
    const dialog = shop.getByRole('dialog', { name: 'Use “Arabic welcome”' });
    await dialog.getByLabel('Project', { exact: true }).selectOption(customerProject);
    await dialog.getByRole('button', { name: 'Use this template' }).click();
    await shop.waitForURL(new RegExp(`/projects/${customerProject}/editor$`));
    const copied = await (await customer.request.get(`/api/templates/project/${customerProject}/design`)).json();
    assert.ok(JSON.stringify(copied.template_data_inside).includes(FONT_NAME), 'the design came with the uploaded font');

    await shop.goto(`/projects/${customerProject}/production`);
    const pdf = await printFileOf(shop);
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-admin-e2e-'));
    try {
      await fs.writeFile(path.join(dir, 'print.pdf'), pdf);
      const listed = execFileSync('pdffonts', [path.join(dir, 'print.pdf')], { encoding: 'utf8' });
      const row = listed.split('\n').find((l) => l.includes(FONT_NAME));
      assert.ok(row, `pdffonts lists ${FONT_NAME}:\n${listed}`);
      assert.match(row!, /\s(yes|no)\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$/);
      assert.equal(row!.trim().split(/\s+/).at(-5), 'yes', `embedded: ${row}`);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  // A free user: the maps screen shows the plan banner, cannot save, and the server refuses too.
  await screenshotOnFailure(shop, 'admin-area-free-maps', async () => {
    const lists = await (await customer.request.get('/api/lists')).json() as Array<{ id: string }>;
    await shop.goto(`/maps?project=${customerProject}&listId=${lists[0].id}`);
    await shop.getByText('You need to upgrade your plan to save map configurations').first().waitFor();
    await shop.getByText('Your plan:').first().waitFor();
    assert.equal(await shop.getByRole('button', { name: 'Save Configuration' }).isDisabled(), true, 'Save Configuration is greyed out');
    const refused = await customer.request.post('/api/maps/locations', { headers: SAME_ORIGIN, data: { name: 'Shop', address: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' } });
    assert.equal(refused.status(), 402);
    assert.equal((await refused.json()).error.message, 'You need to upgrade your plan to save map configurations');
  });

  // Admin → Users: disable the customer; their session stops at once.
  await screenshotOnFailure(page, 'admin-area-disable', async () => {
    await page.goto('/admin/users');
    await page.getByRole('button', { name: 'Details of shop@example.test' }).click();
    const details = page.getByRole('group', { name: 'Details of shop@example.test' });
    await details.getByRole('button', { name: 'Disable account' }).click();
    await details.getByRole('button', { name: 'Disable', exact: true }).click();
    await details.getByText('Disabled').waitFor();
    assert.equal((await customer.request.get('/api/projects')).status(), 401);
  });
  await admin.close();
  await customer.close();
});

