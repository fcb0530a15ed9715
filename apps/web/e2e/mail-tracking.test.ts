import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ARTIFACTS, generatePrintFile, launchChromium, SAME_ORIGIN, SHARED_DATA, startServer } from './support.ts';

/**
 * docs/requirements/mail-tracking.md end to end in the browser: with a Mailer ID set, a user prints a five-record list
 * (its pieces get IMbs), opens the file's Tracking page from Print Preview's earlier print files, sees that no scan
 * came yet, clicks 'Simulate delivery' (#test-mode) and, with the page refreshing itself, sees every piece Delivered in
 * the funnel and a piece's timeline of five simulated stages; then uploads an IV-MTR file on /tracking (#scan-data)
 * with a scan of one of those pieces and one of an unknown IMb, and sees the batch's counts and the unknown IMb; and
 * once a recipient scans a delivered piece's QR code, the list's analytics count the scan 'Same day' after in-home.
 */
let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let tmp: string;
const RECORDS = 5;
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

before(async () => {
  server = await startServer();
  browser = await launchChromium();
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-e2e-tracking-'));
  await fs.mkdir(ARTIFACTS, { recursive: true });
});

after(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
});

/** A text element of the design (mm), named after the merge field it prints. */
const text = (name: string, y: number) => ({
  name, type: 'text', content: name, position: { x: 110, y }, width: 90, height: 8, fontSize: 11, fontName: 'Helvetica',
});

/**
 * Through the API: an account with a Mailer ID and Service Type ID (so print files carry IMbs), a project whose list is
 * the first RECORDS records of us-500.csv, mapped as suggested, and a design printing the address.
 */
async function trackedProject(): Promise<{ projectId: string; listId: string }> {
  context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 } });
  const signup = await context.request.post('/api/auth/signup', {
    data: { email: 'tracking@example.test', password: 'a long passphrase', given_name: 'Tess', setup_code: server.setupCode },
  });
  assert.equal(signup.status(), 201);
  const settings = await (await context.request.get('/api/account/settings')).json();
  const saved = await context.request.put('/api/account/settings', {
    headers: SAME_ORIGIN,
    data: { time_zone: settings.time_zone, project_defaults: settings.project_defaults, mailer_id: '123456', imb_service_type_id: '270', imb_barcode_id: '00' },
  });
  assert.equal(saved.status(), 200, await saved.text());
  const project = await (await context.request.post('/api/projects', { headers: SAME_ORIGIN, data: { name: 'Tracked mailer', sides: 'single', permit_type: 'none' } })).json();
  const lines = (await fs.readFile(path.join(SHARED_DATA, 'us-500.csv'), 'utf8')).split(/\r\n|\r|\n/).slice(0, RECORDS + 1);
  const upload = await context.request.post('/api/lists/upload', {
    headers: SAME_ORIGIN,
    multipart: { projectId: project.id, file: { name: 'five.csv', mimeType: 'text/csv', buffer: Buffer.from(`${lines.join('\n')}\n`) } },
  });
  assert.equal(upload.status(), 201, await upload.text());
  const listId = (await upload.json()).id;
  const mappings = await (await context.request.get(`/api/mappings/list/${listId}`)).json();
  const mapped = await context.request.post('/api/lists/map-columns', { headers: SAME_ORIGIN, data: { fileId: listId, mappings: mappings.mappings } });
  assert.equal(mapped.status(), 200, await mapped.text());
  const page1 = { basePdf: { width: 215.9, height: 279.4, padding: [6.35, 6.35, 6.35, 6.35] }, schemas: [[text('full_name', 150), text('address', 160), text('city_state_zip', 170)]] };
  const design = await context.request.post(`/api/templates/project/${project.id}/design`, { headers: SAME_ORIGIN, data: { template_data_inside: page1 } });
  assert.equal(design.status(), 200, await design.text());
  return { projectId: project.id, listId };
}

