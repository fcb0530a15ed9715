import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoMap } from '@mailcraft/shared';
import { createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { createDesign, createMailingList, createPermit, createProject, designPage, saveColumnMappings, textElement, us500 } from '../../test/factories.js';
import { pdfPageTexts } from '../../test/pdf-text.js';
import { printJobs } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const indicia = (x: number, y: number) => ({ name: 'indicia', type: 'indicia', position: { x, y }, width: 32, height: 26, fontName: 'Helvetica' });
const addressBlock = {
  name: 'address block', type: 'multiVariableText', text: '{full_name}\n{address}\n{city_state_zip}', content: '{}',
  variables: ['full_name', 'address', 'city_state_zip'], position: { x: 95, y: 215 }, width: 105, height: 20, fontSize: 10, fontName: 'Helvetica',
};
const qr = { name: 'qr', type: 'qrVector', position: { x: 20, y: 150 }, width: 30, height: 30 };

/** A single-sided 8.5 × 11 project with a permit, `records` records of us-500 and a design with the indicia at (x, y). */
async function project(user: TestUser, records: number, indiciaAt: [number, number] = [180, 6]) {
  const permit = await createPermit(t.ctx.db, user.id);
  const p = await createProject(t.ctx.db, user.id, { sides: 'single', mailingPermitId: permit.id, permitType: 'custom' });
  const { headers, rows } = us500(records);
  const list = await createMailingList(t.ctx.db, user.id, { headers, rows, projectId: p.id });
  await saveColumnMappings(t.ctx.db, list.id, autoMap(headers));
  await createDesign(t.ctx.db, p.id, { inside: designPage([indicia(...indiciaAt), addressBlock, qr]) });
  return p;
}

async function startPrint(user: TestUser, projectId: string, payload?: Record<string, unknown>): Promise<string> {
  const res = await user.req({ method: 'POST', url: `/api/projects/${projectId}/print`, payload });
  expect(res.statusCode, res.body).toBe(202);
  return res.json().jobId;
}

async function waitForJob(user: TestUser, jobId: string) {
  for (let i = 0; i < 600; i++) {
    const res = await user.req({ method: 'GET', url: `/api/print-jobs/${jobId}` });
    expect(res.statusCode, res.body).toBe(200);
    const job = res.json();
    if (job.status === 'done' || job.status === 'failed') return job;
    expect(job.preflight).toBeNull(); // no report before the job is done
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('print job did not finish');
}

/** `pdfinfo -box` of page 1 of `pdf` → box name → 4 numbers (pt). */
async function boxes(pdf: Buffer): Promise<Record<string, number[]>> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-route-'));
  try {
    await fs.writeFile(path.join(dir, 'f.pdf'), pdf);
    const out = execFileSync('pdfinfo', ['-box', '-f', '1', '-l', '1', path.join(dir, 'f.pdf')], { encoding: 'utf8' });
    return Object.fromEntries([...out.matchAll(/^Page\s+1\s+(\w+):\s+(.+)$/gm)].map((m) => [m[1], m[2].trim().split(/\s+/).map(Number)]));
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

describe('print options and preflight', () => {
  it('stores the options, prints with bleed and crop marks, and reports a passing preflight once done', async () => {
    const user = await signUpUser(t.app);
    const p = await project(user, 4);
    const jobId = await startPrint(user, p.id, { bleed: true, cropMarks: true });
    const [row] = await t.ctx.db.select().from(printJobs).where(eq(printJobs.id, jobId));
    expect(row.options).toEqual({ bleed: true, cropMarks: true, proof: false, trayBreaks: false });

    const job = await waitForJob(user, jobId);
    expect(job).toMatchObject({ status: 'done', total: 4, options: { bleed: true, cropMarks: true, proof: false, trayBreaks: false } });
    expect(job.preflight.checks.filter((c: { passed: boolean }) => !c.passed)).toEqual([]);
    expect(job.preflight).toMatchObject({ passed: true });
    expect(job.preflight.checks.map((c: { id: string }) => c.id)).toEqual([
      'page-boxes', 'fonts', 'qr-codes', 'indicia', 'address-block', 'imb-codes', 'required-fields', 'text-overflow', 'text-shrunk', 'image-resolution',
    ]);
    expect(job.preflight.checks[2].message).toMatch(/All 4 QR codes of 4 sampled pieces scan/);

    const file = await user.req({ method: 'GET', url: `/api/print-jobs/${jobId}/file` });
    expect(file.statusCode).toBe(200);
    const b = await boxes(file.rawPayload);
    const mm = (v: number) => Math.round((v / 72) * 25.4 * 10) / 10;
    expect(b.TrimBox.map(mm)).toEqual([12.7, 12.7, 228.6, 292.1]);
    expect(b.BleedBox.map(mm)).toEqual([9.5, 9.5, 231.8, 295.3]);
    expect(b.MediaBox.map(mm)).toEqual([0, 0, 241.3, 304.8]);
  });

  it('prints at the trim size by default and reports an indicia in the lower left', async () => {
    const user = await signUpUser(t.app);
    const p = await project(user, 2, [10, 240]);
    const jobId = await startPrint(user, p.id);
    const job = await waitForJob(user, jobId);
    expect(job.options).toEqual({ bleed: false, cropMarks: false, proof: false, trayBreaks: false });
    expect(job.preflight.passed).toBe(false);
    const failed = job.preflight.checks.filter((c: { passed: boolean }) => !c.passed);
    expect(failed.map((c: { id: string }) => c.id)).toEqual(['indicia']);
    expect(failed[0].message).toMatch(/outside the upper-right Indicia zone/);
    const file = await user.req({ method: 'GET', url: `/api/print-jobs/${jobId}/file` });
    expect(file.statusCode).toBe(200); // a failed preflight does not block the download
    const b = await boxes(file.rawPayload);
    expect(b.MediaBox.map((v) => Math.round((v / 72) * 25.4 * 10) / 10)).toEqual([0, 0, 215.9, 279.4]);
    expect(b.TrimBox).toEqual(b.MediaBox);
    // The job list carries the report too.
    const list = await user.req({ method: 'GET', url: `/api/projects/${p.id}/print-jobs` });
    expect(list.json()[0].preflight.passed).toBe(false);
  });

  it('prints a proof of the first 10 pieces, watermarked PROOF', async () => {
    const user = await signUpUser(t.app);
    const p = await project(user, 12);
    const job = await waitForJob(user, await startPrint(user, p.id, { proof: true }));
    expect(job).toMatchObject({ status: 'done', total: 10, done: 10, options: { proof: true } });
    const file = await user.req({ method: 'GET', url: `/api/print-jobs/${job.id}/file` });
    const pages = pdfPageTexts(file.rawPayload);
    expect(pages).toHaveLength(10);
    for (const page of pages) expect(page).toContain('PROOF');
    expect(job.preflight.checks[0].message).toMatch(/All 10 pages/);
  });

  it('adds the pieces the last preflight flagged to the proof, each labelled with its piece number and why', async () => {
    const user = await signUpUser(t.app);
    const permit = await createPermit(t.ctx.db, user.id);
    const p = await createProject(t.ctx.db, user.id, { sides: 'single', mailingPermitId: permit.id, permitType: 'custom' });
    const { headers, rows } = us500(15);
    const company = headers.indexOf('company_name');
    // Records 12 and 14 have no company name, which the design requires.
    const list = await createMailingList(t.ctx.db, user.id, { headers, rows: rows.map((r, i) => (i === 11 || i === 13 ? r.map((v, c) => (c === company ? '' : v)) : r)), projectId: p.id });
    await saveColumnMappings(t.ctx.db, list.id, autoMap(headers));
    await createDesign(t.ctx.db, p.id, { inside: designPage([indicia(180, 6), addressBlock, qr, textElement('company_name', 20, 60, { required: true, width: 120 })]) });

    // Before any final file, a proof is the first 10 pieces.
    expect((await waitForJob(user, await startPrint(user, p.id, { proof: true, confirm_warnings: true }))).total).toBe(10);
    const final = await waitForJob(user, await startPrint(user, p.id, { confirm_warnings: true }));
    expect(final.preflight.checks.find((c: { id: string }) => c.id === 'required-fields')).toMatchObject({ passed: false, pieces: [12, 14], records: [12, 14] });

    const proof = await waitForJob(user, await startPrint(user, p.id, { proof: true, confirm_warnings: true }));
    expect(proof).toMatchObject({ status: 'done', total: 12 });
    const pages = pdfPageTexts((await user.req({ method: 'GET', url: `/api/print-jobs/${proof.id}/file` })).rawPayload);
    expect(pages).toHaveLength(12);
    expect(pages[0]).toContain('PROOF · piece 1 of 15 (list record 1)');
    expect(pages[10]).toContain('PROOF · piece 12 of 15 (list record 12) · flagged: empty required field');
    expect(pages[11]).toContain('PROOF · piece 14 of 15 (list record 14) · flagged: empty required field');
    expect(pages[10]).toContain(rows[11][headers.indexOf('first_name')]);
  });

  it('refuses options that are not booleans', async () => {
    const user = await signUpUser(t.app);
    const p = await project(user, 1);
    const res = await user.req({ method: 'POST', url: `/api/projects/${p.id}/print`, payload: { bleed: 'yes' } });
    expect(res.statusCode).toBe(400);
  });
});
