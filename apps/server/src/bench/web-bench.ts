import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { benchDesignerOpen } from './designer-open.js';

/** The built server, started as `npm start` would start it. */
const MAIN = fileURLToPath(new URL('../main.js', import.meta.url));
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/**
 * JavaScript a fresh page load of `url` fetched, once the page is idle: bytes on the wire as the
 * browser got them (brotli) and the same files gzipped (the budget is in gzip), in KB.
 */
async function firstLoadJs(page: Page, url: string, ready: string): Promise<{ kb: number; gzipKb: number; files: number }> {
  const sizes: Promise<number>[] = [];
  const urls: string[] = [];
  const onResponse = (res: import('playwright-core').Response) => {
    if (res.request().resourceType() !== 'script') return;
    urls.push(res.url());
    sizes.push(res.request().sizes().then((s) => s.responseBodySize));
  };
  page.on('response', onResponse);
  await page.goto(url);
  await page.getByText(ready).first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  const bytes = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
  let gzip = 0;
  // Sizes as sent: fetch would decompress the body, so the length is read from the header.
  for (const u of urls) {
    const res = await fetch(u, { headers: { 'accept-encoding': 'gzip' } });
    await res.arrayBuffer();
    const size = Number(res.headers.get('content-length') ?? 0);
    gzip += size;
    // BENCH_WEB_FILES=1 lists each page's files (which chunk to trim).
    if (process.env.BENCH_WEB_FILES) console.info(`  ${url.split('?')[0].slice(0, 40).padEnd(40)} ${(size / 1024).toFixed(1).padStart(7)} KB  ${u.split('/').pop()}`);
  }
  return { kb: bytes / 1024, gzipKb: gzip / 1024, files: sizes.length };
}

/** A mailing list of `rows` made-up US records with the us-500.csv headers, as CSV. */
function benchList(rows: number): string {
  const lines = ['first_name,last_name,company_name,address,city,county,state,zip,phone1,phone2,email,web'];
  for (let i = 1; i <= rows; i++) {
    lines.push(`Ann${i},Lee,Acme ${i},${100 + i} Main St,Austin,Travis,TX,78701,512-555-0100,512-555-0101,ann${i}@example.test,https://example.test`);
  }
  return lines.join('\n');
}

/** The pages measured: key, path (PROJECT and LIST are filled in), a text that shows once it is ready, signed in or not. */
export const WEB_PAGES = [
  { key: 'home', label: '/ (signed out)', path: '/', ready: 'Sign in to get started', signedIn: false },
  { key: 'login', label: '/login', path: '/login', ready: 'Please log in to continue', signedIn: false },
  { key: 'projects', label: '/projects', path: '/projects', ready: 'Create New Project', signedIn: true },
  { key: 'project', label: '/projects/{id}', path: '/projects/PROJECT', ready: 'Mailer', signedIn: true },
  { key: 'upload', label: '/upload?project={id}', path: '/upload?project=PROJECT', ready: 'Upload a new list', signedIn: true },
  { key: 'mapping', label: '/upload … step=mapping', path: '/upload?project=PROJECT&listId=LIST&step=mapping', ready: 'Save Mappings & Continue', signedIn: true },
  { key: 'qr', label: '/qr?project={id}&listId={id}', path: '/qr?project=PROJECT&listId=LIST', ready: 'Save & Continue', signedIn: true },
  { key: 'production', label: '/projects/{id}/production', path: '/projects/PROJECT/production', ready: 'Print Preview', signedIn: true },
  { key: 'analytics', label: '/analytics', path: '/analytics', ready: 'Recent Activity', signedIn: true },
  { key: 'listAnalytics', label: '/analytics/{listId}', path: '/analytics/LIST', ready: 'Bot requests (not counted)', signedIn: true },
  { key: 'webhooks', label: '/webhooks/{listId}', path: '/webhooks/LIST', ready: 'Add Webhook', signedIn: true },
  { key: 'notifications', label: '/notifications?project={id}&listId={id}', path: '/notifications?project=PROJECT&listId=LIST', ready: 'Add New SMS Notification', signedIn: true },
  { key: 'maps', label: '/maps?project={id}&listId={id}', path: '/maps?project=PROJECT&listId=LIST', ready: 'Back to QR Codes', signedIn: true },
  { key: 'pod', label: '/pod/api-keys', path: '/pod/api-keys', ready: 'Create New API Key', signedIn: true },
  { key: 'outbox', label: '/outbox', path: '/outbox', ready: 'Kept messages', signedIn: true },
  { key: 'editor', label: '/projects/{id}/editor (Designer)', path: '/projects/PROJECT/editor', ready: 'Save', signedIn: true },
] as const;

