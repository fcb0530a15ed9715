import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { eventually, launchChromium, SAME_ORIGIN, screenshotOnFailure, SHARED_DATA, startServer } from './support.ts';

/**
 * Mailing lists and column mapping of docs/requirements/workflow.md#route-table ("Upload screen", "Mapping screen"), §4
 * (upload → mapping, Back, load failure), §5 (accepted types, auto-matching, one field per column)
 * and §8 (upload and load failure messages) in the real browser, with the shared sample lists.
 */
let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let scratch: string;

before(async () => {
  server = await startServer();
  browser = await launchChromium();
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-e2e-lists-'));
});
after(async () => {
  await browser?.close();
  await server?.stop();
  await fs.rm(scratch, { recursive: true, force: true });
});

/**
 * Runs a test body as a new account that owns one project (created through the API: these tests
 * are about lists), with a screenshot on failure and the context closed after.
 */
async function withProject(name: string, body: (page: Page, projectId: string, context: BrowserContext) => Promise<void>) {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 } });
  try {
    const signup = await context.request.post('/api/auth/signup', {
      data: { email: `${name}@example.test`, password: 'a long passphrase', given_name: 'Lee', setup_code: server.setupCode },
    });
    assert.equal(signup.status(), 201);
    const project = await context.request.post('/api/projects', { headers: SAME_ORIGIN, data: { name: `${name} mailing` } });
    assert.equal(project.status(), 201);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await screenshotOnFailure(page, `mailing-lists-${name}`, async () => body(page, (await project.json()).id, context));
  } finally {
    await context.close();
  }
}

/** Uploads a shared sample list through the API, as the project's current list. */
async function uploadShared(context: BrowserContext, projectId: string, file: string): Promise<string> {
  const res = await context.request.post('/api/lists/upload', {
    headers: SAME_ORIGIN,
    multipart: { projectId, file: { name: file, mimeType: 'text/csv', buffer: await fs.readFile(path.join(SHARED_DATA, file)) } },
  });
  assert.equal(res.status(), 201, await res.text());
  return (await res.json()).id;
}

/** The file input of the upload zone's Browse Files button. */
const fileInput = (page: Page) => page.locator('#mailing-list-file');
/** The open antd Select dropdown. */
const dropdown = (page: Page) => page.locator('.ant-select-dropdown:visible');
/** A row of the mapping screen by its target field, e.g. 'first_name'. */
const mappingRow = (page: Page, field: string) => page.locator(`.mapping-row[data-field="${field}"]`);
/** The column an antd Select shows as chosen (its combobox input itself stays empty). */
const shownValue = (row: Locator) => row.locator('.mapping-source').innerText();
/** '/upload?project={id}' with nothing else in the query. */
const isUploadOf = (projectId: string) => (url: URL) =>
  url.pathname === '/upload' && url.search === `?project=${projectId}`;

