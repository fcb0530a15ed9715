import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startCluster } from './cluster.ts';
import { startLandingPage, startWebhookReceiver } from './loopback-servers.ts';
import { addressAndQrDesign, eventually, launchChromium, SAME_ORIGIN, saveDesignAndPrint, SHARED_DATA, trackedCampaignThroughUi, webhookThroughUi } from './support.ts';

/**
 * README "Running at scale", end to end: two ROLE=web processes behind a round-robin proxy and one
 * ROLE=worker process on one PostgreSQL database, files in an S3-compatible bucket (s3rver). Every
 * request may land on either web process. Through the real UI: sign up, upload, map, QR, design,
 * print (only the worker renders), download, scan a printed code — the scan shows in Recent
 * Activity and the webhook arrives exactly once. Then the limits held across the processes, a
 * worker killed during a 2,000-piece print (a second one finishes it) and a web process killed
 * (the other answers, the session holds).
 */
const OPERATOR = 'ops@cluster.example.test';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

let cluster: Awaited<ReturnType<typeof startCluster>>;
let landing: Awaited<ReturnType<typeof startLandingPage>>;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let tmp: string;
let projectId = '';
const artifacts = path.resolve(import.meta.dirname, 'artifacts');

before(async () => {
  cluster = await startCluster({ webs: 2, workers: 1, env: { ALLOW_PRIVATE_WEBHOOKS: 'true', ADMIN_EMAIL: OPERATOR } });
  landing = await startLandingPage();
  receiver = await startWebhookReceiver();
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  page = await context.newPage();
  page.setDefaultTimeout(30_000);
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-e2e-cluster-'));
  await fs.mkdir(artifacts, { recursive: true });
});

after(async () => {
  await browser?.close();
  await cluster?.stop();
  await landing?.close();
  await receiver?.close();
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
});

const run = promisify(execFile);

/**
 * The QR codes on pages `first`–`last` of `pdf` (only the odd or even ones with `only`), read at
 * `dpi` with zbar, in page order — in ranges of 200 pages, two at a time (this machine has 2 cores).
 */
async function decodeQrCodes(pdf: string, opts: { first: number; last: number; dpi: number; only?: 'odd' | 'even' }): Promise<string[]> {
  const parity = opts.only ? [opts.only === 'odd' ? '-o' : '-e'] : [];
  const ranges: Array<[number, number]> = [];
  for (let from = opts.first; from <= opts.last; from += 200) ranges.push([from, Math.min(opts.last, from + 199)]);
  const decodeRange = async ([from, to]: [number, number]) => {
    const dir = await fs.mkdtemp(path.join(tmp, 'pages-'));
    await run('pdftoppm', ['-r', String(opts.dpi), '-gray', '-png', ...parity, '-f', String(from), '-l', String(to), pdf, path.join(dir, 'p')]);
    const pngs = (await fs.readdir(dir)).sort().map((f) => path.join(dir, f));
    // zbarimg exits 4 when a page has no code (the other side of a piece); its output is what counts.
    const out = pngs.length ? (await run('zbarimg', ['-q', '--raw', ...pngs]).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }))).stdout : '';
    await fs.rm(dir, { recursive: true, force: true });
    return out.trim().split('\n').filter(Boolean);
  };
  const results: string[][] = new Array(ranges.length);
  let next = 0;
  await Promise.all([0, 1].map(async () => {
    while (next < ranges.length) {
      const i = next++;
      results[i] = await decodeRange(ranges[i]);
    }
  }));
  return results.flat();
}

