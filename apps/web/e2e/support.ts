import { spawn, type ChildProcess } from 'node:child_process';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
import { SHARED_DATA_DIR } from '../../server/src/test/shared-data.ts';
import { after, before } from 'node:test';

export { SHARED_DATA_DIR as SHARED_DATA };

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });

/** The setup code each started server printed (by its web URL), which the sign-up helpers send. */
const setupCodes = new Map<string, string>();
/** The server log's line that names the one-time setup code of a server without an operator. */
const SETUP_CODE_LINE = /setup code ([A-Z2-7]{4}(?:-[A-Z2-7]{1,4})+)/;

/**
 * The real server (built `apps/server/dist/main.js`) on a fresh embedded database and a free port;
 * `env` adds configuration (e.g. ALLOW_PRIVATE_WEBHOOKS for a receiver on loopback). `url` is the
 * web app, `apiUrl` the public Print-on-Demand API listener (API_PORT, docs/requirements/print-on-demand-api.md#print-on-demand-api; `env.API_PORT` wins),
 * `setupCode` the one-time code its log printed: sent with the first sign-up, it makes that account
 * the server's operator (the sign-up helpers below send it).
 */
export async function startServer(env: NodeJS.ProcessEnv = {}): Promise<{ url: string; apiUrl: string; dataDir: string; setupCode: string; stop(): Promise<void> }> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const apiPort = env.API_PORT ?? String(await freePort());
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/main.js')], {
    env: {
      ...process.env, PORT: String(port), API_PORT: apiPort, DATA_DIR: dataDir, PUBLIC_URL: url, DATABASE_URL: '',
      // The operator's own permit, so the spec's default 'product' permit is offered (docs/requirements/workflow.md#clear-states-and-fast-pages).
      PRODUCT_PERMIT_NUMBER: '1234', PRODUCT_PERMIT_CITY: 'AUSTIN, TX',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${log}`);
    try {
      if ((await fetch(`${url}/api/auth/status`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  // Printed while the app is built, before it listens; the pipe may deliver it a moment later.
  while (!SETUP_CODE_LINE.test(log)) {
    if (Date.now() > deadline) throw new Error(`server printed no setup code:\n${log}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const setupCode = SETUP_CODE_LINE.exec(log)![1];
  setupCodes.set(url, setupCode);
  return {
    url,
    apiUrl,
    dataDir,
    setupCode,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Debian's Chromium driven by playwright-core (browsers cannot be downloaded here), with the
 * system's 'reduce motion' on: the app then draws no antd animations, so a click never lands on
 * a dialog that is still zooming in.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--force-prefers-reduced-motion'],
  });
}

/**
 * Headers for API calls made outside the page (context.request): a browser marks its own page's
 * requests so, and the server refuses cookie-authenticated writes that carry neither Origin nor this.
 */
export const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };

/** Folder for screenshots of failed tests (git-ignored). */
export const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url));

/** Runs `body`; if it throws, first saves a full-page screenshot to e2e/artifacts/{name}.png. */
export async function screenshotOnFailure(page: Page, name: string, body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (err) {
    await fs.mkdir(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true }).catch(() => {});
    throw err;
  }
}

/** Polls `check` until it holds (React re-renders after an input event, not during it). */
export async function eventually(check: () => Promise<boolean>, message: string, timeout = 5_000): Promise<void> {
  const deadline = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > deadline) assert.fail(message);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * A browser context signed in as a new account, created through POST /api/auth/signup with the
 * server's setup code (so the first account of a server is its operator). Throws unless the
 * sign-up answers 201.
 */
export async function signedInContext(
  browser: Browser,
  baseURL: string,
  account: { email: string; givenName?: string },
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const res = await context.request.post('/api/auth/signup', {
    data: { email: account.email, password: 'a long passphrase', given_name: account.givenName ?? 'Pat', setup_code: setupCodes.get(baseURL) },
  });
  assert.equal(res.status(), 201, `sign-up of ${account.email}`);
  return context;
}

/**
 * The built server and Chromium for one test file: started in `before`, stopped in `after`
 * (node:test hooks registered by this call). Read `.server` and `.browser` inside the tests.
 */
export function serverAndBrowser(env: NodeJS.ProcessEnv = {}): { server: Awaited<ReturnType<typeof startServer>>; browser: Browser } {
  const state = {} as { server: Awaited<ReturnType<typeof startServer>>; browser: Browser };
  before(async () => {
    state.server = await startServer(env);
    state.browser = await launchChromium();
  });
  after(async () => {
    await state.browser?.close();
    await state.server?.stop();
  });
  return state;
}

/**
 * A new account (the operator when it is the server's first; see `signedInContext`) in a fresh context at `viewport` (1440 × 900 by default) with a project (`project`
 * fields over the defaults) whose mailing list is the shared `list` (us-500.csv by default),
 * uploaded and mapped as auto-matched — all through the API.
 */
