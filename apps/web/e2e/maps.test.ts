import { execFileSync } from 'node:child_process';
import path from 'node:path';
import os from 'node:os';
import fs from 'node:fs/promises';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { chromium, type Browser, type Page } from 'playwright-core';
import { convertValue } from '@mailcraft/shared';
import { printedDistance } from '@mailcraft/shared/designs';
import { ARTIFACTS, eventually, saveDesignAndPrint, mappedProject, screenshotOnFailure, startServer } from './support.ts';

/**
 * Personalised route maps end to end (docs/requirements/maps.md#screens "Personalized Maps Configuration", §4, §7):
 * on the quick start's offline defaults, add Blue Gum Café as a business location, drag its pin on
 * the MapLibre map and save it, choose Streets Dark and Horizontal, save the configuration,
 * upload a marker logo, Generate All Routes for us-500 until the progress bar reads 500/500, then
 * page through the previews and see a route map image load; then carry the distance and the map
 * into the QR links (Maps Fields) and print a design with the route map and the driving distance:
 * each piece shows its own record's.
 *
 * MapLibre needs WebGL: Chromium draws it in software with SwiftShader (`--use-angle=swiftshader
 * --enable-unsafe-swiftshader`, docs/decisions/README.md#records), so this file launches its own browser with those
 * switches instead of support.ts's `launchChromium`.
 */
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const fromB64 = (s: string | null) => Buffer.from(s ?? '', 'base64').toString('utf8');
let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;

before(async () => {
  server = await startServer();
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--force-prefers-reduced-motion'],
  });
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** The pin's latitude as Step 1 shows it (read-only field, degrees). */
const latitude = async (page: Page) => Number(await page.getByLabel('Latitude', { exact: true }).inputValue());

