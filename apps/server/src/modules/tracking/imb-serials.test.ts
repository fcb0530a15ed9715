import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imbSerialCounters, mailPieces, printJobs } from '../../db/schema/index.js';
import { createTestApp, signUpUser, type TestApp } from '../../test/harness.js';
import { createDesign, createMailingList, createProject, designPage, saveColumnMappings, textElement } from '../../test/factories.js';
import { eventually } from '../../test/eventually.js';
import { setMailerId } from '../../test/mail-pieces.js';
import { startServerProcess, type ServerProcess } from '../../test/server-process.js';
import { allocateSerials, type SerialRange } from './imb-serials.repo.js';

const REFUSED = 'Mailer ID 987654321 has used all its serial numbers in the last 45 days';

describe('serial numbers of a Mailer ID (docs/requirements/mail-tracking.md#imb-assignment)', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ workers: false }); });
  afterAll(async () => { await t.close(); });

  it('hands out consecutive ranges from 0, and refuses a range that would reuse a serial assigned in the last 45 days', async () => {
    const db = t.ctx.db;
    expect(await allocateSerials(db, '987654321', 3)).toEqual({ mailerId: '987654321', first: 0, count: 3, digits: 6 });
    expect(await allocateSerials(db, '987654321', 2)).toMatchObject({ first: 3, count: 2 });

    // Serials 000000–000004 went to pieces today; the counter is about to wrap past 999999.
    const user = await signUpUser(t.app);
    const project = await createProject(db, user.id);
    const [job] = await db.insert(printJobs).values({ userId: user.id, projectId: project.id, status: 'done', total: 5 }).returning();
    await db.insert(mailPieces).values(Array.from({ length: 5 }, (_, i) => ({
      userId: user.id, printJobId: job.id, pieceNumber: i + 1, imb: `00270987654321${String(i).padStart(6, '0')}`, barcodeId: '00', serviceTypeId: '270',
      mailerId: '987654321', serial: String(i).padStart(6, '0'), routing: '', seq: i, assigned: true, address: { name: '', lines: [], city: '', state: '', zip: '' },
    })));
    await db.update(imbSerialCounters).set({ nextSeq: 999_997 }).where(eq(imbSerialCounters.mailerId, '987654321'));
    expect(await allocateSerials(db, '987654321', 3)).toMatchObject({ first: 999_997, count: 3 }); // 999997–999999: unused
    await expect(allocateSerials(db, '987654321', 1)).rejects.toThrow(REFUSED); // 000000 wraps onto today's piece 1
    await expect(allocateSerials(db, '987654321', 1)).rejects.toMatchObject({ code: 'UNPROCESSABLE' });
    // Nothing was taken by the refusals.
    expect((await db.select().from(imbSerialCounters).where(eq(imbSerialCounters.mailerId, '987654321')))[0].nextSeq).toBe(1_000_000);

    // 46 days later those serials may come back; the next ones (not used recently) too.
    await db.update(mailPieces).set({ createdAt: sql`now() - interval '46 days'` }).where(and(eq(mailPieces.printJobId, job.id), eq(mailPieces.pieceNumber, 1)));
    expect(await allocateSerials(db, '987654321', 1)).toMatchObject({ first: 1_000_000 }); // serial 000000
    await expect(allocateSerials(db, '987654321', 2)).rejects.toThrow(REFUSED); // 000001 is still recent
    // A 6-digit MID has a billion serials; another MID's pieces never count.
    expect(await allocateSerials(db, '123456', 500)).toMatchObject({ first: 0, count: 500, digits: 9 });
  });
});

/**
 * Two server processes on one PostgreSQL database allocate serials of the same Mailer ID at the same time: process B
 * (a separate `main.ts`) renders two print files of 1,100 pieces — one allocation per batch of at most 500 — while this
 * process (A, a test app without job workers) takes ranges in four concurrent loops. No serial may be handed out twice.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('serial numbers across processes on one PostgreSQL database', () => {
  let a: TestApp;
  let b: ServerProcess;

  beforeAll(async () => {
    a = await createTestApp({ workers: false });
    b = await startServerProcess({ DATABASE_URL: a.ctx.database.url!, STORAGE_URL: a.ctx.config.storageDir, PRINT_WORKERS: '1' });
  }, 180_000);
  afterAll(async () => {
    await b?.stop();
    await a?.close();
  });

  it('never hands out a serial twice while both processes allocate at once', async () => {
    const MID = '912345678';
    const user = await signUpUser(a.app);
    await setMailerId(user, { mailer_id: MID });
    const jobIds: string[] = [];
    for (let n = 0; n < 2; n++) {
      const project = await createProject(a.ctx.db, user.id, { sides: 'single', permitType: 'none', name: `Concurrent ${n}` });
      const rows = Array.from({ length: 1100 }, (_, i) => [`Resident ${n}-${i}`, `${i} Main St`, 'Springfield', 'IL', '62701']);
      const list = await createMailingList(a.ctx.db, user.id, { headers: ['Name', 'Address', 'City', 'State', 'Zip'], rows, projectId: project.id });
      await saveColumnMappings(a.ctx.db, list.id, { Name: 'full_name', Address: 'address', City: 'city', State: 'state', Zip: 'zip' });
      await createDesign(a.ctx.db, project.id, { inside: designPage([{ name: 'imbno', type: 'imb', position: { x: 20, y: 20 }, width: 80, height: 6 }, textElement('full_name', 20, 60)], '6x9') });
      const started = await user.req({ method: 'POST', url: `/api/projects/${project.id}/print` });
      expect(started.statusCode, started.body).toBe(202);
      jobIds.push(started.json().jobId);
    }

    const statusOf = async (id: string) => (await user.req({ method: 'GET', url: `/api/print-jobs/${id}` })).json() as { status: string; error?: string };
    let finished = false;
    const ours: SerialRange[] = [];
    const loop = async (k: number) => {
      for (let i = 0; !finished; i++) ours.push(await allocateSerials(a.ctx.db, MID, 1 + ((i * 7 + k) % 40)));
    };
    const loops = [0, 1, 2, 3].map(loop);
    try {
      await eventually(async () => (await Promise.all(jobIds.map(statusOf))).every((j) => j.status === 'done' || j.status === 'failed'), 240_000);
    } finally {
      finished = true;
      await Promise.all(loops);
    }
    for (const id of jobIds) expect(await statusOf(id)).toMatchObject({ status: 'done' });

    const pieces = await a.ctx.db.select({ seq: mailPieces.seq, serial: mailPieces.serial, imb: mailPieces.imb }).from(mailPieces)
      .where(and(eq(mailPieces.mailerId, MID), eq(mailPieces.assigned, true)));
    expect(pieces).toHaveLength(2200);
    const printed = pieces.map((p) => p.seq!);
    const taken = ours.flatMap((r) => Array.from({ length: r.count }, (_, i) => r.first + i));
    const all = [...printed, ...taken];
    expect(new Set(all).size).toBe(all.length);
    expect(new Set(pieces.map((p) => p.serial)).size).toBe(2200);
    expect(new Set(pieces.map((p) => p.imb)).size).toBe(2200);
    // Every number up to the counter went to someone, once: none lost, none twice.
    const [counter] = await a.ctx.db.select().from(imbSerialCounters).where(eq(imbSerialCounters.mailerId, MID));
    expect(counter.nextSeq).toBe(all.length);
    // B's allocations fell between A's: the two processes took ranges at the same time.
    const [lo, hi] = [Math.min(...printed), Math.max(...printed)];
    expect(taken.some((s) => s > lo && s < hi)).toBe(true);
  }, 400_000);
});