test('two web processes and a worker: the whole campaign through the proxy, scan and webhook once', { timeout: 420_000 }, async () => {
  try {
    const signup = await page.request.post(`${cluster.url}/api/auth/signup`, {
      data: { email: OPERATOR, password: 'a long passphrase', given_name: 'Olive' },
    });
    assert.equal(signup.status(), 201, await signup.text());

    const campaign = await trackedCampaignThroughUi(page, cluster.url, { name: 'Cluster mailer', list: 'us-500.csv', destination: `${landing.url}/welcome` });
    projectId = campaign.projectId;
    receiver.setSecret(await webhookThroughUi(page, cluster.url, campaign.listId, `${receiver.url}/hooks`));
    await addressAndQrDesign(page, cluster.url, projectId);
    const pdf = path.join(tmp, 'print.pdf');
    // Rendered by the worker (the web processes run no jobs), downloaded through the proxy from either web process.
    await fs.writeFile(pdf, await saveDesignAndPrint(page, 240_000));
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }))![1]);
    assert.equal(pages, 1000, '500 pieces, two sides each');
    const [shortLink] = await decodeQrCodes(pdf, { first: 1, last: 2, dpi: 300 });
    assert.match(shortLink, new RegExp(`^${cluster.url}/[0-9A-Za-z]{10}$`), 'short links point at the proxy (PUBLIC_URL)');

    const phone = await browser.newContext({ userAgent: IPHONE, viewport: { width: 390, height: 844 } });
    const phonePage = await phone.newPage();
    await phonePage.goto(shortLink);
    await phonePage.getByText('fname: James').waitFor();
    await phone.close();

    await page.goto(`${cluster.url}/projects`);
    await page.getByRole('region', { name: 'Recent Activity' }).getByText('James Butt').waitFor({ timeout: 40_000 });

    await eventually(async () => receiver.deliveries.length > 0, 'the webhook arrives', 30_000);
    // Exactly once: a second process must not deliver the same message again.
    await new Promise((r) => setTimeout(r, 5_000));
    assert.equal(receiver.deliveries.length, 1, JSON.stringify(receiver.deliveries.map((d) => d.payload?.type)));
    assert.equal(receiver.deliveries[0].verified, true, receiver.deliveries[0].error);

    const files = await fs.readdir(cluster.s3Dir, { recursive: true });
    assert.ok(files.some((f) => String(f).includes('print')), 'the print file is in the bucket');
    for (const web of cluster.processes.filter((p) => p.role === 'web')) {
      assert.ok((cluster.served.get(web.url!) ?? 0) > 20, `${web.url} answered a share of the requests`);
    }
  } catch (err) {
    await page.screenshot({ path: path.join(artifacts, 'scale-out-failure.png'), fullPage: true }).catch(() => {});
    throw err;
  }
});

test('a worker killed during a 2,000-piece print: a second worker finishes it, every code decodes', { timeout: 420_000 }, async () => {
  assert.ok(projectId, 'the first test made the project');
  // 2,000 records: us-500 four times over, each copy's names changed so no two rows are the same.
  const csv = (await fs.readFile(path.join(SHARED_DATA, 'us-500.csv'), 'utf8')).trimEnd().split(/\r\n|\r|\n/);
  const rows = [csv[0]];
  for (let copy = 0; copy < 4; copy++) rows.push(...csv.slice(1).map((line) => line.replace(/^"([^"]*)"/, (_m, first: string) => `"${first}${copy ? ` ${'IVX'[copy - 1]}` : ''}"`)));
  const upload = await page.request.post(`${cluster.url}/api/lists/upload`, {
    headers: SAME_ORIGIN,
    multipart: { projectId, file: { name: 'us-2000.csv', mimeType: 'text/csv', buffer: Buffer.from(rows.join('\n')) } },
  });
  assert.equal(upload.status(), 201, await upload.text());
  const listId = (await upload.json()).id as string;
  const mappings = await (await page.request.get(`${cluster.url}/api/mappings/list/${listId}`)).json();
  assert.equal((await page.request.post(`${cluster.url}/api/lists/map-columns`, { headers: SAME_ORIGIN, data: { fileId: listId, mappings: mappings.mappings } })).status(), 200);
  assert.equal((await page.request.post(`${cluster.url}/api/qr/config`, { headers: SAME_ORIGIN, data: { listId, config: { baseUrl: `${landing.url}/welcome`, variables: {} } } })).status(), 200);
  assert.equal((await page.request.put(`${cluster.url}/api/projects/${projectId}/list`, { headers: SAME_ORIGIN, data: { listId } })).status(), 200);

  const started = await page.request.post(`${cluster.url}/api/projects/${projectId}/print`, { headers: SAME_ORIGIN, data: { confirm_warnings: true } });
  assert.equal(started.status(), 202, await started.text());
  const { jobId } = await started.json() as { jobId: string };
  const job = async () => (await page.request.get(`${cluster.url}/api/print-jobs/${jobId}`)).json() as Promise<{ status: string; done: number; total: number; error?: string; list_name: string }>;
  const queued = await job();
  assert.equal(queued.total, 2000, `the new list is printed: ${JSON.stringify(queued)}`);

  await eventually(async () => (await job()).done >= 200, 'the render is under way', 120_000);
  const worker = cluster.processes.find((p) => p.role === 'worker' && !p.exited())!;
  await worker.crash();
  const killedAt = Date.now();
  const doneAtKill = (await job()).done;
  await cluster.start('worker');

  // Taken over: progress moves again (the new run starts over or continues) within 60 s of the kill.
  let resumedAt = 0;
  await eventually(async () => {
    const j = await job();
    if (!resumedAt && (j.status === 'done' || (j.status === 'running' && j.done !== doneAtKill))) resumedAt = Date.now();
    return resumedAt > 0;
  }, 'the print resumes on the second worker', 90_000);
  assert.ok(resumedAt - killedAt <= 60_000, `resumed ${resumedAt - killedAt} ms after the kill`);
  console.info(`[scale-out] the print resumed on the second worker ${resumedAt - killedAt} ms after the first was killed (${doneAtKill} of 2,000 pieces done then)`);
  await eventually(async () => ['done', 'failed'].includes((await job()).status), 'the print finishes', 300_000);
  const finished = await job();
  assert.equal(finished.status, 'done', finished.error);

  const pdf = path.join(tmp, 'print-2000.pdf');
  const file = await page.request.get(`${cluster.url}/api/print-jobs/${jobId}/file`);
  assert.equal(file.status(), 200);
  await fs.writeFile(pdf, await file.body());
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }))![1]);
  assert.equal(pages, 4000, '2,000 pieces, two sides each');
  // The code is on one side of every piece: the side page 1 shows, or the other.
  const side = (await decodeQrCodes(pdf, { first: 1, last: 1, dpi: 150 })).length > 0 ? 'odd' : 'even';
  const codes = await decodeQrCodes(pdf, { first: 1, last: pages, dpi: 150, only: side });
  assert.equal(codes.length, 2000, 'every piece has a code that decodes');
  assert.equal(new Set(codes).size, 2000, 'each piece its own short link');
});