export async function mappedProject(
  browser: Browser,
  baseURL: string,
  opts: { email: string; viewport?: { width: number; height: number }; project?: Record<string, unknown>; list?: string },
): Promise<{ context: BrowserContext; projectId: string; listId: string }> {
  const context = await browser.newContext({ baseURL, viewport: opts.viewport ?? { width: 1440, height: 900 } });
  const signup = await context.request.post('/api/auth/signup', {
    data: { email: opts.email, password: 'a long passphrase', given_name: 'Dee', setup_code: setupCodes.get(baseURL) },
  });
  assert.equal(signup.status(), 201, `sign-up of ${opts.email}`);
  const project = await (await context.request.post('/api/projects', { headers: SAME_ORIGIN, data: { name: 'Mailer', ...opts.project } })).json();
  const file = opts.list ?? 'us-500.csv';
  const upload = await context.request.post('/api/lists/upload', {
    headers: SAME_ORIGIN,
    multipart: { projectId: project.id, file: { name: file, mimeType: 'text/csv', buffer: await fs.readFile(path.join(SHARED_DATA_DIR, file)) } },
  });
  assert.equal(upload.status(), 201, await upload.text());
  const listId = (await upload.json()).id;
  const mappings = await (await context.request.get(`/api/mappings/list/${listId}`)).json();
  const mapped = await context.request.post('/api/lists/map-columns', { headers: SAME_ORIGIN, data: { fileId: listId, mappings: mappings.mappings } });
  assert.equal(mapped.status(), 200, await mapped.text());
  return { context, projectId: project.id, listId };
}

/**
 * On Print Preview: Generate print file, answering 'Generate anyway' when the page asks (the print
 * check's warnings, or a design version not yet approved — docs/requirements/print.md#print); resolves with the download
 * link once it shows (up to `timeout` ms).
 */
export async function generatePrintFile(page: Page, timeout = 240_000): Promise<Locator> {
  await page.getByRole('button', { name: 'Generate print file' }).click();
  const anyway = page.getByRole('dialog').getByRole('button', { name: 'Generate anyway' });
  const link = page.getByRole('link', { name: 'Download print file (PDF)' });
  // The question (if any) shows at once; a click that fails says why instead of a silent wait for the link.
  await anyway.or(link).first().waitFor({ timeout });
  if (await anyway.isVisible()) {
    await anyway.click();
    await anyway.waitFor({ state: 'detached' });
  }
  await link.waitFor({ timeout });
  return link;
}

/**
 * From the Designer: Save, Continue to Print Preview, Generate print file (see `generatePrintFile`);
 * resolves with the PDF's bytes once its download link shows (up to `timeout` ms).
 */
export async function saveDesignAndPrint(page: Page, timeout = 240_000): Promise<Buffer> {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Design saved').waitFor();
  await page.getByRole('button', { name: 'Continue to Print Preview' }).click();
  await page.waitForURL(/\/production$/);
  const link = await generatePrintFile(page, timeout);
  return (await page.request.get(new URL((await link.getAttribute('href'))!, page.url()).toString())).body();
}

/**
 * Through the UI, as a new user starts a tracked campaign (signed in already): creates project `name` on /projects,
 * uploads the shared list `list`, saves the suggested mappings, and on the QR screen sets `destination`, turns on
 * First Name, runs `qrOptions` (more QR settings) and saves — ending on the notifications step. Answers the ids.
 */
export async function trackedCampaignThroughUi(
  page: Page, baseUrl: string, opts: { name: string; list: string; destination: string; qrOptions?: (page: Page) => Promise<void> },
): Promise<{ projectId: string; listId: string }> {
  await page.goto(`${baseUrl}/projects`);
  await page.getByLabel('Project name').fill(opts.name);
  await page.getByRole('button', { name: 'Create' }).click();
  await page.waitForURL(/\/upload\?project=/);
  const projectId = new URL(page.url()).searchParams.get('project')!;
  await page.locator('#mailing-list-file').setInputFiles(path.join(SHARED_DATA_DIR, opts.list));
  await page.waitForURL(/step=mapping/);
  await page.getByRole('button', { name: 'Save Mappings & Continue' }).click();
  await page.waitForURL(/\/qr\//);
  const listId = new URL(page.url()).pathname.split('/').pop()!;
  await page.getByLabel('Destination URL').fill(opts.destination);
  await page.getByRole('switch', { name: 'First Name' }).click();
  await opts.qrOptions?.(page);
  await page.getByRole('button', { name: 'Save & Continue' }).click();
  await page.waitForURL(/\/notifications\?project=/);
  return { projectId, listId };
}

/** Through the UI: adds a webhook named 'CRM' for `endpoint` to list `listId` and answers its signing secret (read from the API). */
export async function webhookThroughUi(page: Page, baseUrl: string, listId: string, endpoint: string): Promise<string> {
  await page.goto(`${baseUrl}/webhooks/${listId}`);
  await page.getByLabel('Name').fill('CRM');
  await page.getByLabel('Endpoint URL').fill(endpoint);
  await page.getByRole('button', { name: 'Add Webhook' }).click();
  await page.getByText(endpoint).waitFor();
  const hooks = await (await page.request.get(`${baseUrl}/api/webhooks/${listId}`)).json() as Array<{ secret_key: string }>;
  assert.equal(hooks.length, 1, 'one webhook on the list');
  return hooks[0].secret_key;
}

/** Through the UI: opens project `projectId`'s Designer and adds the address block and a QR code from the Fields panel. */
export async function addressAndQrDesign(page: Page, baseUrl: string, projectId: string): Promise<void> {
  await page.goto(`${baseUrl}/projects/${projectId}/editor`);
  const fields = page.getByRole('complementary', { name: 'Fields' });
  await fields.getByRole('button', { name: /Address block/ }).click();
  await fields.getByRole('button', { name: /QR code/ }).click();
}
