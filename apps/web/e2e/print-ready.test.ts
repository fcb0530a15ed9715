import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { SAME_ORIGIN, screenshotOnFailure, serverAndBrowser, signedInContext } from './support.ts';

/**
 * Print-ready work end to end (docs/requirements/print.md#print), in Chromium against the real server: a list with a few
 * bad addresses is uploaded; after the mappings are saved the mapping screen reports them; the user
 * accepts the suggested city for a wrong one and excludes another; on Print Preview they make a
 * proof (PROOF, the first pieces), read its preflight, approve the design version, then print the
 * final file with bleed — named after the approved version, every page with its trim and bleed
 * boxes, the fix printed and the excluded record left out.
 */
const env = serverAndBrowser();

/** Ann's ZIP 10001 is New York's, and there is no Boston in NJ: the ZIP's city is offered; Cy's state 'XX' is no state; the others are sound. */
const LIST = [
  'first_name,last_name,address,city,state,zip',
  'Ann,Lee,350 5th Ave,Boston,NJ,10001',
  'Bo,Chen,1 Market St,San Francisco,CA,94105',
  'Cy,Diaz,100 Main St,Springfield,XX,62701',
  'Jo,Kim,1600 Pennsylvania Ave NW,Washington,DC,20500',
].join('\n');

/**
 * Generates a print file — or with `proof`, a proof ('Download proof') — from Print Preview
 * (answering 'Generate anyway' if the check asks) and downloads it.
 */
async function generate(page: Page, proof = false): Promise<{ pdf: Buffer; disposition: string }> {
  await page.getByRole('button', { name: proof ? 'Download proof' : 'Generate print file', exact: true }).click();
  const anyway = page.getByRole('button', { name: 'Generate anyway' });
  const link = page.getByRole('link', { name: proof ? 'Download proof (PDF)' : 'Download print file (PDF)' });
  await Promise.race([anyway.waitFor().then(() => anyway.click()), link.waitFor({ timeout: 120_000 })]).catch(() => undefined);
  await link.waitFor({ timeout: 120_000 });
  const res = await page.request.get(new URL((await link.getAttribute('href'))!, page.url()).toString());
  return { pdf: await res.body(), disposition: res.headers()['content-disposition'] ?? '' };
}

test('address report, fixes and exclusions, proof and preflight, approval, final file with bleed', { timeout: 300_000 }, async () => {
  const context = await signedInContext(env.browser, env.server.url, { email: 'printer@example.test' });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-print-ready-'));
  try {
    await screenshotOnFailure(page, 'print-ready', async () => {
      const project = await (await context.request.post('/api/projects', { headers: SAME_ORIGIN, data: { name: 'Open house' } })).json();
      await fs.writeFile(path.join(dir, 'neighbours.csv'), LIST);

      // Upload, map as matched, and read the address report.
      await page.goto(`/upload?project=${project.id}`);
      await page.locator('input[type="file"]').setInputFiles(path.join(dir, 'neighbours.csv'));
      await page.waitForURL(/step=mapping/);
      await page.getByRole('button', { name: /Save Mappings & Continue/ }).click();
      const report = page.locator('.address-check');
      await report.getByText(/4 records checked/).waitFor();
      const issues = page.getByRole('table', { name: 'Address issues' });
      await issues.getByText('New York, NY').first().waitFor();

      // Accept New York for Ann; leave Cy out of printing.
      await page.getByRole('button', { name: 'Accept fix for record 1' }).first().click();
      await page.getByText('Fix accepted: 1 record').waitFor();
      await page.getByRole('button', { name: 'Exclude record 3' }).first().click();
      await page.getByText('Excluded from printing: 1 record').waitFor();
      await report.getByText(/1 excluded · 1 fixed/).waitFor();

      // A design from the gallery's first self-mailer (address block, indicia, QR code).
      const [sample] = await (await context.request.get('/api/templates/samples?type=self_mailer&size=8.5x11')).json();
      assert.equal((await context.request.post(`/api/templates/samples/${sample.id}/apply`, { headers: SAME_ORIGIN, data: { projectId: project.id } })).status(), 200);

      // A proof first: the first pieces, PROOF on them, its preflight shown before the download.
      await page.goto(`/projects/${project.id}/production`);
      const proof = await generate(page, true);
      assert.match(proof.disposition, /filename="Open-house-proof\.pdf"/);
      await fs.writeFile(path.join(dir, 'proof.pdf'), proof.pdf);
      assert.match(execFileSync('pdftotext', [path.join(dir, 'proof.pdf'), '-'], { encoding: 'utf8' }), /PROOF/);
      await page.getByRole('region', { name: 'Preflight' }).or(page.locator('section.preflight')).first().getByText(/^Preflight: /).waitFor();

      // Approve the proofed version; the final file is named after it.
      await page.getByRole('button', { name: 'Approve version 1 for printing' }).click();
      await page.getByText(/Design version 1 approved by printer@example\.test/).waitFor();
      await page.getByRole('checkbox', { name: /^Bleed/ }).check();
      const final = await generate(page);
      assert.match(final.disposition, /filename="Open-house-v1-approved\.pdf"/);
      await fs.writeFile(path.join(dir, 'final.pdf'), final.pdf);

      // Three pieces (Cy left out), two sides each; trim 8.5 × 11 in, bleed ⅛ in beyond it on every side.
      const info = execFileSync('pdfinfo', ['-box', '-f', '1', '-l', '6', path.join(dir, 'final.pdf')], { encoding: 'utf8' });
      assert.match(info, /^Pages:\s+6$/m);
      const box = (name: string) => info.match(new RegExp(`^Page\\s+1 ${name}:\\s+([\\d.\\s-]+)$`, 'm'))![1].trim().split(/\s+/).map(Number);
      const [tx0, ty0, tx1, ty1] = box('TrimBox');
      const [bx0, by0, bx1, by1] = box('BleedBox');
      assert.ok(Math.abs(tx1 - tx0 - 612) < 0.5 && Math.abs(ty1 - ty0 - 792) < 0.5, `trim 8.5 × 11 in: ${info}`);
      for (const d of [tx0 - bx0, ty0 - by0, bx1 - tx1, by1 - ty1]) assert.ok(Math.abs(d - 9) < 0.1, `bleed 9 pt a side: ${info}`);
      const text = execFileSync('pdftotext', [path.join(dir, 'final.pdf'), '-'], { encoding: 'utf8' });
      assert.match(text, /New York, NY 10001/);
      assert.doesNotMatch(text, /Cy Diaz|100 Main St/);
      assert.match(text, /Jo Kim/);
      assert.doesNotMatch(text, /PROOF/);
    });
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
    await context.close();
  }
});