test('limits hold across the web processes; a killed web process loses no session', { timeout: 120_000 }, async () => {
  // Failed sign-ins through the proxy alternate between the two processes; they count as one.
  const statuses: number[] = [];
  for (let i = 0; i < 40; i++) {
    const res = await fetch(`${cluster.url}/api/auth/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@cluster.example.test', password: `wrong ${i}` }),
    });
    statuses.push(res.status);
  }
  const refused = statuses.filter((s) => s === 429).length;
  assert.ok(refused >= 10, `failed sign-ins past the limit are refused whichever process answers (${statuses.join(',')})`);

  // One import at a time per user, across processes: a big upload on web process A holds the user's
  // slot, so a small upload sent at the same moment to web process B waits for it and ends after it.
  const [webA, webB] = cluster.processes.filter((p) => p.role === 'web' && !p.exited());
  const us500 = (await fs.readFile(path.join(SHARED_DATA, 'us-500.csv'), 'utf8')).trimEnd().split(/\r\n|\r|\n/);
  const big = [us500[0], ...Array.from({ length: 200 }, (_, copy) => us500.slice(1).map((line) => line.replace(/^"([^"]*)"/, `"$1 ${copy}"`))).flat()];
  const uploadTo = (base: string, name: string, lines: string[]) => page.request.post(`${base}/api/lists/upload`, {
    headers: SAME_ORIGIN, timeout: 120_000,
    multipart: { projectId, file: { name, mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) } },
  }).then(async (res) => ({ status: res.status(), body: await res.text(), at: Date.now() }));
  const bigUpload = uploadTo(webA.url!, 'us-100000.csv', big);
  await new Promise((r) => setTimeout(r, 1_000)); // by now A holds the slot (100,000 rows take a few seconds)
  const smallUpload = uploadTo(webB.url!, 'us-500-again.csv', us500);
  const [a, b] = await Promise.all([bigUpload, smallUpload]);
  assert.equal(a.status, 201, a.body);
  assert.equal(b.status, 201, b.body);
  assert.ok(b.at >= a.at, `the upload on B waited for A's slot (A ended ${a.at}, B ${b.at})`);

  const web = cluster.processes.find((p) => p.role === 'web' && !p.exited())!;
  await web.crash();
  for (let i = 0; i < 6; i++) {
    const res = await page.request.get(`${cluster.url}/api/projects`);
    assert.equal(res.status(), 200, 'still signed in, answered by the other process');
  }
});
