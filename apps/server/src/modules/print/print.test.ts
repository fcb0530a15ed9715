import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from '@pdfme/pdf-lib';
import { autoMap } from '@mailcraft/shared';
import { expectError, LOGIN_REQUIRED } from '../../test/expect-error.js';
import { createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import {
  createDesign, createMailingList, createPermit, createProject, designPage, saveColumnMappings, textElement, us500,
} from '../../test/factories.js';
import { pdfPageTexts, squashSpaces } from '../../test/pdf-text.js';
import { printJobs } from '../../db/schema/index.js';
import { PRINT_STALE_MS, recoverPrintJobs, recoverPrintJobsAtStart, runPrintJob } from './print.job.js';
import { releaseTrackedRuns } from '../../jobs/tracked-job.js';
import { eventually } from '../../test/eventually.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ env: { PRODUCT_PERMIT_NUMBER: '1234', PRODUCT_PERMIT_CITY: 'Austin, TX' } }); });
afterAll(async () => { await t.close(); });

/** us-500 with record 3's ZIP as a spreadsheet stores it (08014 → 8014). */
function sampleList(limit?: number) {
  const { headers, rows } = us500(limit);
  if (rows.length > 2) rows[2] = rows[2].map((v, i) => (i === headers.indexOf('zip') ? '8014' : v));
  return { headers, rows };
}

const outside = () => designPage([
  { name: 'indicia', type: 'indicia', position: { x: 175, y: 10 }, width: 32, height: 26, fontName: 'Helvetica' },
  { name: 'qr', type: 'qrVector', position: { x: 20, y: 220 }, width: 30, height: 30 },
  textElement('full_name', 100, 150),
  textElement('address', 100, 160),
  textElement('city_state_zip', 100, 170),
]);
const inside = () => designPage([
  { name: 'greeting', type: 'multiVariableText', text: 'Dear {first_name} {last_name},', content: '{}', variables: ['first_name', 'last_name'],
    position: { x: 20, y: 30 }, width: 170, height: 10, fontSize: 14, fontName: 'Roboto-Regular' },
  textElement('company_name', 20, 50),
  textElement('body', 20, 70, { readOnly: true, content: 'Your home in {city} could sell this spring.' }),
]);

/** A project ready to print: list (mapped, last names in capitals), design and, unless told, a permit. */
async function printableProject(user: TestUser, opts: { sides?: 'single' | 'double'; limit?: number; permit?: boolean; permitType?: 'custom' | 'product' | 'none' } = {}) {
  const permit = opts.permit === false ? null : await createPermit(t.ctx.db, user.id);
  const project = await createProject(t.ctx.db, user.id, {
    sides: opts.sides ?? 'double', mailingPermitId: permit?.id ?? null, permitType: opts.permitType ?? 'custom',
  });
  const { headers, rows } = sampleList(opts.limit);
  const list = await createMailingList(t.ctx.db, user.id, { headers, rows, projectId: project.id });
  await saveColumnMappings(t.ctx.db, list.id, autoMap(headers), { capitalization: { last_name: 'upper' } });
  await createDesign(t.ctx.db, project.id, opts.sides === 'single' ? { inside: inside() } : { inside: inside(), outside: outside() });
  return { project, rows, headers };
}

/** GET /api/print-jobs/{id}: 200 and the job. */
async function getJob(user: TestUser, jobId: string) {
  const res = await user.req({ method: 'GET', url: `/api/print-jobs/${jobId}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** POST /api/projects/{id}/print: 202 and the new job's id. */
async function startPrint(user: TestUser, projectId: string): Promise<string> {
  const res = await user.req({ method: 'POST', url: `/api/projects/${projectId}/print` });
  expect(res.statusCode, res.body).toBe(202);
  return res.json().jobId;
}

/** A print file or preview: 200, a PDF. */
function expectPdf(res: { statusCode: number; body: string; headers: Record<string, unknown> }) {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
}

async function waitForJob(user: TestUser, jobId: string) {
  const seen = new Set<string>();
  for (let i = 0; i < 600; i++) {
    const job = await getJob(user, jobId);
    seen.add(job.status);
    if (job.status === 'done' || job.status === 'failed') return { job, seen };
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('print job did not finish');
}

describe('print files', () => {
  it('renders every record as an outside and an inside page, in list order, and serves the PDF', async () => {
    const user = await signUpUser(t.app);
    const { project, rows, headers } = await printableProject(user);
    const col = (row: string[], name: string) => squashSpaces(row[headers.indexOf(name)]);

    const created = await user.req({ method: 'POST', url: `/api/projects/${project.id}/print` });
    expect(created.statusCode).toBe(202);
    expect(created.json()).toEqual({ jobId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const { jobId } = created.json();
    const first = await getJob(user, jobId);
    expect(first).toMatchObject({ id: jobId, total: 500 });
    expect(['queued', 'running', 'done']).toContain(first.status);

    const { job, seen } = await waitForJob(user, jobId);
    expect(job).toMatchObject({ status: 'done', done: 500, total: 500 });
    expect([...seen].every((s) => ['queued', 'running', 'done'].includes(s))).toBe(true);

    const file = await user.req({ method: 'GET', url: `/api/print-jobs/${jobId}/file` });
    expect(job).toMatchObject({ list_name: 'us-500.csv', design_version: 1, file_size: file.rawPayload.length, eta_seconds: null });
    expect(Date.parse(job.finished_at)).toBeGreaterThanOrEqual(Date.parse(job.started_at));
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain('attachment; filename="Spring-mailer.pdf"');
    expect((await PDFDocument.load(file.rawPayload)).getPageCount()).toBe(1000);

    const pages = pdfPageTexts(file.rawPayload).map(squashSpaces);
    expect(pages).toHaveLength(1000);
    // Piece 1: the first record, last name in capitals as mapped, indicia on the outside.
    expect(pages[0]).toContain('James BUTT');
    expect(pages[0]).toContain('6649 N Blue Gum St');
    expect(pages[0]).toContain('New Orleans, LA 70116');
    for (const line of ['PRESORTED', 'STANDARD', 'U.S. POSTAGE', 'PAID', 'PERMIT NO.', 'CITY, STATE']) expect(pages[0]).toContain(line);
    expect(pages[1]).toContain('Dear James BUTT,');
    expect(pages[1]).toContain('Benton, John B Jr');
    expect(pages[1]).toContain('Your home in New Orleans could sell this spring.');
    // Piece 3: a 4-digit ZIP prints with its leading zero.
    expect(pages[4]).toContain('Bridgeport, NJ 08014');
    // Every piece in list order: outside page has its address, inside page its greeting.
    rows.forEach((row, i) => {
      expect(pages[2 * i]).toContain(col(row, 'address'));
      expect(pages[2 * i + 1]).toContain(`Dear ${col(row, 'first_name')} ${col(row, 'last_name').toUpperCase()},`);
    });
  });

  it('keeps earlier print files: the project lists them newest first with list, design version and size', async () => {
    const user = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    const { project } = await printableProject(user, { limit: 5 });
    const firstId = await startPrint(user, project.id);
    await waitForJob(user, firstId);
    // A new save of the design is a new version.
    const design = await user.req({ method: 'GET', url: `/api/templates/project/${project.id}/design` });
    expect(design.statusCode, design.body).toBe(200);
    const saved = await user.req({ method: 'POST', url: `/api/templates/project/${project.id}/design`, payload: design.json() });
    expect(saved.statusCode, saved.body).toBeLessThan(300);
    const secondId = await startPrint(user, project.id);
    await waitForJob(user, secondId);

    const res = await user.req({ method: 'GET', url: `/api/projects/${project.id}/print-jobs` });
    expect(res.statusCode, res.body).toBe(200);
    const history = res.json();
    expect(history.map((j: { id: string }) => j.id)).toEqual([secondId, firstId]);
    expect(history[0]).toMatchObject({ status: 'done', total: 5, list_name: 'us-500.csv', design_version: 2, file_size: expect.any(Number) });
    expect(history[1]).toMatchObject({ status: 'done', total: 5, design_version: 1 });
    expect(history[1].file_size).toBeGreaterThan(1000);
    expect((await user.req({ method: 'GET', url: `/api/print-jobs/${firstId}/file` })).statusCode).toBe(200);
    expectError(await other.req({ method: 'GET', url: `/api/projects/${project.id}/print-jobs` }), 404, 'NOT_FOUND', 'Project not found');
  });

  it('proofs any record: by number (from) and found by name, with percent and underscore taken literally', async () => {
    const user = await signUpUser(t.app);
    const { project } = await printableProject(user, { sides: 'single' });
    const res = await user.req({ method: 'GET', url: `/api/projects/${project.id}/print/preview?count=1&from=499` });
    expectPdf(res);
    const texts = pdfPageTexts(res.rawPayload).map(squashSpaces);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain('Dear Chauncey MOTLEY,'); // record 500, the last of us-500
    expectError(await user.req({ method: 'GET', url: `/api/projects/${project.id}/print/preview?count=1&from=500` }), 422, 'UNPROCESSABLE', 'The list has 500 records');

    const found = await user.req({ method: 'GET', url: `/api/projects/${project.id}/print/records?q=venere` });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toEqual([{ record: 3, name: 'Art VENERE', address: '8 W Cerritos Ave #54, Bridgeport, NJ 08014' }]);
    expect((await user.req({ method: 'GET', url: `/api/projects/${project.id}/print/records?q=%25` })).json()).toEqual([]);
    expect((await user.req({ method: 'GET', url: `/api/projects/${project.id}/print/records?q=J_mes` })).json()).toEqual([]); // not a wildcard: no 'James'
    const many = (await user.req({ method: 'GET', url: `/api/projects/${project.id}/print/records?q=a` })).json();
    expect(many).toHaveLength(10);
    expect(many.map((r: { record: number }) => r.record)).toEqual([...many.map((r: { record: number }) => r.record)].sort((a, b) => a - b));
    expect((await user.req({ method: 'GET', url: `/api/projects/${project.id}/print/records?q=` })).statusCode).toBe(400);
  });

  it('previews the first pieces from real records: one page each when single-sided', async () => {
    const user = await signUpUser(t.app);
    const { project } = await printableProject(user, { sides: 'single', limit: 20 });
    const res = await user.req({ method: 'GET', url: `/api/projects/${project.id}/print/preview?count=3` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pages = pdfPageTexts(res.rawPayload).map(squashSpaces);
    expect(pages).toHaveLength(3);
    expect(pages[0]).toContain('Dear James BUTT,');
    expect(pages[2]).toContain('Dear Art VENERE,');
    const byDefault = await user.req({ method: 'GET', url: `/api/projects/${project.id}/print/preview` });
    expectPdf(byDefault);
    expect(pdfPageTexts(byDefault.rawPayload)).toHaveLength(3);
    const tooMany = await user.req({ method: 'GET', url: `/api/projects/${project.id}/print/preview?count=11` });
    expectError(tooMany, 400, 'VALIDATION', 'count must be at most 10', [{ message: 'count must be at most 10', path: '/count' }]);
  });

  it("prints an empty indicia without a permit, and the product's permit for a 'product' project", async () => {
    const user = await signUpUser(t.app);
    const { project } = await printableProject(user, { permit: false, limit: 2 });
    const res = await user.req({ method: 'GET', url: `/api/projects/${project.id}/print/preview?count=1` });
    expectPdf(res);
    const pages = pdfPageTexts(res.rawPayload).map(squashSpaces);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('James BUTT');
    expect(pages[0]).not.toContain('PRESORTED');
    const product = await printableProject(user, { permit: false, permitType: 'product', limit: 2 });
    const productPreview = await user.req({ method: 'GET', url: `/api/projects/${product.project.id}/print/preview?count=1` });
    expectPdf(productPreview);
    const productPages = pdfPageTexts(productPreview.rawPayload);
    expect(squashSpaces(productPages[0])).toContain('PRESORTED STANDARD U.S. POSTAGE PAID PERMIT NO. 1234 AUSTIN, TX');
  });

  it('refuses a project without a list or without a design (422)', async () => {
    const user = await signUpUser(t.app);
    const bare = await createProject(t.ctx.db, user.id);
    const noList = await user.req({ method: 'POST', url: `/api/projects/${bare.id}/print` });
    expectError(noList, 422, 'UNPROCESSABLE', 'Upload a mailing list before creating print files');
    const { headers, rows } = sampleList(3);
    await createMailingList(t.ctx.db, user.id, { headers, rows, projectId: bare.id });
    const noDesign = await user.req({ method: 'POST', url: `/api/projects/${bare.id}/print` });
    expectError(noDesign, 422, 'UNPROCESSABLE', 'Design the mailer before creating print files');
  });

  it("answers 404 for another user's project, job and file, and 401 when signed out", async () => {
    const owner = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    const { project } = await printableProject(owner, { limit: 3 });
    const jobId = await startPrint(owner, project.id);
    expect((await waitForJob(owner, jobId)).job.status).toBe('done'); // the other user is refused a finished file
    expectError(await other.req({ method: 'POST', url: `/api/projects/${project.id}/print` }), 404, 'NOT_FOUND', 'Project not found');
    expectError(await other.req({ method: 'GET', url: `/api/projects/${project.id}/print/preview` }), 404, 'NOT_FOUND', 'Project not found');
    expectError(await other.req({ method: 'GET', url: `/api/print-jobs/${jobId}` }), 404, 'NOT_FOUND', 'Print job not found');
    expectError(await other.req({ method: 'GET', url: `/api/print-jobs/${jobId}/file` }), 404, 'NOT_FOUND', 'Print job not found');
    expectError(await other.req({ method: 'GET', url: '/api/print-jobs/not-a-uuid' }), 404, 'NOT_FOUND', 'Print job not found');
    expectError(await t.app.inject({ method: 'GET', url: `/api/print-jobs/${jobId}` }), 401, 'UNAUTHORIZED', LOGIN_REQUIRED);
    expectPdf(await owner.req({ method: 'GET', url: `/api/print-jobs/${jobId}/file` }));
  });

  it('answers 409 for the file of a job that is not done', async () => {
    const user = await signUpUser(t.app);
    const project = await createProject(t.ctx.db, user.id);
    const [job] = await t.ctx.db.insert(printJobs).values({ userId: user.id, projectId: project.id, status: 'running', total: 10 }).returning();
    const res = await user.req({ method: 'GET', url: `/api/print-jobs/${job.id}/file` });
    expectError(res, 409, 'CONFLICT', 'The print file is not ready yet');
    expect(await getJob(user, job.id)).toMatchObject({ status: 'running', done: 0, total: 10 });
    // A running job without a heartbeat counts as stale: left running, it is recovered with the takeover test's job.
    await t.ctx.db.update(printJobs).set({ status: 'failed' }).where(eq(printJobs.id, job.id));
  });

  it('a job restarted after a crash renders again from the first piece', async () => {
    const user = await signUpUser(t.app);
    const { project } = await printableProject(user, { limit: 30 });
    // As a crash leaves it: running, part done, no file; pg-boss hands it to a worker again.
    const [job] = await t.ctx.db.insert(printJobs).values({ userId: user.id, projectId: project.id, status: 'running', done: 12, total: 30 }).returning();
    await runPrintJob(t.ctx, job.id);
    expect(await getJob(user, job.id)).toMatchObject({ status: 'done', done: 30, total: 30 });
    const file = await user.req({ method: 'GET', url: `/api/print-jobs/${job.id}/file` });
    expectPdf(file);
    const pages = pdfPageTexts(file.rawPayload).map(squashSpaces);
    expect(pages).toHaveLength(60);
    expect(pages[0]).toContain('James BUTT');
  });

  // One embedded-database process: a job still running at start-up was cut off by a stop.
  it.skipIf(!!process.env.TEST_DATABASE_URL)('on the embedded database, start-up queues an interrupted job again at once', async () => {
    const user = await signUpUser(t.app);
    const { project } = await printableProject(user, { limit: 5 });
    const [job] = await t.ctx.db.insert(printJobs).values({ userId: user.id, projectId: project.id, status: 'running', done: 2, total: 5, heartbeatAt: new Date() }).returning();
    await recoverPrintJobsAtStart(t.ctx); // as a worker does when the server starts again
    const { job: finished } = await waitForJob(user, job.id);
    expect(finished).toMatchObject({ status: 'done', done: 5, total: 5 });
  });

  // SIGTERM on a worker (README "Running at scale"): its running render goes back to the queue at once.
  it('a stopping worker hands its running render back; another run takes it over and the file is whole', async () => {
    const user = await signUpUser(t.app);
    const { project } = await printableProject(user);
    const jobId = await startPrint(user, project.id);
    await eventually(async () => (await getJob(user, jobId)).done > 0, 60_000);
    const [before] = await t.ctx.db.select({ runId: printJobs.runId }).from(printJobs).where(eq(printJobs.id, jobId));
    expect(await releaseTrackedRuns(t.ctx)).toBe(1);
    const { job } = await waitForJob(user, jobId);
    expect(job).toMatchObject({ status: 'done', done: 500, total: 500 });
    const [after] = await t.ctx.db.select({ runId: printJobs.runId }).from(printJobs).where(eq(printJobs.id, jobId));
    expect(after.runId).not.toBe(before.runId);
    const file = await user.req({ method: 'GET', url: `/api/print-jobs/${jobId}/file` });
    expect(pdfPageTexts(file.rawPayload)).toHaveLength(1000);
  });

  // Several workers on PostgreSQL: a render that stopped beating is taken over; a live one is not.
  it('takes over a render whose heartbeat stopped a minute ago, and leaves a live render alone', async () => {
    const user = await signUpUser(t.app);
    const { project } = await printableProject(user, { limit: 5 });
    const insertRunning = async (heartbeatAt: Date) => (await t.ctx.db.insert(printJobs)
      .values({ userId: user.id, projectId: project.id, status: 'running', done: 2, total: 5, runId: randomUUID(), heartbeatAt }).returning())[0];
    const dead = await insertRunning(new Date(Date.now() - PRINT_STALE_MS - 5_000));
    const live = await insertRunning(new Date());
    const recovered = await recoverPrintJobs(t.ctx);
    expect(recovered).toContain(dead.id);
    expect(recovered).not.toContain(live.id);
    expect((await waitForJob(user, dead.id)).job).toMatchObject({ status: 'done', done: 5, total: 5 });
    // A second render of the live job (pg-boss retrying it) does not claim it either.
    await runPrintJob(t.ctx, live.id);
    expect(await getJob(user, live.id)).toMatchObject({ status: 'running', done: 2 });
  });
});