test('us-500.xlsx: upload, data preview paging, auto-mapping, used columns disabled, Back', async () => {
  await withProject('mapper', async (page, projectId) => {
    await page.goto(`/upload?project=${projectId}`);
    await page.getByText('No mailing lists yet', { exact: false }).waitFor();
    await fileInput(page).setInputFiles(path.join(SHARED_DATA, 'us-500.xlsx'));
    await page.waitForURL(/step=mapping/);
    const url = new URL(page.url());
    assert.equal(url.searchParams.get('project'), projectId);
    assert.ok(url.searchParams.get('listId'), 'the mapping step names the new list');
    await page.getByText('Showing 1 to 10 of 500 records').waitFor();

    // Auto-matching (§5): first_name → First Name; the spreadsheet's numeric ZIP 8014 prints as 08014.
    assert.equal(await shownValue(mappingRow(page, 'first_name')), 'first_name');
    assert.equal(await shownValue(mappingRow(page, 'zip')), 'zip');
    const zips = page.getByRole('group', { name: 'Preview of ZIP Code' }).locator('.mapping-preview-value');
    assert.deepEqual(await zips.allInnerTexts(), ['70116', '48116', '08014']);
    assert.deepEqual(
      await page.getByRole('group', { name: 'Preview of First Name' }).locator('.mapping-preview-value').allInnerTexts(),
      ['James', 'Josephine', 'Art'],
    );

    // A column used by one field is disabled in another field's dropdown (§5).
    await page.getByRole('combobox', { name: 'Source column for Middle Name' }).click();
    const used = dropdown(page).locator('.ant-select-item-option[title="first_name"]');
    await used.getByText('used by First Name').waitFor();
    assert.equal(await used.getAttribute('aria-disabled'), 'true');
    const free = dropdown(page).locator('.ant-select-item-option[title="county"]');
    assert.equal(await free.getAttribute('aria-disabled'), 'false', 'an unmapped column stays available');
    await used.click({ force: true }); // a click on a disabled option changes nothing
    await page.keyboard.press('Escape');
    await dropdown(page).waitFor({ state: 'hidden' });
    assert.equal(await mappingRow(page, 'middle_name').getByText('Not mapped').count(), 1);
    assert.equal(await shownValue(mappingRow(page, 'first_name')), 'first_name');

    // Data Preview: values as they will print (docs/requirements/workflow.md#clear-states-and-fast-pages) — Art Venere's ZIP 8014 shows as 08014 —
    // under the field each column maps to; 25 rows per page.
    const table = page.locator('.data-preview-table');
    const third = table.locator('tbody tr.plain-table-row').nth(2);
    await third.getByText('08014', { exact: true }).waitFor();
    assert.equal(await third.getByText('8014', { exact: true }).count(), 0);
    await table.locator('thead').getByText('ZIP Code', { exact: true }).waitFor();
    assert.equal(await table.locator('tbody tr.plain-table-row').count(), 10);
    await page.getByLabel('Rows per page').selectOption('25');
    await page.getByText('Showing 1 to 25 of 500 records').waitFor();
    await table.locator('tbody tr.plain-table-row').nth(24).waitFor();
    assert.equal(await table.locator('tbody tr.plain-table-row').count(), 25);

    // Back returns to the list selection of the project, where the new list is the current one.
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.waitForURL(isUploadOf(projectId));
    const card = page.getByTestId('list-card').filter({ hasText: 'us-500' });
    await card.getByText('Current Mailing List').waitFor();
    await card.getByText('500 records').waitFor();
  });
});

test('upload screen: failed and refused uploads, the current list, deleting a list needs DELETE', async () => {
  await withProject('uploader', async (page, projectId, context) => {
    await uploadShared(context, projectId, 'us-500.csv'); // the project had no list: the current list
    await uploadShared(context, projectId, 'letters-small.csv'); // added, not switched to (docs/requirements/workflow.md#clear-states-and-fast-pages)
    const uploads: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/lists/upload')) uploads.push(r.url());
    });

    await page.goto(`/upload?project=${projectId}`);
    const cards = page.getByTestId('list-card');
    const current = cards.filter({ hasText: 'us-500' });
    const other = cards.filter({ hasText: 'letters-small' });
    await current.getByText('Current Mailing List').waitFor();
    await other.waitFor();
    assert.equal(await cards.count(), 2);
    assert.equal(await current.getByRole('button', { name: /^Delete / }).count(), 0, 'no delete icon on the current list');
    await current.getByRole('button', { name: /^Preview / }).waitFor();
    assert.equal(await other.getByText('Current Mailing List').count(), 0);

    // A header-only CSV: the server refuses it; its sentence first, the spec's status line below.
    const headerOnly = path.join(scratch, 'header-only.csv');
    await fs.writeFile(headerOnly, 'first_name,last_name,address,city,state,zip\r\n');
    await fileInput(page).setInputFiles(headerOnly);
    const failure = page.getByRole('alert').filter({ hasText: 'Upload failed' });
    await failure.getByText('Upload failed: 422 Unprocessable Entity').waitFor();
    await failure.locator('.ant-alert-title').getByText('The file has a header row but no data rows.', { exact: true }).waitFor();
    assert.equal(uploads.length, 1);
    assert.ok(isUploadOf(projectId)(new URL(page.url())), 'still on the list selection');
    assert.equal(await cards.count(), 2, 'the existing lists are still there');
    await current.getByText('Current Mailing List').waitFor();
    await failure.getByRole('button', { name: 'Dismiss' }).click();
    await failure.waitFor({ state: 'detached' });

    // A .txt file is refused before anything is sent (§5).
    const text = path.join(scratch, 'addresses.txt');
    await fs.writeFile(text, 'first_name,zip\nAda,02139\n');
    await fileInput(page).setInputFiles(text);
    const refused = page.getByRole('alert').filter({ hasText: 'File not accepted' });
    await refused.getByText('“addresses.txt”: Only .csv, .xls and .xlsx files are accepted.').waitFor();
    assert.equal(uploads.length, 1, 'no upload request for a .txt file');

    // Deleting another list needs the typed word DELETE, in any case.
    await other.getByRole('button', { name: 'Delete letters-small.csv' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete mailing list' });
    const confirm = dialog.getByRole('button', { name: 'Delete list' });
    const typed = dialog.getByLabel('Type DELETE to confirm');
    await typed.waitFor();
    assert.equal(await confirm.isDisabled(), true);
    await typed.fill('DELETE');
    await eventually(() => confirm.isEnabled(), 'enabled for DELETE');
    await typed.fill('dele');
    await eventually(() => confirm.isDisabled(), "disabled again for 'dele'");
    await typed.fill('delete');
    await eventually(() => confirm.isEnabled(), "enabled for 'delete' (case-insensitive)");
    assert.equal(await cards.count(), 2, 'nothing deleted before confirming');
    await confirm.click();
    await dialog.waitFor({ state: 'detached' });
    await other.waitFor({ state: 'detached' });
    assert.equal(await cards.count(), 1);
    await current.getByText('Current Mailing List').waitFor();
    const lists = await (await context.request.get('/api/lists')).json();
    assert.deepEqual(lists.map((l: { name: string }) => l.name), ['us-500.csv']);
  });
});