test('print a small list, simulate its delivery, see every piece delivered and a piece\'s five-stage timeline', { timeout: 420_000 }, async () => {
  const { projectId, listId } = await trackedProject();
  page = await context.newPage();
  page.setDefaultTimeout(30_000);
  // The funnel's bars grow smoothly unless motion is reduced: screenshots show where they end.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  try {
    // Print the file on Print Preview; its row in the earlier print files links to its tracking.
    await page.goto(`/projects/${projectId}/production`);
    await generatePrintFile(page, 120_000);
    const history = page.locator('.print-history');
    await history.getByRole('link', { name: /^Tracking of the print file/ }).click();
    await page.waitForURL(/\/projects\/[^/]+\/print-files\/[^/]+\/tracking$/);
    const jobId = page.url().split('/').at(-2)!;

    // No scan yet: the page says where scans come from, and lists the pieces.
    await page.getByText('No scans yet').waitFor();
    await page.getByText(/Scans arrive from USPS Informed Visibility/).waitFor();
    const pieces = page.getByRole('table', { name: 'Mail pieces' });
    assert.equal(await pieces.locator('tbody tr.plain-table-row').count(), RECORDS);
    assert.equal(await pieces.getByText('No scan yet').count(), RECORDS);
    await pieces.getByText('James Butt').waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'mail-tracking-empty.png'), fullPage: true });

    // Simulate delivery: the page refreshes itself until every piece is delivered (within 2 minutes, plus a poll).
    await page.getByRole('button', { name: /Simulate delivery/ }).click();
    await page.getByText('Simulated delivery is playing').waitFor();
    const funnel = page.getByRole('list', { name: 'Delivery funnel' });
    await funnel.getByRole('listitem', { name: `Delivered: ${RECORDS} of ${RECORDS} pieces (100 %)` }).waitFor({ timeout: 150_000 });
    await funnel.getByRole('listitem', { name: `No scan yet: 0 of ${RECORDS} pieces (0 %)` }).waitFor();
    await page.getByText('Simulated delivery is playing').waitFor({ state: 'detached' });
    assert.equal(await pieces.getByText('Delivered', { exact: true }).count(), RECORDS);
    await page.getByRole('img', { name: `In-home by day: ${RECORDS} pieces on 1 day` }).or(page.getByRole('img', { name: `In-home by day: ${RECORDS} pieces on 2 days` })).waitFor();
    assert.match(await page.getByRole('table', { name: 'In-home by state' }).innerText(), /LA\s+1/);
    await page.screenshot({ path: path.join(ARTIFACTS, 'mail-tracking.png'), fullPage: true });

    // James Butt's piece: its timeline shows the five simulated stages in journey order, each marked Simulated.
    await pieces.getByRole('button', { name: 'Timeline of piece 1' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByText('Piece #1: James Butt').waitFor();
    const events = drawer.locator('.piece-timeline-event');
    await events.nth(4).waitFor();
    assert.equal(await events.count(), 5);
    assert.deepEqual(await events.evaluateAll((els) => els.map((e) => e.getAttribute('data-stage'))),
      ['accepted', 'in_transit', 'in_local_area', 'out_for_delivery', 'delivered']);
    assert.equal(await drawer.getByText('Simulated', { exact: true }).count(), 5);
    await drawer.getByText('Simulated: delivered').waitFor();
    await drawer.getByText('NEW ORLEANS, LA 70116').first().waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'mail-tracking-timeline.png') });
    await page.keyboard.press('Escape');

    // An IV-MTR file on /tracking (reached from the user menu): a scan of piece 1 and one of an unknown IMb.
    const tracked = await (await context.request.get(`/api/print-jobs/${jobId}/tracking`)).json();
    const imb = tracked.pieces[0].imb as string;
    const unknown = '00270999999999999999';
    const file = path.join(tmp, 'scans.psv');
    const anHourAgo = new Date(Date.now() - 3600_000).toISOString().slice(0, 19).replace('T', ' ');
    await fs.writeFile(file, [
      'imb|scanDatetime|scanEventCode|scanFacilityZip|scanFacilityCity|scanFacilityState',
      `${imb}|${anHourAgo}|919|70116|NEW ORLEANS|LA`,
      `${unknown}|${anHourAgo}|919|70116|NEW ORLEANS|LA`,
    ].join('\n'));
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Mail tracking' }).click();
    await page.waitForURL(/\/tracking$/);
    await page.locator('#scan-file').setInputFiles(file);
    await page.getByText('scans.psv: 2 scans read, 1 matched, 1 unmatched.').waitFor({ timeout: 60_000 });
    const batches = page.getByRole('table', { name: 'Scan data taken in' });
    const row = batches.locator('tbody tr.plain-table-row').filter({ hasText: 'scans.psv' });
    assert.match(await row.innerText(), /Upload\s+scans\.psv\s+2\s+1\s+0\s+1\s+Done/);
    await row.getByRole('button', { name: /^Unknown IMbs of the batch/ }).click();
    await batches.getByRole('list', { name: 'Unknown IMbs' }).getByText(unknown).waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'mail-tracking-imports.png'), fullPage: true });

    // James Butt scans his piece's QR code after its (simulated) delivery: the list's analytics count it 'Same day'.
    const preview = await (await context.request.get(`/api/data-preview/list/${listId}?page=1&limit=5`)).json() as { records: Array<{ short_url: string }> };
    const scan = await context.request.get(preview.records[0].short_url, { maxRedirects: 0, headers: { 'user-agent': IPHONE } });
    assert.equal(scan.status(), 200); // the list has no QR destination: a plain page, the scan recorded
    const afterInHome = page.getByRole('list', { name: 'Scans by days after in-home' });
    for (let tries = 0; ; tries++) {
      await page.goto(`/analytics/${listId}`);
      await page.getByText('Total scans', { exact: true }).first().waitFor();
      if (await afterInHome.count() > 0 || tries === 10) break;
      await page.waitForTimeout(500); // the scan recorder writes in small batches
    }
    await afterInHome.getByText('Same day').waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'mail-tracking-after-in-home.png'), fullPage: true });
  } catch (err) {
    await page.screenshot({ path: path.join(ARTIFACTS, 'mail-tracking-failure.png'), fullPage: true }).catch(() => {});
    throw err;
  }
});
