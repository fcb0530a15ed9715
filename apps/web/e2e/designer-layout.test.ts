import path from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { addressSideZones } from '@mailcraft/shared/designs';
import { ARTIFACTS, eventually, mappedProject, screenshotOnFailure, serverAndBrowser } from './support.ts';

/**
 * The Designer as a designer expects it (docs/requirements/workflow.md#clear-states-and-fast-pages): full width at 1440 and 1920 px with the page
 * fitting the canvas; address block, indicia and QR code inserted into their USPS zones (read back
 * from the saved design); the zones drawn on the page; Undo/Redo buttons; a draft that survives a
 * reload; and at phone width a message instead of a covered canvas.
 */
const env = serverAndBrowser();

/** A signed-in context at `viewport` with a double-sided 8.5x11 project whose us-500 list is mapped. */
const projectWithList = (viewport: { width: number; height: number }, email: string) =>
  mappedProject(env.browser, env.server.url, { email, viewport, project: { name: 'Layout', sides: 'double' } });

type Box = { x: number; y: number; width: number; height: number };
const within = (a: Box, r: Box) => a.x >= r.x - 0.01 && a.y >= r.y - 0.01 && a.x + a.width <= r.x + r.width + 0.01 && a.y + a.height <= r.y + r.height + 0.01;
const ZONES = Object.fromEntries(addressSideZones(215.9, 279.4).map((z) => [z.name, z.rect]));

async function openEditor(page: Page, projectId: string) {
  await page.goto(`/projects/${projectId}/editor`);
  await page.getByRole('button', { name: 'Save', exact: true }).waitFor({ timeout: 60_000 });
  await page.locator('.mc-usps-zone').first().waitFor();
}

for (const viewport of [{ width: 1440, height: 900 }, { width: 1920, height: 1080 }]) {
  test(`at ${viewport.width} px: full width, elements in their USPS zones, undo/redo, a draft kept across a reload`, async () => {
    const { context, projectId } = await projectWithList(viewport, `layout${viewport.width}@example.test`);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await screenshotOnFailure(page, `designer-${viewport.width}`, async () => {
      await openEditor(page, projectId);
      const canvas = (await page.locator('.editor-canvas').boundingBox())!;
      assert.ok(canvas.width >= 0.6 * viewport.width, `canvas ${canvas.width} px of ${viewport.width}`);
      const shell = (await page.locator('.app-shell').boundingBox())!;
      assert.equal(Math.round(shell.width), viewport.width, 'the whole app, header included, uses the window');
      // The page fits the canvas on open: the paper is entirely visible.
      const paper = (await page.locator('.mc-usps-zones').locator('..').boundingBox())!;
      assert.ok(paper.y + paper.height <= canvas.y + canvas.height + 1 && paper.height > 0.7 * canvas.height, `page ${JSON.stringify(paper)} in ${JSON.stringify(canvas)}`);
      assert.equal(await page.locator('.mc-usps-zone').count(), 3, 'the three USPS zones are drawn on the address side');

      const fields = page.getByRole('complementary', { name: 'Fields' });
      await fields.getByRole('button', { name: /Address block/ }).click();
      await fields.getByRole('button', { name: /Mailing permit indicia/ }).click();
      await fields.getByRole('button', { name: /QR code/ }).click();
      await fields.getByRole('button', { name: /First Name/ }).first().click();

      // Undo takes the last insert back, Redo restores it.
      const undo = page.getByRole('button', { name: 'Undo' });
      const redo = page.getByRole('button', { name: 'Redo' });
      await undo.click();
      await eventually(() => redo.isEnabled(), 'redo is possible after an undo');
      await redo.click();
      await eventually(() => redo.isDisabled(), 'nothing left to redo');

      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Design saved').waitFor();
      const saved = await (await context.request.get(`/api/templates/project/${projectId}/design`)).json();
      const outside = saved.template_data_outside.schemas[0] as Array<{ name: string; type: string; position: { x: number; y: number }; width: number; height: number }>;
      const el = (type: string) => outside.find((s) => s.type === type)!;
      const box = (s: { position: { x: number; y: number }; width: number; height: number }) => ({ ...s.position, width: s.width, height: s.height });
      assert.ok(within(box(el('multiVariableText')), ZONES['Address zone']), `address block ${JSON.stringify(box(el('multiVariableText')))}`);
      assert.ok(within(box(el('indicia')), ZONES['Indicia zone']), `indicia ${JSON.stringify(box(el('indicia')))}`);
      assert.ok(el('qrVector').width >= 20, 'a scannable QR code');
      const first = outside.find((s) => s.name === 'first_name')!;
      const qr = el('qrVector');
      assert.ok(first.position.y >= qr.position.y + qr.height, 'the merge field goes below the element inserted before it');

      // An unsaved change survives a reload as a draft.
      await fields.getByRole('button', { name: /Last Name/ }).first().click();
      await page.getByText('Unsaved changes', { exact: true }).waitFor();
      page.once('dialog', (d) => void d.accept());
      await page.reload();
      await page.getByText(/^Restored your unsaved changes from /).waitFor({ timeout: 60_000 });
      await page.getByText('Unsaved changes', { exact: true }).waitFor();
      await page.screenshot({ path: path.join(ARTIFACTS, `designer-${viewport.width}.png`) });
    });
    await context.close();
  });
}

test('at 390 px the designer says it needs a larger screen and offers the proof and print steps', async () => {
  const { context, projectId } = await projectWithList({ width: 390, height: 844 }, 'layout390@example.test');
  const page = await context.newPage();
  await screenshotOnFailure(page, 'designer-390', async () => {
    await page.goto(`/projects/${projectId}/editor`);
    await page.getByText('The designer needs a larger screen').waitFor();
    assert.ok(await page.evaluate('document.documentElement.scrollWidth <= 390'), 'no horizontal overflow');
    await page.getByRole('button', { name: 'Proofs and print file' }).click();
    await page.waitForURL(/\/production$/);
  });
  await context.close();
});