test('a business location, its pin and marker, a map configuration and all 500 routes of us-500', { timeout: 600_000 }, async () => {
  // The first account of a server is its operator, on the Business plan, which has maps.
  const { context, projectId, listId } = await mappedProject(browser, server.url, { email: 'maps@example.test', project: { name: 'Maps mailer' } });
  const plan = await (await context.request.get('/api/subscriptions/current')).json();
  assert.equal(plan.features.maps, true, 'the plan includes maps');
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (err) => pageErrors.push(err.message));

  await screenshotOnFailure(page, 'maps', async () => {
    await page.goto(`/maps?project=${projectId}&listId=${listId}`);
    await page.getByRole('heading', { name: 'Personalized Maps Configuration' }).waitFor();

    // Step 1: a new location, placed at its ZIP code until the pin is moved.
    await page.getByRole('button', { name: 'Add New Location' }).click();
    const form = page.getByRole('form', { name: 'New business location' });
    await form.getByLabel('Business name').fill('Blue Gum Café');
    await form.getByLabel('Address').fill('6649 N Blue Gum St');
    await form.getByLabel('City').fill('New Orleans');
    await form.getByLabel('State').fill('LA');
    await form.getByLabel('ZIP').fill('70116');
    await form.getByRole('button', { name: 'Create Location' }).click();
    await page.getByText('Business location created successfully!').waitFor();
    const steps = page.getByRole('list', { name: 'Map setup progress' });
    assert.equal(await steps.getByRole('listitem').first().getAttribute('data-state'), 'done');

    // The map loads (WebGL in software), then the pin is dragged south-east.
    const map = page.getByRole('region', { name: 'Business location map' });
    await page.locator('.maps-map[aria-busy="false"]').waitFor({ timeout: 60_000 });
    const pin = map.locator('.maplibregl-marker');
    await pin.waitFor();
    const before = await latitude(page);
    const box = (await pin.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 + 40, { steps: 12 });
    await page.mouse.up();
    await eventually(async () => (await latitude(page)) !== before, 'the latitude follows the pin');
    assert.ok((await latitude(page)) < before, 'dragged south');
    await page.getByText('You have unsaved changes. Click "Save Business Location" to keep your updates.').waitFor();
    const moved = await latitude(page);
    await page.getByRole('button', { name: 'Save Business Location' }).click();
    await page.getByText('Business location saved successfully!').waitFor();
    const [saved] = await (await context.request.get('/api/maps/locations')).json();
    assert.equal(saved.latitude.toFixed(6), moved.toFixed(6));
    assert.equal(saved.precision, 'pin');

    // Step 2: Streets Dark, horizontal (900x600); then Save Configuration.
    await page.getByLabel('Map Style').selectOption('streets-dark');
    await page.getByLabel('Map Orientation').selectOption('horizontal');
    await page.getByRole('definition').filter({ hasText: /^900x600$/ }).waitFor();
    await page.getByRole('button', { name: 'Save Configuration' }).click();
    await page.getByText('Map configuration saved successfully!').waitFor();
    const config = await (await context.request.get(`/api/maps/config/${projectId}`)).json();
    assert.deepEqual([config.map_style, config.orientation, config.map_width, config.map_height, config.business_location_id], ['streets-dark', 'horizontal', 900, 600, saved.id]);

    // Step 3: a small PNG marker logo.
    const logo = await sharp({ create: { width: 64, height: 64, channels: 4, background: { r: 225, g: 29, b: 72, alpha: 1 } } }).png().toBuffer();
    await page.getByLabel('Marker logo (image, under 1 MB)').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
    await page.getByRole('button', { name: 'Upload Marker' }).click();
    await page.getByText('Business marker uploaded successfully!').waitFor();
    await eventually(async () => (await steps.getByRole('listitem').nth(2).getAttribute('data-state')) === 'done', 'step 3 turns green', 10_000);
    assert.equal(await steps.getByRole('listitem').nth(3).getAttribute('data-state'), 'todo');

    // Step 4: every record of the list, followed to the end.
    const previews = page.getByRole('region', { name: 'Route previews' });
    await previews.getByRole('button', { name: 'Generate All Routes' }).click();
    await previews.getByText('500/500').waitFor({ timeout: 300_000 });
    await previews.getByText(/^Preview 1 of \d+$/).waitFor();
    const total = Number((await previews.getByText(/^Preview 1 of \d+$/).innerText()).split(' of ')[1]);
    assert.ok(total > 1 && total <= 25, `first 25 records previewed, got ${total}`);
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('.maps-route-image');
      return !!img && img.complete && img.naturalWidth > 0;
    }, undefined, { timeout: 30_000 });
    await previews.getByRole('button', { name: 'Next', exact: true }).click();
    await previews.getByText(`Preview 2 of ${total}`).waitFor();
    await previews.getByRole('button', { name: 'Previous', exact: true }).click();
    await previews.getByRole('button', { name: 'Previous', exact: true }).click();
    await previews.getByText(`Preview ${total} of ${total}`).waitFor();
    await previews.getByRole('button', { name: 'Next', exact: true }).click();
    await previews.getByText(`Preview 1 of ${total}`).waitFor();
    await previews.getByText(/miles \([\d,]+ m\)/).first().waitFor();
    await previews.getByText(/\d+ min \([\d,]+ s\)/).first().waitFor();

    await fs.mkdir(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: path.join(ARTIFACTS, 'maps.png'), fullPage: true });

    // The map fields in the QR configuration: distance in miles (1 decimal) and the map image.
    const mapData = await (await context.request.get(`/api/maps/qr-map-data/${listId}?limit=2`)).json() as Array<{ record_id: string; distance: number; s3_url: string }>;
    await page.getByRole('button', { name: 'Back to QR Codes' }).click();
    await page.getByLabel('Destination URL').fill('https://cafe.example.com/visit');
    await page.getByText('Maps Fields', { exact: true }).click();
    await page.getByRole('switch', { name: 'Distance' }).click();
    await page.getByLabel('Distance format').selectOption('miles_1');
    await page.getByRole('switch', { name: 'Map Image' }).click();
    await page.getByRole('button', { name: 'Save & Continue' }).click();
    await eventually(async () => (await (await context.request.get(`/api/qr/list/${listId}`)).json()).length === 1, 'the QR configuration is saved', 10_000);
    const preview = await (await context.request.get(`/api/data-preview/list/${listId}?page=1&limit=5`)).json() as { records: Array<{ record_id: string; short_url: string }> };
    const scan = await context.request.get(preview.records[1].short_url, { maxRedirects: 0, headers: { 'user-agent': IPHONE } });
    assert.equal(scan.status(), 302);
    const dest = new URL(scan.headers().location);
    const second = mapData.find((m) => m.record_id === preview.records[1].record_id)!;
    assert.equal(fromB64(dest.searchParams.get('distance')), convertValue(String(Math.round(second.distance)), 'miles_1'));
    assert.equal(new URL(fromB64(dest.searchParams.get('map_image'))).pathname, new URL(second.s3_url).pathname);

    // The Designer's route map and driving distance; each printed piece shows its own.
    await page.goto(`/projects/${projectId}/editor`);
    const fields = page.getByRole('complementary', { name: 'Fields' });
    await fields.getByRole('button', { name: /^Route map/ }).click();
    await fields.getByRole('button', { name: /^Driving distance/ }).click();
    const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-maps-e2e-'));
    const pdf = path.join(tmp, 'print.pdf');
    await fs.writeFile(pdf, await saveDesignAndPrint(page));
    const pages = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8', maxBuffer: 2 ** 26 }).split('\f');
    // pdftotext ends every page with a form feed: the last part is empty. 500 pieces, one or two pages each.
    const perPiece = (pages.length - 1) / 500;
    assert.ok(perPiece === 1 || perPiece === 2, `pages per piece: ${perPiece}`);
    const pieceText = (i: number) => pages.slice(i * perPiece, (i + 1) * perPiece).join('\n');
    for (const i of [0, 1]) assert.ok(pieceText(i).includes(printedDistance(mapData[i].distance)), `piece ${i + 1} prints its own distance ${printedDistance(mapData[i].distance)}`);
    execFileSync('pdfimages', ['-png', '-f', '1', '-l', String(2 * perPiece), pdf, path.join(tmp, 'img')]);
    const images = (await fs.readdir(tmp)).filter((f) => f.startsWith('img')).sort();
    assert.equal(images.length, 2, 'one map on each of the first two pieces');
    const [a, b] = await Promise.all(images.map((f) => sharp(path.join(tmp, f)).raw().toBuffer()));
    assert.ok(!a.equals(b), 'the two pieces print different maps');
    await fs.rm(tmp, { recursive: true, force: true });
    assert.deepEqual(pageErrors, [], 'no uncaught errors on the page');
  });
  await context.close();
});
