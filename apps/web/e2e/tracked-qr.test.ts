import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { addressAndQrDesign, eventually, launchChromium, saveDesignAndPrint, startServer, trackedCampaignThroughUi, webhookThroughUi } from './support.ts';
import { startLandingPage, startWebhookReceiver } from './loopback-servers.ts';

/**
 * docs/requirements/scans-and-analytics.md#scan-recording end to end: configure tracked QR codes for us-500 (fields, a static parameter, dots in a
 * colour), add a webhook, design and print; decode the first piece's QR code from the PDF with
 * zbar, open the short link as a phone, land on the business's page with James Butt's details,
 * see the scan in Recent Activity, and receive the signed webhook, verified with the official
 * `standardwebhooks` package, at a local receiver.
 */
let server: Awaited<ReturnType<typeof startServer>>;
let landing: Awaited<ReturnType<typeof startLandingPage>>;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let browser: Browser;
let page: Page;
let tmp: string;
const artifacts = path.resolve(import.meta.dirname, 'artifacts');
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

before(async () => {
  // The receiver listens on loopback, which the SSRF guard refuses unless the operator allows it.
  server = await startServer({ ALLOW_PRIVATE_WEBHOOKS: 'true' });
  landing = await startLandingPage();
  receiver = await startWebhookReceiver();
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  page.setDefaultTimeout(30_000);
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-e2e-qr-'));
  await fs.mkdir(artifacts, { recursive: true });
});

after(async () => {
  await browser?.close();
  await server?.stop();
  await landing?.close();
  await receiver?.close();
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
});

test('print us-500 with tracked QR codes, scan one, see the visit in the app and at the signed webhook', { timeout: 300_000 }, async () => {
  try {
    const signup = await page.request.post(`${server.url}/api/auth/signup`, {
      data: { email: 'qr@example.test', password: 'a long passphrase', given_name: 'Quinn', setup_code: server.setupCode },
    });
    assert.equal(signup.status(), 201);

    // Project and list through the UI; QR configuration: destination, first and last name, a static parameter, dots.
    const { projectId, listId } = await trackedCampaignThroughUi(page, server.url, {
      name: 'Tracked mailer', list: 'us-500.csv', destination: `${landing.url}/welcome`,
      qrOptions: async (p) => {
        await p.getByRole('switch', { name: 'Last Name' }).click();
        await p.getByText('Static Parameters', { exact: true }).click();
        await p.getByRole('button', { name: 'Add Static Parameter' }).click();
        await p.getByPlaceholder('Parameter name').last().fill('src');
        await p.getByPlaceholder('Value').last().fill('mailer');
        await p.getByText('Save the configuration for QR codes to work').waitFor();
        await p.getByLabel('Dots').check();
      },
    });
    // A webhook for the list; the receiver learns its secret from the API. Designer: the address block and a QR code; then print.
    receiver.setSecret(await webhookThroughUi(page, server.url, listId, `${receiver.url}/hooks`));
    await addressAndQrDesign(page, server.url, projectId);
    const pdf = path.join(tmp, 'print.pdf');
    await fs.writeFile(pdf, await saveDesignAndPrint(page, 180_000));

    // The first piece's QR code, read from the PDF at 300 dpi.
    execFileSync('pdftoppm', ['-r', '300', '-gray', '-png', '-f', '1', '-l', '2', pdf, path.join(tmp, 'page')]);
    const pngs = (await fs.readdir(tmp)).filter((f) => f.endsWith('.png')).sort().map((f) => path.join(tmp, f));
    // zbarimg exits 4 when a page has no code (one side of the piece); its output is what counts.
    const decoded = spawnSync('zbarimg', ['-q', '--raw', ...pngs], { encoding: 'utf8' }).stdout.trim().split('\n').filter(Boolean);
    assert.equal(decoded.length, 1, 'one QR code on the first piece');
    const shortLink = decoded[0];
    assert.match(shortLink, new RegExp(`^${server.url}/[0-9A-Za-z]{10}$`));

    // A phone opens the short link and lands on the business's page with its own details.
    const phone = await browser.newContext({ userAgent: IPHONE, viewport: { width: 390, height: 844 } });
    const phonePage = await phone.newPage();
    await phonePage.goto(shortLink);
    await phonePage.getByText('fname: James').waitFor();
    await phonePage.getByText('lname: Butt').waitFor();
    await phonePage.getByText('src: mailer').waitFor();
    assert.ok(phonePage.url().startsWith(`${landing.url}/welcome?`));
    await phone.close();

    // The visit shows up in Recent Activity on the projects page (refreshed every 30 s).
    await page.goto(`${server.url}/projects`);
    const activity = page.getByRole('region', { name: 'Recent Activity' });
    await activity.getByText('James Butt').waitFor({ timeout: 40_000 });
    await activity.getByText('us-500.csv').waitFor();
    await page.screenshot({ path: path.join(artifacts, 'recent-activity.png') });

    // The list's analytics: the scan counted, on the chart, by device and among the scanned records.
    await page.goto(`${server.url}/analytics/${listId}`);
    await page.getByRole('img', { name: /^Scans over time: 1 scans on 1 days$/ }).waitFor();
    assert.match(await page.getByRole('list', { name: 'Device types' }).innerText(), /mobile\s*1/i);
    await page.getByRole('table', { name: 'Scanned records' }).getByText('James Butt').waitFor();
    await page.screenshot({ path: path.join(artifacts, 'list-analytics.png'), fullPage: true });

    // The webhook arrives signed, verified by the official package.
    await eventually(async () => receiver.deliveries.length > 0, 'a webhook delivery arrives', 30_000);
    const [delivery] = receiver.deliveries;
    assert.equal(delivery.verified, true, delivery.error);
    assert.equal(delivery.payload?.type, 'scan.first');
    const data = delivery.payload!.data as { contact?: Record<string, string>; short_link: string };
    assert.equal(data.contact?.first_name, 'James');
    assert.equal(data.short_link, shortLink);
    assert.ok(delivery.headers['webhook-id'] && delivery.headers['webhook-timestamp'] && delivery.headers['webhook-signature']);
  } catch (err) {
    await page.screenshot({ path: path.join(artifacts, 'tracked-qr-failure.png'), fullPage: true }).catch(() => {});
    throw err;
  }
});
