import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoMap, PRINT_JOB_PHASES, PREFLIGHT_CHECK_IDS, type TPrintJob } from '@mailcraft/shared';
import { createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { createDesign, createMailingList, createPermit, createProject, designPage, saveColumnMappings, textElement, us500 } from '../../test/factories.js';
import { printJobs } from '../../db/schema/index.js';
import { runPrintJob } from './print.job.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

/** A single-sided project with `records` records of us-500, mapped, and a design printing the address. */
async function printableProject(user: TestUser, records: number) {
  const permit = await createPermit(t.ctx.db, user.id);
  const project = await createProject(t.ctx.db, user.id, { sides: 'single', mailingPermitId: permit.id, permitType: 'custom' });
  const { headers, rows } = us500(records);
  const list = await createMailingList(t.ctx.db, user.id, { headers, rows, projectId: project.id });
  await saveColumnMappings(t.ctx.db, list.id, autoMap(headers));
  await createDesign(t.ctx.db, project.id, {
    inside: designPage([textElement('full_name', 100, 200), textElement('address', 100, 210), textElement('city_state_zip', 100, 220)]),
  });
  return project;
}

async function getJob(user: TestUser, jobId: string): Promise<TPrintJob> {
  const res = await user.req({ method: 'GET', url: `/api/print-jobs/${jobId}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Every answer of GET /api/print-jobs/{id}, polled without pause until the job ends. */
async function pollUntilEnd(user: TestUser, jobId: string): Promise<TPrintJob[]> {
  const seen: TPrintJob[] = [];
  const deadline = Date.now() + 240_000;
  for (;;) {
    const job = await getJob(user, jobId);
    seen.push(job);
    if (job.status === 'done' || job.status === 'failed') return seen;
    if (Date.now() > deadline) throw new Error(`print job still ${job.status} (${job.phase})`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('print progress names its phase (docs/requirements/print.md#progress)', () => {
  it('a 500-piece file goes through rendering, merging, the preflight and storing, in order, never back', async () => {
    const user = await signUpUser(t.app);
    const project = await printableProject(user, 500);
    // Storing the file to disk takes a few milliseconds: it waits until a poll has seen its phase.
    const storage = t.ctx.storage;
    const putStream = storage.putStream.bind(storage);
    let storingSeen: () => void = () => undefined;
    const seenStoring = new Promise<void>((resolve) => { storingSeen = resolve; });
    storage.putStream = async (...args) => { await seenStoring; return putStream(...args); };
    try {
      const res = await user.req({ method: 'POST', url: `/api/projects/${project.id}/print`, payload: { confirm_warnings: true } });
      expect(res.statusCode, res.body).toBe(202);
      const jobId: string = res.json().jobId;
      const seen: TPrintJob[] = [];
      const deadline = Date.now() + 240_000;
      for (let job = await getJob(user, jobId); ; job = await getJob(user, jobId)) {
        seen.push(job);
        if (job.phase === 'storing') storingSeen();
        if (job.status === 'done' || job.status === 'failed') break;
        if (Date.now() > deadline) throw new Error(`print job still ${job.status} (${job.phase})`);
        await new Promise((r) => setTimeout(r, 10));
      }
      const last = seen.at(-1)!;
      expect(last).toMatchObject({ status: 'done', phase: null, done: 500, total: 500, eta_seconds: null });
      expect(last.preflight?.checks.map((c) => c.id)).toEqual([...PREFLIGHT_CHECK_IDS]);

      const running = seen.filter((j) => j.status === 'running');
      const phases = running.map((j) => j.phase).filter((p, i, all) => p !== all[i - 1]);
      expect(phases.every((p) => p !== null)).toBe(true);
      // In order, none skipped after rendering starts, none repeated.
      const order = phases.map((p) => PRINT_JOB_PHASES.indexOf(p!));
      expect(order).toEqual([...order].sort((a, b) => a - b));
      expect(phases.slice(phases.indexOf('rendering'))).toEqual(['rendering', 'merging', 'preflight', 'storing']);
      // Pieces never go back; once rendering is over every piece is counted and no time is guessed.
      const done = seen.map((j) => j.done);
      expect(done).toEqual([...done].sort((a, b) => a - b));
      for (const j of running.filter((r) => r.phase !== 'rendering' && r.phase !== 'preparing')) {
        expect(j).toMatchObject({ done: 500, total: 500, eta_seconds: null });
      }
    } finally {
      storingSeen();
      storage.putStream = putStream;
    }
  });

  it('a job that fails keeps the phase it failed in; queued and finished jobs have none', async () => {
    const user = await signUpUser(t.app);
    const bare = await createProject(t.ctx.db, user.id); // no list: reading it fails while preparing
    const [queued] = await t.ctx.db.insert(printJobs).values({ userId: user.id, projectId: bare.id, status: 'queued', total: 3 }).returning();
    expect(await getJob(user, queued.id)).toMatchObject({ status: 'queued', phase: null });
    await runPrintJob(t.ctx, queued.id);
    expect(await getJob(user, queued.id)).toMatchObject({ status: 'failed', phase: 'preparing', error: 'Upload a mailing list before creating print files' });

    const project = await printableProject(user, 3);
    const res = await user.req({ method: 'POST', url: `/api/projects/${project.id}/print`, payload: { confirm_warnings: true } });
    const seen = await pollUntilEnd(user, res.json().jobId);
    expect(seen.at(-1)).toMatchObject({ status: 'done', phase: null });
    // The history keeps each file's preflight with it.
    const history = await user.req({ method: 'GET', url: `/api/projects/${project.id}/print-jobs` });
    expect(history.json()[0]).toMatchObject({ status: 'done', phase: null, preflight: { passed: expect.any(Boolean), checks: expect.any(Array) } });
  });
});