/**
 * docs/architecture.md#first-load-budget: the JavaScript a first visit downloads (compressed, as sent) for each page
 * of WEB_PAGES, in Debian's Chromium against the built server with an empty cache (a new context
 * per page), and the headers of index.html and of a hashed asset. Target: ≤ 300 KB gzip for every
 * page but the Designer; `maxPageGzipKb` is the largest of those. Then the time until the Designer
 * is usable, with an empty cache and on a second visit (`benchDesignerOpen`; target ≤ 3 s empty).
 */
export async function benchWeb(): Promise<Record<string, number>> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-bench-web-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, PORT: String(port), API_PORT: String(await freePort()), DATA_DIR: dataDir, PUBLIC_URL: url, DATABASE_URL: '', ADMIN_EMAIL: 'bench@example.test' },
    stdio: 'ignore',
  });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${url}/api/auth/status`)).ok) break;
      } catch { /* starting */ }
      if (i > 240) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 250));
    }
    const index = await fetch(`${url}/`, { headers: { 'accept-encoding': 'br, gzip' } });
    const html = await index.text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    const assetRes = await fetch(`${url}${asset}`, { headers: { 'accept-encoding': 'br, gzip' } });
    await assetRes.arrayBuffer();

    const context = await browser.newContext({ baseURL: url, viewport: { width: 1440, height: 900 } });
    const sameOrigin = { 'sec-fetch-site': 'same-origin' };
    const signup = await context.request.post('/api/auth/signup', { data: { email: 'bench@example.test', password: 'a long passphrase', given_name: 'Bench' } });
    if (signup.status() !== 201) throw new Error(`sign-up: ${signup.status()}`);
    const project = await (await context.request.post('/api/projects', { headers: sameOrigin, data: { name: 'Mailer' } })).json();
    const upload = await context.request.post('/api/lists/upload', {
      headers: sameOrigin,
      multipart: { projectId: project.id, file: { name: 'bench.csv', mimeType: 'text/csv', buffer: Buffer.from(benchList(50)) } },
    });
    if (upload.status() !== 201) throw new Error(`upload: ${upload.status()}`);
    const listId = (await upload.json()).id as string;
    const signedIn = await context.storageState();

    const out: Record<string, number> = {};
    let max = 0;
    for (const p of WEB_PAGES) {
      // A new context per page: nothing cached.
      const pageContext = await browser.newContext({ baseURL: url, viewport: { width: 1440, height: 900 }, storageState: p.signedIn ? signedIn : undefined });
      const r = await firstLoadJs(await pageContext.newPage(), p.path.replace('PROJECT', project.id).replace('LIST', listId), p.ready);
      await pageContext.close();
      out[`${p.key}JsKb`] = r.kb;
      out[`${p.key}JsGzipKb`] = r.gzipKb;
      out[`${p.key}JsFiles`] = r.files;
      if (p.key !== 'editor') max = Math.max(max, r.gzipKb);
    }
    Object.assign(out, await benchDesignerOpen(browser, url, signedIn, project.id));
    return {
      ...out,
      maxPageGzipKb: max,
      indexNoCache: index.headers.get('cache-control') === 'no-cache' ? 1 : 0,
      assetImmutable: assetRes.headers.get('cache-control') === 'public, max-age=31536000, immutable' ? 1 : 0,
      assetBrotli: assetRes.headers.get('content-encoding') === 'br' ? 1 : 0,
    };
  } finally {
    await browser.close();
    child.kill();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
