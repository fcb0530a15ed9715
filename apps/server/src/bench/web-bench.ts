import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';

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
    gzip += Number(res.headers.get('content-length') ?? 0);
  }
  return { kb: bytes / 1024, gzipKb: gzip / 1024, files: sizes.length };
}

/**
 * Issue 6 "Fast pages": the JavaScript a first visit downloads (compressed, as sent) for /projects
 * and for the Designer, in Debian's Chromium against the built server with an empty cache, and the
 * headers of index.html and of a hashed asset. Target: ≤ 300 KB for every page but the Designer.
 */
export async function benchWeb(): Promise<Record<string, number>> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-bench-web-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, PORT: String(port), API_PORT: String(await freePort()), DATA_DIR: dataDir, PUBLIC_URL: url, DATABASE_URL: '' },
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
    const signup = await context.request.post('/api/auth/signup', { data: { email: 'bench@example.test', password: 'a long passphrase', given_name: 'Bench' } });
    if (signup.status() !== 201) throw new Error(`sign-up: ${signup.status()}`);
    const project = await (await context.request.post('/api/projects', { headers: { 'sec-fetch-site': 'same-origin' }, data: { name: 'Bench' } })).json();
    // A new page per measure: nothing cached (a context shares the HTTP cache; these loads do not overlap in files).
    const projects = await firstLoadJs(await context.newPage(), '/projects', 'Create New Project');
    const editorContext = await browser.newContext({ baseURL: url, viewport: { width: 1440, height: 900 }, storageState: await context.storageState() });
    const editor = await firstLoadJs(await editorContext.newPage(), `/projects/${project.id}/editor`, 'Save');
    return {
      projectsJsKb: projects.kb,
      projectsJsGzipKb: projects.gzipKb,
      projectsJsFiles: projects.files,
      editorJsKb: editor.kb,
      editorJsGzipKb: editor.gzipKb,
      editorJsFiles: editor.files,
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