test('a second upload asks before the project switches lists; lists can be renamed', async () => {
  await withProject('switcher', async (page, projectId, context) => {
    await uploadShared(context, projectId, 'us-500.csv');
    const projectList = async () => (await (await context.request.get(`/api/projects/${projectId}`)).json()).list_name;
    await page.goto(`/upload?project=${projectId}`);
    const cards = page.getByTestId('list-card');
    await cards.filter({ hasText: 'us-500' }).getByText('Current Mailing List').waitFor();

    await fileInput(page).setInputFiles(path.join(SHARED_DATA, 'letters-small.csv'));
    const dialog = page.getByRole('dialog', { name: "Switch the project's mailing list?" });
    await dialog.getByText('This project prints from us-500.csv (500 records). Use letters-small.csv instead?', { exact: true }).waitFor();
    assert.equal(await projectList(), 'us-500.csv', 'nothing switched before the answer');
    await dialog.getByRole('button', { name: 'Keep us-500.csv' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.ok(isUploadOf(projectId)(new URL(page.url())), 'keeping stays on the list selection');
    const added = cards.filter({ hasText: 'letters-small' });
    await added.waitFor();
    await added.getByText(/^\d+ records · \d+ columns$/).waitFor();
    await added.getByText(/^Uploaded /).waitFor();
    assert.equal(await projectList(), 'us-500.csv');

    // Rename tells same-named uploads apart.
    await added.getByRole('button', { name: 'Rename letters-small.csv' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename mailing list' });
    await rename.getByLabel('List name').fill('  ');
    await rename.getByText('List name is required').waitFor();
    await rename.getByLabel('List name').fill('Letters, spring');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await rename.waitFor({ state: 'detached' });
    const renamed = cards.filter({ hasText: 'Letters, spring' });
    await renamed.waitFor();

    // Choosing the other card asks too; only 'Use …' switches, then mapping opens for it.
    await renamed.getByRole('button', { name: 'Continue with Letters, spring' }).click();
    await dialog.getByText('This project prints from us-500.csv (500 records). Use Letters, spring instead?', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Use Letters, spring' }).click();
    await page.waitForURL(/step=mapping/);
    assert.equal(await projectList(), 'Letters, spring');
  });
});

test("a listId that doesn't exist shows 'Failed to load list data' and returns to /upload", async () => {
  await withProject('lost', async (page, projectId) => {
    await page.goto(`/upload?project=${projectId}&listId=00000000-0000-4000-8000-000000000000&step=mapping`);
    await page.getByText('Failed to load list data').waitFor();
    await page.waitForURL(isUploadOf(projectId));
    await page.getByText('No mailing lists yet', { exact: false }).waitFor();

    await page.goto(`/upload?project=${projectId}&listId=not-a-list&step=mapping`);
    await page.getByText('Failed to load list data').waitFor();
    await page.waitForURL(isUploadOf(projectId));
  });
});
