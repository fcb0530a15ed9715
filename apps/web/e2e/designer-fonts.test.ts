import { test } from 'node:test';
import assert from 'node:assert/strict';
import { eventually, mappedProject, SAME_ORIGIN, screenshotOnFailure, serverAndBrowser } from './support.ts';

/**
 * The Designer loads only the fonts a design uses (docs/requirements/designer.md#fonts): a design set
 * in Roboto opens without fetching Helvetica; inserting the permit indicia (set in Helvetica) fetches
 * it then, and the open Designer draws with it — no reload, no second copy of a font.
 */
const env = serverAndBrowser();

test('fonts load on demand: only the design\'s at first, another when an element needs it', { timeout: 180_000 }, async () => {
  const { context, projectId } = await mappedProject(env.browser, env.server.url, {
    email: 'fonts@example.test', project: { name: 'Fonts', sides: 'single', permit_type: 'product' },
  });
  const fonts = await (await context.request.get('/api/fonts')).json() as Array<{ id: string; postscript_name: string }>;
  const idOf = (name: string) => fonts.find((f) => f.postscript_name === name)!.id;
  const page1 = {
    basePdf: { width: 215.9, height: 279.4, padding: [6.35, 6.35, 6.35, 6.35] },
    schemas: [[{ name: 'welcome', type: 'text', content: 'Welcome home', readOnly: true, position: { x: 20, y: 20 }, width: 120, height: 12, fontSize: 20, fontName: 'Roboto-Regular' }]],
  };
  const saved = await context.request.post(`/api/templates/project/${projectId}/design`, { headers: SAME_ORIGIN, data: { template_data_inside: page1 } });
  assert.equal(saved.status(), 200, await saved.text());

  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  const fetched: string[] = [];
  page.on('request', (req) => {
    const id = /\/api\/fonts\/([^/]+)\/base64$/.exec(new URL(req.url()).pathname)?.[1];
    if (id) fetched.push(id);
  });
  await screenshotOnFailure(page, 'designer-fonts', async () => {
    await page.goto(`/projects/${projectId}/editor`);
    await page.locator('.editor-canvas').getByText('Welcome home').first().waitFor({ timeout: 60_000 });
    assert.deepEqual(fetched, [idOf('Roboto-Regular')], 'only the font the design uses (also the fallback)');

    await page.getByRole('complementary', { name: 'Fields' }).getByRole('button', { name: /Mailing permit indicia/ }).click();
    await eventually(async () => fetched.includes(idOf('Helvetica')), 'the indicia\'s font is fetched when it is inserted', 15_000);
    const loaded = (family: string) => page.evaluate((f) => [...document.fonts].some((face) => face.family.replace(/["']/g, '') === f && face.status === 'loaded'), family);
    assert.ok(await loaded('Roboto-Regular'));
    await eventually(() => loaded('Helvetica'), 'the open Designer has the font', 15_000);
    assert.equal(fetched.length, 2, `each font once: ${fetched.join(', ')}`);
  });
  await context.close();
});
