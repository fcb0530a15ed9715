import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { eventually, launchChromium, SAME_ORIGIN, screenshotOnFailure, signedInContext, startServer } from './support.ts';

/**
 * The project list and mailing permits of docs/requirements/workflow.md#route-table ("Project list screen", "Template setup
 * screen"), §4 (new-project defaults, size reset, success messages) and §5 (validation) in the real
 * browser: the empty state, creating, editing and deleting projects, the permit form and list in
 * the create form's Advanced section, and the template setup dialog's pixel size and PDF guide.
 */
let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;

before(async () => {
  server = await startServer();
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

/** A new account's signed-in context and page; each test has its own, so none sees another's data. */
async function signedIn(email: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await signedInContext(browser, server.url, { email });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/** Clicks Add New Permit and waits for the form. */
async function openPermitForm(permits: Locator): Promise<void> {
  await permits.getByRole('button', { name: 'Add New Permit' }).click();
  await permits.getByLabel('Permit name').waitFor();
}

/** Runs a test body on a fresh account, with a screenshot on failure and the context closed after. */
async function asNewUser(name: string, body: (page: Page, context: BrowserContext) => Promise<void>) {
  const { context, page } = await signedIn(`${name}@example.test`);
  try {
    await screenshotOnFailure(page, `projects-permits-${name}`, () => body(page, context));
  } finally {
    await context.close();
  }
}

/** The text an antd Select shows for its value (its combobox input itself stays empty). */
const selectShows = (combobox: Locator) => combobox.locator('xpath=..').innerText();

test('project list: empty state, name required, postcard size, create, and the new card', async () => {
  await asNewUser('creator', async (page, context) => {
    await page.goto('/projects');
    await page.getByText('No projects yet').waitFor();

    // §5: Create is disabled without a name, and a blank name does not count.
    const create = page.getByRole('button', { name: 'Create' }); // its name also has the icon's 'plus'
    assert.equal(await create.isDisabled(), true, 'Create disabled without a name');
    const name = page.getByLabel('Project name');
    await name.fill('x');
    await eventually(() => create.isEnabled(), 'Create enabled with a name');
    await name.fill('   ');
    await eventually(() => create.isDisabled(), 'Create disabled again for a blank name');

    // §4 defaults, then §4/§5: choosing Postcard resets the size to 6x9, the only postcard size.
    const type = page.getByRole('radiogroup', { name: 'Mailer type' });
    const size = page.getByRole('radiogroup', { name: 'Size', exact: true });
    const checked = async (group: Locator) => (await group.locator('.ant-radio-button-wrapper-checked').allInnerTexts()).join();
    assert.equal(await checked(type), 'Self-Mailer');
    assert.equal(await checked(size), '8.5x11');
    await type.getByText('Postcard').click();
    await eventually(async () => (await checked(size)) === '6x9', 'the size resets to 6x9 for a postcard');
    await page.getByText('Additional sizes coming soon').waitFor();
    assert.equal((await size.locator('.ant-radio-button-wrapper').allInnerTexts()).join(), '6x9', 'postcards come in 6x9 only');

    await name.fill('Harbor sale');
    await page.getByLabel('Description').fill('Postcards for the harbor district');
    await eventually(() => create.isEnabled(), 'Create enabled with a name');
    await create.click();
    await page.waitForURL(/\/upload\?project=[\w-]+$/);
    const projectId = new URL(page.url()).searchParams.get('project');

    const [project] = await (await context.request.get('/api/projects')).json();
    assert.equal(project.id, projectId);
    assert.deepEqual(
      [project.name, project.template_type, project.paper_size, project.sides, project.permit_type],
      ['Harbor sale', 'postcard', '6x9', 'double', 'product'],
    );

    // The card: name, type, size and sides, description, created date.
    await page.goto('/projects');
    const card = page.getByTestId('project-card').filter({ hasText: 'Harbor sale' });
    await card.waitFor();
    await card.getByRole('link', { name: 'Harbor sale' }).waitFor();
    await card.getByText('Postcard', { exact: true }).waitFor();
    await card.getByText('6x9 · Double-sided').waitFor();
    await card.getByText('Postcards for the harbor district').waitFor();
    const created = await page.evaluate(
      (iso) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' }),
      project.created_at as string,
    );
    await card.getByText(`Created ${created}`).waitFor();
    assert.equal(await page.getByText('No projects yet').count(), 0);
  });
});

test('editing a project shows success and closes after ~1.5 s; delete confirms inline with Yes/No', async () => {
  await asNewUser('editor', async (page, context) => {
    const res = await context.request.post('/api/projects', { headers: SAME_ORIGIN, data: { name: 'Fall flyer' } });
    assert.equal(res.status(), 201);
    await page.goto('/projects');
    await page.getByTestId('project-card').filter({ hasText: 'Fall flyer' }).waitFor();

    await page.getByRole('button', { name: 'Edit project Fall flyer' }).click();
    const form = page.getByRole('form', { name: 'Edit project Fall flyer' });
    const save = form.getByRole('button', { name: 'Save' });
    await form.getByLabel('Project name').fill('');
    await eventually(() => save.isDisabled(), 'Save disabled without a name');
    await form.getByLabel('Project name').fill('Fall flyer v2');
    await form.getByLabel('Description').fill('Second draft');
    // Timed from the click: the 1.5 s start when the server has answered, so this is never less.
    const clickedAt = Date.now();
    await save.click();
    await form.getByText('Project updated successfully').waitFor();
    await form.waitFor({ state: 'detached' });
    const closedAfter = Date.now() - clickedAt;
    assert.ok(closedAfter >= 1_500 && closedAfter < 5_000, `the form closes 1.5 s after saving (took ${closedAfter} ms)`);

    const card = page.getByTestId('project-card').filter({ hasText: 'Fall flyer v2' });
    await card.getByText('Second draft').waitFor();
    const [saved] = await (await context.request.get('/api/projects')).json();
    assert.equal(saved.name, 'Fall flyer v2');

    // Delete: the inline 'Confirm delete?'; No keeps the card, Yes removes it.
    await card.getByRole('button', { name: 'Delete project Fall flyer v2' }).click();
    const confirm = card.getByRole('group', { name: 'Confirm deleting Fall flyer v2' });
    await confirm.getByText('Confirm delete?').waitFor();
    await confirm.getByRole('button', { name: 'No' }).click();
    await confirm.waitFor({ state: 'detached' });
    await card.getByText(/^Created /).waitFor();
    assert.equal((await (await context.request.get('/api/projects')).json()).length, 1, 'No keeps the project');

    await card.getByRole('button', { name: 'Delete project Fall flyer v2' }).click();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await card.waitFor({ state: 'detached' });
    await page.getByText('No projects yet').waitFor();
    assert.deepEqual(await (await context.request.get('/api/projects')).json(), []);
  });
});

test('permits in the Advanced section: defaults, validation, 20-character lines, save, default, delete', async () => {
  await asNewUser('permits', async (page, context) => {
    await page.goto('/projects');
    await page.getByRole('button', { name: 'Advanced' }).click();
    // Wait for the panel's opening animation to end (antd drops its motion class). At the end the
    // panel's fixed height goes and the page below shifts: a click under way then has its pointerdown
    // on Add New Permit and its pointerup beside it, and the browser sends the click to neither.
    await page.locator('.ant-collapse-panel-active:not(.ant-motion-collapse)').waitFor();
    const permits = page.getByRole('region', { name: 'Mailing permits' });
    // The permit list belongs to 'My own permit' only: the radio and the 'Selected' card agree (docs/requirements/workflow.md#clear-states-and-fast-pages).
    const choice = page.getByRole('radiogroup', { name: 'Mailing permit' });
    assert.ok(await choice.getByRole('radio', { name: 'Mailcraft permit' }).isChecked(), 'the spec default: Mailcraft permit');
    assert.equal(await permits.count(), 0, 'no permit list for the Mailcraft permit');
    await choice.getByText('No permit', { exact: true }).click();
    assert.equal(await permits.count(), 0, 'no permit list for No permit');
    await choice.getByText('My own permit', { exact: true }).click();
    await permits.getByText('No mailing permits yet').waitFor();
    await openPermitForm(permits);

    // §5: the six lines come prefilled with the indicia defaults.
    const line = (n: number) => permits.getByLabel(`Line ${n}`, { exact: true });
    const defaults = ['PRESORTED', 'STANDARD', 'U.S. POSTAGE', 'PAID', 'PERMIT NO.', 'CITY, STATE'];
    for (const [i, text] of defaults.entries()) assert.equal(await line(i + 1).inputValue(), text, `line ${i + 1}`);

    // The name is required.
    const permitName = permits.getByLabel('Permit name');
    await permitName.fill('Acme');
    await permitName.fill('');
    await permitName.blur();
    await permits.getByText('Permit name is required').waitFor();

    // Typing 25 characters keeps 20.
    await line(5).fill('');
    await line(5).pressSequentially('PERMIT NO. 12345-67890XYZ');
    assert.equal(await line(5).inputValue(), 'PERMIT NO. 12345-678');
    await permits.getByText('Maximum 20 characters allowed').waitFor();

    await permitName.fill('Acme standard mail');
    await permits.getByText('Permit name is required').waitFor({ state: 'detached' });
    const clickedAt = Date.now(); // the 3 s start when the server has answered: never less from here
    await permits.getByRole('button', { name: 'Save permit' }).click();
    const saved = permits.getByText('Permit saved successfully');
    await saved.waitFor();
    const first = permits.getByTestId('permit-card').filter({ hasText: 'Acme standard mail' });
    await first.getByText('Default', { exact: true }).waitFor();
    await saved.waitFor({ state: 'detached' });
    const clearedAfter = Date.now() - clickedAt;
    assert.ok(clearedAfter >= 3_000 && clearedAfter < 7_000, `the message clears after 3 s (took ${clearedAfter} ms)`);

    const [stored] = await (await context.request.get('/api/templates/permits')).json();
    assert.equal(stored.is_default, true, 'the first permit saved is the default');
    assert.deepEqual(
      [1, 2, 3, 4, 5, 6].map((n) => stored.indicia[`line${n}`]),
      ['PRESORTED', 'STANDARD', 'U.S. POSTAGE', 'PAID', 'PERMIT NO. 12345-678', 'CITY, STATE'],
    );

    // A second permit is not the default.
    await openPermitForm(permits);
    await permits.getByLabel('Permit name').fill('Backup permit');
    await permits.getByRole('button', { name: 'Save permit' }).click();
    const second = permits.getByTestId('permit-card').filter({ hasText: 'Backup permit' });
    await second.waitFor();
    // Let the message go first: its removal shifts the cards, and could move one under a click.
    await saved.waitFor({ state: 'detached' });
    assert.equal(await second.getByText('Default', { exact: true }).count(), 0);
    assert.equal(await first.getByText('Default', { exact: true }).count(), 1);

    // Delete asks first, then reports.
    await second.getByRole('button', { name: 'Delete permit Backup permit' }).click();
    await page.getByText('Are you sure you want to delete this permit?').waitFor();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await permits.getByText('Permit deleted successfully').waitFor();
    await second.waitFor({ state: 'detached' });
    const left = await (await context.request.get('/api/templates/permits')).json();
    assert.deepEqual(left.map((p: { name: string }) => p.name), ['Acme standard mail']);
  });
});

test('template setup: pixel size at 300 DPI, the PDF guide download, the default permit preselected', async () => {
  await asNewUser('setup', async (page, context) => {
    const project = await (await context.request.post('/api/projects', { headers: SAME_ORIGIN, data: { name: 'Guide check' } })).json();
    const indicia = { line1: 'PRESORTED', line2: 'STANDARD', line3: 'U.S. POSTAGE', line4: 'PAID', line5: 'PERMIT NO. 7', line6: 'AUSTIN, TX' };
    const permit = await context.request.post('/api/templates/permits', { headers: SAME_ORIGIN, data: { name: 'Austin permit', indicia, isDefault: false } });
    assert.equal(permit.status(), 201);

    await page.goto(`/projects/${project.id}`);
    await page.getByRole('button', { name: 'Set up template' }).click();
    const dialog = page.getByRole('dialog', { name: 'Template setup' });
    await dialog.waitFor();
    await page.waitForURL(/\?setup=template$/);
    assert.equal(await selectShows(dialog.getByLabel('Paper size')), '8.5x11');
    await dialog.getByText(/\b2550\b\D+\b3300\b px at 300 DPI/).waitFor();

    const link = dialog.getByRole('link', { name: 'Download PDF template' });
    const href = await link.getAttribute('href');
    assert.ok(href, 'the PDF template button is a link');
    const pdf = await page.request.get(new URL(href, server.url).toString());
    assert.equal(pdf.status(), 200);
    assert.match(pdf.headers()['content-type'], /application\/pdf/);
    assert.equal((await pdf.body()).subarray(0, 5).toString('latin1'), '%PDF-');

    // §4: with 'Using Mailing Permit', the (first, hence default) permit is selected on load.
    await dialog.getByRole('checkbox', { name: 'Using Mailing Permit' }).check();
    const card = dialog.getByTestId('permit-card').filter({ hasText: 'Austin permit' });
    await card.getByText('Default', { exact: true }).waitFor();
    await card.getByText('Selected', { exact: true }).first().waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.equal(new URL(page.url()).search, '');
  });
});
