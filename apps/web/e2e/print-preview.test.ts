import fs from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext } from 'playwright-core';
import { ARTIFACTS, eventually, generatePrintFile, mappedProject, SAME_ORIGIN, screenshotOnFailure, serverAndBrowser, SHARED_DATA } from './support.ts';

/**
 * The Print Preview as a professional proofing step (docs/requirements/workflow.md#clear-states-and-fast-pages): a proof of any record found by name
 * opens large; earlier print files stay listed after a reload; after the project switches to a
 * list that lacks fields the design prints, the page warns with counts and generating needs the
 * user's explicit 'Generate anyway'.
 */
const env = serverAndBrowser();

/** A text element of the design (mm), named after the merge field it prints. */
const text = (name: string, y: number) => ({
  name, type: 'text', content: name, position: { x: 110, y }, width: 90, height: 8, fontSize: 11, fontName: 'Helvetica',
});

/** Uploads a shared list for the project through the API; returns its id. */
async function upload(context: BrowserContext, projectId: string, file: string): Promise<string> {
  const res = await context.request.post('/api/lists/upload', {
    headers: SAME_ORIGIN,
    multipart: { projectId, file: { name: file, mimeType: 'text/csv', buffer: await fs.readFile(path.join(SHARED_DATA, file)) } },
  });
  assert.equal(res.status(), 201, await res.text());
  return (await res.json()).id;
}

test('proof any record, earlier print files after a reload, warnings before printing another list', async () => {
  const { context, projectId } = await mappedProject(env.browser, env.server.url, {
    email: 'proofs@example.test', project: { name: 'Proofs', sides: 'single', permit_type: 'none' },
  });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await screenshotOnFailure(page, 'print-preview', async () => {
    const page1 = { basePdf: { width: 215.9, height: 279.4, padding: [6.35, 6.35, 6.35, 6.35] }, schemas: [[text('full_name', 150), text('address', 160), text('city_state_zip', 170)]] };
    const design = await context.request.post(`/api/templates/project/${projectId}/design`, { headers: SAME_ORIGIN, data: { template_data_inside: page1 } });
    assert.equal(design.status(), 200, await design.text());

    await page.goto(`/projects/${projectId}/production`);
    await page.getByText('Proof any record').waitFor();
    assert.equal(await page.getByTestId('print-check').count(), 0, 'us-500 maps every field the design prints');

    // Find Art Venere by name: his piece opens as record 3, large on click.
    await page.getByRole('combobox', { name: 'Find a record' }).fill('venere');
    await page.getByRole('option').filter({ hasText: 'Art Venere' }).click();
    const proof = page.getByRole('group', { name: 'Proof of record 3' });
    await proof.getByRole('img', { name: 'Record 3' }).waitFor();
    assert.equal(await page.getByRole('spinbutton', { name: 'Record number' }).inputValue(), '3');
    await proof.getByRole('img', { name: 'Record 3' }).click();
    const large = page.locator('.ant-image-preview-img');
    await large.waitFor();
    // Opened to most of the 900 px window (after its zoom-in animation).
    await eventually(async () => ((await large.boundingBox())?.height ?? 0) > 600, 'the proof opens large');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Next record' }).click();
    await page.getByRole('group', { name: 'Proof of record 4' }).getByRole('img', { name: 'Record 4' }).waitFor();

    // A print file, then a reload: it is listed with its list and design version.
    await generatePrintFile(page, 120_000);
    await page.reload();
    const history = page.locator('.print-history');
    const row = history.locator('tbody tr.plain-table-row');
    await row.first().waitFor();
    assert.equal(await row.count(), 1);
    assert.match(await row.first().innerText(), /500\s+us-500\.csv\s+Version 1\s+[\d.]+ (KB|MB)\s+Ready/);
    const href = await row.first().getByRole('link', { name: /^Download the print file/ }).getAttribute('href');
    assert.equal((await context.request.get(href!)).status(), 200);

    // Switch to letters-small (no name or street columns): the page warns with counts.
    const second = await upload(context, projectId, 'letters-small.csv');
    assert.equal((await context.request.put(`/api/projects/${projectId}/list`, { headers: SAME_ORIGIN, data: { listId: second } })).status(), 200);
    await page.reload();
    const warning = page.getByTestId('print-check');
    await warning.getByText('Check before printing').waitFor();
    await warning.getByText('The design prints Address, Full Name, but letters-small.csv maps no column to them', { exact: false }).waitFor();
    await warning.getByText(/^7 of 7 records lack part of their address: Address \(7\), ZIP Code \(7\)/).waitFor();
    await page.getByRole('button', { name: 'Generate print file' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Generate the print file with these problems?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    assert.equal(await row.count(), 1, 'cancel starts nothing');
    await page.getByRole('button', { name: 'Generate print file' }).click();
    await confirm.getByRole('button', { name: 'Generate anyway' }).click();
    await page.getByRole('link', { name: 'Download print file (PDF)' }).waitFor({ timeout: 60_000 });
    await row.nth(1).waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'print-preview.png'), fullPage: true });
    assert.match(await row.first().innerText(), /7\s+letters-small\.csv\s+Version 1/);
  });
  await context.close();
});
