import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  parseImb, type TApiKeyCreated, type TMailPieceTimeline, type TPrintJobTracking, type TTrackingImport, type TTrackingImports,
} from '@mailcraft/shared';
import type { Db } from '../../db/client.js';
import { eq, inArray } from 'drizzle-orm';
import { mailPieces, printJobs, trackingEvents, trackingImports } from '../../db/schema/index.js';
import { DOMAIN_EVENTS, type MailTracked } from '../../jobs/events.js';
import { defineJob } from '../../jobs/job.js';
import { eventually } from '../../test/eventually.js';
import { createProject, onPlan } from '../../test/factories.js';
import { createTestApp, multipartBody, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { jobsFinished } from '../../test/jobs-finished.js';
import { runImport, uploadKey } from './tracking-import.service.js';
import { trackingPullJob } from './tracking.jobs.js';

const fixture = (name: string) => fs.readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

/** The IMbs of the fixtures' pieces (Mailer ID 123456 with 9-digit serials; 912345678 with 6-digit ones). */
const P1 = '0030012345600000010178701123401';
const P2 = '00300123456000000102787021234';
const P3 = '00300123456000000103787031234';
const P4 = '0030091234567800010460601';
const MADE = new Date('2025-03-01T12:00:00Z');

type SeedPiece = { n: number; imb: string; state?: string; test?: boolean; createdAt?: Date };

/** A done print file of `userId` with `pieces` recorded as the print step records them (rows inserted directly). */
async function seedPrintFile(db: Db, userId: string, pieces: SeedPiece[]): Promise<{ jobId: string; ids: Map<number, string> }> {
  const project = await createProject(db, userId);
  const [job] = await db.insert(printJobs).values({ userId, projectId: project.id, status: 'done', total: pieces.length, done: pieces.length }).returning();
  const rows = await db.insert(mailPieces).values(pieces.map((p) => {
    const parts = parseImb(p.imb)!;
    return {
      userId, printJobId: job.id, pieceNumber: p.n, recordNumber: p.n, imb: p.imb, barcodeId: p.imb.slice(0, 2), serviceTypeId: p.imb.slice(2, 5),
      mailerId: parts.mailerId, serial: parts.serial, routing: parts.routing, assigned: true, test: p.test ?? false,
      address: { name: `Addressee ${p.n}`, lines: [`${p.n} Main St`], city: 'Austin', state: p.state ?? 'TX', zip: '78701' },
      createdAt: p.createdAt ?? MADE,
    };
  })).returning({ id: mailPieces.id, n: mailPieces.pieceNumber });
  return { jobId: job.id, ids: new Map(rows.map((r) => [r.n, r.id])) };
}

/** Records the `mail.tracked` events the app publishes (a subscriber job of this test). */
function recordMailTracked(t: TestApp): { events: Array<{ changes: MailTracked[] }>; job: { id: string } } {
  const events: Array<{ changes: MailTracked[] }> = [];
  const job = defineJob({ id: `test.mail-tracked-${Math.random().toString(36).slice(2, 8)}`, payload: DOMAIN_EVENTS['mail.tracked'], handler: async (p) => void events.push(p) });
  t.ctx.events.subscribe('mail.tracked', job);
  void t.ctx.queue.work(job, t.ctx);
  return { events, job };
}

async function upload(u: TestUser, name: string, data: Buffer): Promise<TTrackingImport> {
  const res = await u.req({ method: 'POST', url: '/api/tracking/imports', ...multipartBody({ name, data }) });
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json()).toMatchObject({ status: 'running', source: 'upload', filename: name });
  let done: TTrackingImport | undefined;
  await eventually(async () => {
    done = (await u.req({ method: 'GET', url: `/api/tracking/imports/${res.json().id}` })).json();
    return done?.status !== 'running';
  });
  return done!;
}

const timeline = async (u: TestUser, pieceId: string) => (await u.req({ method: 'GET', url: `/api/mail-pieces/${pieceId}/timeline` })).json() as TMailPieceTimeline;
const scan = (imb: string, at: string, code: string, over: Record<string, unknown> = {}) => ({
  imb, scanDatetime: at, scanEventCode: code, scanFacilityCity: 'AUSTIN', scanFacilityState: 'TX', scanFacilityZip: '78710', ...over,
});

describe('mail tracking: scan data in, matched, stored and summarised', () => {
  let t: TestApp;
  let a: TestUser;
  let b: TestUser;
  let keyA: string;
  let keyB: string;
  let ordersOnlyKey: string;
  let fileA: { jobId: string; ids: Map<number, string> };
  let fileB: { jobId: string; ids: Map<number, string> };
  let tracked: ReturnType<typeof recordMailTracked>;

  beforeAll(async () => {
    t = await createTestApp();
    a = await signUpUser(t.app);
    b = await signUpUser(t.app);
    for (const u of [a, b]) await onPlan(t.ctx.db, u.id, 'pro', { api: true });
    const key = async (u: TestUser, scopes: string[]) => ((await u.req({ method: 'POST', url: '/keys', payload: { name: 'iv-mtr', scopes } })).json() as TApiKeyCreated).api_key;
    keyA = await key(a, ['tracking:post']);
    keyB = await key(b, ['tracking:post']);
    ordersOnlyKey = await key(a, ['orders:post']);
    fileA = await seedPrintFile(t.ctx.db, a.id, [
      { n: 1, imb: P1 }, { n: 2, imb: P2 }, { n: 3, imb: P3 }, { n: 4, imb: P4, state: 'IL' },
      { n: 5, imb: '0030012345600000010578701' }, { n: 6, imb: '0030012345600000010678701', test: true },
    ]);
    // Account B holds a piece with A's first IMb, made later (the newest): a scan of A must still reach only A's piece.
    fileB = await seedPrintFile(t.ctx.db, b.id, [{ n: 1, imb: P1, createdAt: new Date('2025-03-02T12:00:00Z') }]);
    tracked = recordMailTracked(t);
  });
  afterAll(() => t?.close());

  const push = (body: unknown, key?: string) => t.publicApi.inject({
    method: 'POST', url: '/api/tracking/scans', payload: body as object, headers: key ? { 'x-api-key': key } : {},
  });

  it('imports an IV-MTR JSON file: scans matched by Mailer ID and serial, a repeated scan once, unknown IMbs counted', async () => {
    const done = await upload(a, 'ivmtr-piece-scans.json', fixture('ivmtr-piece-scans.json'));
    expect(done).toMatchObject({
      status: 'done', rows: 9, matched: 7, duplicates: 1, unmatched: 2, error: null,
      unmatched_samples: ['0030012345600000099910001', '00300555555000000001'],
    });
    const p1 = await timeline(a, fileA.ids.get(1)!);
    expect(p1.piece).toMatchObject({ stage: 'delivered', in_home_at: '2025-03-05T17:30:00.000Z', print_job_id: fileA.jobId, imb: P1 });
    expect(p1.events.map((e) => [e.stage, e.operation_code, e.source])).toEqual([
      ['in_transit', '271', 'upload'], ['out_for_delivery', '919', 'upload'], ['delivered', '01', 'upload'],
    ]);
    expect(p1.events[1]).toMatchObject({
      occurred_at: '2025-03-05T10:02:51.000Z', time_zone: 'America/Chicago', local_time: '2025-03-05T04:02:51-06:00',
      operation: expect.stringMatching(/^Delivery point sequencing/), facility: { zip: '78710', city: 'AUSTIN', state: 'TX' },
    });
    expect(p1.events[2]).toMatchObject({ time_zone: '-06:00', local_time: '2025-03-05T11:30:00-06:00' });
    // The 9-digit Mailer ID's piece matched without a routing code in the scan.
    expect((await timeline(a, fileA.ids.get(4)!)).piece.stage).toBe('in_transit');
    // B's piece with the same IMb was not touched.
    expect((await timeline(b, fileB.ids.get(1)!)).events).toEqual([]);

    // One mail.tracked event for the batch, with the stage changes that publish a delivery event.
    await eventually(() => tracked.events.length > 0);
    expect(tracked.events).toHaveLength(1);
    expect(tracked.events[0].changes.map((c) => [c.pieceId === fileA.ids.get(1) ? 'P1' : c.pieceId === fileA.ids.get(2) ? 'P2' : 'P4', c.type]).sort()).toEqual([
      ['P1', 'mail.delivered'], ['P1', 'mail.in_transit'], ['P1', 'mail.out_for_delivery'], ['P2', 'mail.in_transit'], ['P4', 'mail.in_transit'],
    ]);
    expect(tracked.events[0].changes.find((c) => c.type === 'mail.delivered')).toMatchObject({
      previousStage: 'out_for_delivery', stage: 'delivered', printJobId: fileA.jobId, simulated: false, imb: P1,
    });
  });

  it('imports a pipe-delimited IV-MTR file; the same file again stores nothing twice', async () => {
    const done = await upload(a, 'ivmtr-piece-scans.txt', fixture('ivmtr-piece-scans.txt'));
    expect(done).toMatchObject({ status: 'done', rows: 5, matched: 4, duplicates: 0, unmatched: 1, unmatched_samples: ['0030012345600000077778701'] });
    expect((await timeline(a, fileA.ids.get(3)!)).events.map((e) => e.stage)).toEqual(['in_transit', 'in_local_area', 'out_for_delivery']);
    expect((await timeline(a, fileA.ids.get(2)!)).piece.stage).toBe('out_for_delivery');

    // One more event for this batch (P3 in transit and out for delivery, P2 out for delivery); none for the repeat below.
    await eventually(() => tracked.events.length === 2);
    expect(tracked.events[1].changes.map((c) => c.type).sort()).toEqual(['mail.in_transit', 'mail.out_for_delivery', 'mail.out_for_delivery']);
    const before = tracked.events.length;
    const again = await upload(a, 'again.json', fixture('ivmtr-piece-scans.json'));
    expect(again).toMatchObject({ status: 'done', rows: 9, matched: 7, duplicates: 7, unmatched: 2 });
    expect((await timeline(a, fileA.ids.get(1)!)).events).toHaveLength(3);
    await eventually(() => jobsFinished(t.ctx.db, tracked.job.id, {}, before));
    expect(tracked.events).toHaveLength(before);
  });

  it('refuses a file with a bad line, naming it, and stores none of its scans', async () => {
    const header = 'imb|scanDatetime|scanEventCode|scanFacilityState';
    const good = Array.from({ length: 5 }, (_, i) => `${P3}|2025-03-06 0${i}:00:00|9${10 + i}|TX`);
    const done = await upload(a, 'bad.txt', Buffer.from([header, ...good, `${P3}|the sixth of March|919|TX`, `${P3}|2025-03-07 01:00:00|919|TX`].join('\n')));
    expect(done).toMatchObject({ status: 'failed', error: 'Line 7: the scan time "the sixth of March" is not a date', rows: 0, matched: 0 });
    expect((await timeline(a, fileA.ids.get(3)!)).events).toHaveLength(3);
  });

  it('takes pushed scans only with the tracking:post scope, and answers their counts', async () => {
    const body = [scan(P2, '2025-03-06 09:00:00', '01')];
    expect((await push(body)).statusCode).toBe(401);
    expect((await push(body, ordersOnlyKey)).statusCode).toBe(403);
    const res = await push({ feedId: 'F1', data: [...body, body[0], scan('00300123456000000888', '2025-03-06 09:00:00', '271')] }, keyA);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ rows: 3, matched: 2, stored: 1, duplicates: 1, unmatched: 1, unmatched_samples: ['00300123456000000888'] });
    expect((await timeline(a, fileA.ids.get(2)!)).piece).toMatchObject({ stage: 'delivered' });
    const imports = (await a.req({ method: 'GET', url: '/api/tracking/imports?limit=1' })).json() as TTrackingImports;
    expect(imports.total).toBe(5);
    expect(imports.imports[0]).toMatchObject({ id: res.json().import_id, source: 'push', status: 'done', rows: 3, duplicates: 1 });

    const bad = await push([scan(P2, '2025-03-06 09:00:00', '01'), scan(P2, 'yesterday', '01')], keyA);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.message).toBe('Scan 2: the scan time "yesterday" is not a date');
    expect((await push(Array.from({ length: 1001 }, () => body[0]), keyA)).statusCode).toBe(400);
  });

  it('answers a push of 1,000 scans within a second', async () => {
    const scans = (offset: number) => Array.from({ length: 1000 }, (_, i) => scan(P4, new Date(Date.UTC(2025, 2, 7, 0, 0, offset + i)).toISOString(), '271'));
    expect((await push(scans(0), keyA)).statusCode).toBe(200); // warm-up
    const started = performance.now();
    const res = await push(scans(5000), keyA);
    const ms = performance.now() - started;
    expect(res.json()).toMatchObject({ rows: 1000, stored: 1000 });
    expect(ms).toBeLessThan(1000);
  });

  it('never lets one account\'s scans reach another\'s pieces, nor real scans a test piece', async () => {
    const res = await push([scan(P1, '2025-03-06 10:00:00', '271'), scan('0030012345600000010678701', '2025-03-06 10:00:00', '271')], keyB);
    expect(res.json()).toMatchObject({ matched: 1, unmatched: 1, unmatched_samples: ['0030012345600000010678701'] });
    expect((await timeline(b, fileB.ids.get(1)!)).events).toHaveLength(1);
    expect((await timeline(a, fileA.ids.get(1)!)).events).toHaveLength(3);
    expect((await push([scan('0030012345600000010678701', '2025-03-06 10:00:00', '271')], keyA)).json()).toMatchObject({ unmatched: 1 });
    // Another account's piece, batch and print file are not found.
    expect((await b.req({ method: 'GET', url: `/api/mail-pieces/${fileA.ids.get(1)}/timeline` })).statusCode).toBe(404);
    expect((await b.req({ method: 'GET', url: `/api/print-jobs/${fileA.jobId}/tracking` })).statusCode).toBe(404);
    expect((await b.req({ method: 'POST', url: `/api/print-jobs/${fileA.jobId}/tracking/simulate` })).statusCode).toBe(404);
    const aImport = (await a.req({ method: 'GET', url: '/api/tracking/imports' })).json().imports[0].id;
    expect((await b.req({ method: 'GET', url: `/api/tracking/imports/${aImport}` })).statusCode).toBe(404);
  });

  it('moves a piece forward only: a late earlier scan joins the timeline, a return always shows', async () => {
    const id = fileA.ids.get(5)!;
    const imb = '0030012345600000010578701';
    await push([scan(imb, '2025-03-05 10:00:00', '01')], keyA);
    // As some feeds send it: nulls for fields they lack, a ZIP as a number.
    expect((await push([scan(imb, '2025-03-03 10:00:00', '271', { scanFacilityName: null, impb: null, scanFacilityZip: 78710 })], keyA)).json()).toMatchObject({ stored: 1 });
    let p = await timeline(a, id);
    expect(p.piece).toMatchObject({ stage: 'delivered', stage_at: '2025-03-05T16:00:00.000Z' });
    expect(p.events.map((e) => e.stage)).toEqual(['in_transit', 'delivered']);
    await push([scan(imb, '2025-03-04 10:00:00', '05')], keyA);
    p = await timeline(a, id);
    expect(p.piece.stage).toBe('returned_to_sender');
    expect(p.events.map((e) => e.stage)).toEqual(['in_transit', 'returned_to_sender', 'delivered']);
  });

  it('summarises a print file: funnel, pieces, in-home by day and state, median days, no scan after N days', async () => {
    const res = await a.req({ method: 'GET', url: `/api/print-jobs/${fileA.jobId}/tracking?limit=2&no_scan_days=3` });
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json() as TPrintJobTracking;
    expect(s).toMatchObject({
      print_job_id: fileA.jobId, total_pieces: 6, pieces_total: 6, page: 1, limit: 2, simulated: false,
      counts: { accepted: 0, in_transit: 1, in_local_area: 0, out_for_delivery: 1, delivered: 2, returned_to_sender: 1, forwarded: 0, no_scan: 1 },
      in_home_by_day: [{ date: '2025-03-05', pieces: 2 }, { date: '2025-03-06', pieces: 1 }],
      in_home_by_state: [{ state: 'TX', pieces: 3 }],
      no_scan_after_days: { days: 3, pieces: 1 },
    });
    expect(s.pieces.map((p) => [p.piece_number, p.stage])).toEqual([[1, 'delivered'], [2, 'delivered']]);
    // P1: 1.6 days from its first scan (no acceptance scan) to in-home; P2: 2.4; the returned piece 2.0.
    expect(s.median_days_to_in_home).toBe(2);
    const noScan = (await a.req({ method: 'GET', url: `/api/print-jobs/${fileA.jobId}/tracking?stage=no_scan` })).json() as TPrintJobTracking;
    expect(noScan.pieces.map((p) => p.piece_number)).toEqual([6]);
    expect(noScan.pieces_total).toBe(1);
  });
});

/**
 * A stand-in of the IV-MTR API on 127.0.0.1 speaking the protocol `ivmtr-client.ts` implements: a token from POST
 * /oauth/authenticate for the right user, then GET /pieces?start&page answering `{ data, nextPage }` pages.
 */
async function standInIvmtr(pages: Array<Array<Record<string, unknown>>>) {
  const seen = { tokens: 0, pages: [] as string[], starts: [] as string[] };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    let body = '';
    req.on('data', (c) => { body += c; });
    req.on('end', () => {
      if (req.method === 'POST' && url.pathname === '/oauth/authenticate') {
        const creds = JSON.parse(body);
        if (creds.username !== 'bcg-user' || creds.password !== 'secret' || creds.grant_type !== 'authorization') { res.writeHead(401).end(); return; }
        seen.tokens++;
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ access_token: 'tok-1', token_type: 'Bearer', expires_in: 3600 }));
        return;
      }
      if (req.method === 'GET' && url.pathname === '/pieces' && req.headers.authorization === 'Bearer tok-1') {
        const page = Number(url.searchParams.get('page'));
        seen.pages.push(String(page));
        seen.starts.push(url.searchParams.get('start')!);
        res.writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ data: pages[page - 1] ?? [], nextPage: page < pages.length ? page + 1 : null }));
        return;
      }
      res.writeHead(401).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('mail tracking: the IV-MTR pull and simulated delivery', () => {
  let t: TestApp;
  let a: TestUser;
  let ivmtr: Awaited<ReturnType<typeof standInIvmtr>>;
  const recent = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000);

  beforeAll(async () => {
    const local = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');
    ivmtr = await standInIvmtr([
      [{ imb: P1, scanDatetime: local(recent(2)), scanEventCode: '271', scanFacilityState: 'TX', scanFacilityZip: '75260' },
        { imb: '00300123456000000999', scanDatetime: local(recent(2)), scanEventCode: '271' }],
      [{ imb: P1, scanDatetime: local(recent(1)), scanEventCode: '919', scanFacilityState: 'TX', scanFacilityZip: '78710' }],
    ]);
    t = await createTestApp({
      env: {
        TRACKING_SIMULATION_SECONDS: '3', IV_MTR_URL: `${ivmtr.url}/pieces`, IV_MTR_TOKEN_URL: `${ivmtr.url}/oauth/authenticate`,
        IV_MTR_USERNAME: 'bcg-user', IV_MTR_PASSWORD: 'secret',
      },
    });
    a = await signUpUser(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await ivmtr?.close();
  });

  it('pulls new piece scans from the IV-MTR API page by page and matches them like any other', async () => {
    const file = await seedPrintFile(t.ctx.db, a.id, [{ n: 1, imb: P1, createdAt: recent(5) }]);
    await t.ctx.queue.send(trackingPullJob, {});
    await eventually(async () => (await timeline(a, file.ids.get(1)!)).events.length === 2);
    const p = await timeline(a, file.ids.get(1)!);
    expect(p.events.map((e) => [e.stage, e.source])).toEqual([['in_transit', 'pull'], ['out_for_delivery', 'pull']]);
    expect(ivmtr.seen.tokens).toBeGreaterThanOrEqual(1);
    expect(ivmtr.seen.pages.slice(0, 2)).toEqual(['1', '2']);
    // The first pull reaches 7 days back.
    expect(Date.now() - Date.parse(ivmtr.seen.starts[0])).toBeGreaterThan(6.9 * 86_400_000);
    await eventually(async () => (await a.req({ method: 'GET', url: '/api/tracking/imports' })).json().imports[0]?.status === 'done');
    expect((await a.req({ method: 'GET', url: '/api/tracking/imports' })).json().imports[0]).toMatchObject({ source: 'pull', rows: 2, matched: 2, duplicates: 0 });
  });

  it('simulates delivery: every piece of the file reaches delivered through the same path, marked simulated', async () => {
    const imbs = Array.from({ length: 30 }, (_, i) => `00300123456${String(700 + i).padStart(9, '0')}78701`);
    const file = await seedPrintFile(t.ctx.db, a.id, imbs.map((imb, i) => ({ n: i + 1, imb, createdAt: new Date(), test: i === 0 })));
    const tracked = recordMailTracked(t);
    const started = Date.now();
    const res = await a.req({ method: 'POST', url: `/api/print-jobs/${file.jobId}/tracking/simulate` });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ print_job_id: file.jobId, pieces: 30, events: 150 });
    expect(Date.parse(res.json().delivered_by) - started).toBeLessThan(120_000);
    let summary: TPrintJobTracking | undefined;
    await eventually(async () => {
      summary = (await a.req({ method: 'GET', url: `/api/print-jobs/${file.jobId}/tracking` })).json();
      return summary?.counts.delivered === 30;
    }, 30_000);
    expect(summary).toMatchObject({ simulated: true, counts: { no_scan: 0, delivered: 30 } });
    const p = await timeline(a, file.ids.get(1)!);
    expect(p.events.map((e) => [e.stage, e.source])).toEqual([
      ['accepted', 'simulated'], ['in_transit', 'simulated'], ['in_local_area', 'simulated'], ['out_for_delivery', 'simulated'], ['delivered', 'simulated'],
    ]);
    expect(p.events[4]).toMatchObject({ operation_code: 'SIM-DELIVERED', operation: 'Simulated: delivered', facility: { city: 'AUSTIN', state: 'TX', zip: '78701' } });
    await eventually(() => tracked.events.flatMap((e) => e.changes).filter((c) => c.type === 'mail.delivered').length === 30);
    expect(tracked.events.flatMap((e) => e.changes).every((c) => c.simulated)).toBe(true);
  });
});

describe('mail tracking: a file import stopped midway', () => {
  let t: TestApp;
  let u: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    u = await signUpUser(t.app);
  });
  afterAll(() => t?.close());

  it('writes the stages of the scans it stored when it runs again after a crash', async () => {
    const file = await seedPrintFile(t.ctx.db, u.id, [{ n: 1, imb: P2 }, { n: 2, imb: P3 }]);
    const [batch] = await t.ctx.db.insert(trackingImports).values({ userId: u.id, source: 'upload', filename: 'scans.txt', status: 'running' }).returning();
    const run = async () => {
      await t.ctx.storage.put(uploadKey(u.id, batch.id), fixture('ivmtr-piece-scans.txt'));
      await runImport(t.ctx, batch.id);
    };
    await run();
    const stages = async () => (await t.ctx.db.select({ id: mailPieces.id, stage: mailPieces.stage }).from(mailPieces)
      .where(eq(mailPieces.printJobId, file.jobId)).orderBy(mailPieces.pieceNumber)).map((p) => p.stage);
    expect(await stages()).toEqual(['out_for_delivery', 'out_for_delivery']);

    // The process died after the scans were stored and before the stages were written: the job runs the import again.
    await t.ctx.db.update(mailPieces).set({ stage: null, stageAt: null, inHomeAt: null }).where(eq(mailPieces.printJobId, file.jobId));
    await t.ctx.db.update(trackingImports).set({ status: 'running' }).where(eq(trackingImports.id, batch.id));
    await run();
    expect(await stages()).toEqual(['out_for_delivery', 'out_for_delivery']);
    expect((await timeline(u, file.ids.get(2)!)).events.map((e) => e.stage)).toEqual(['in_transit', 'in_local_area', 'out_for_delivery']);
    const [row] = await t.ctx.db.select().from(trackingImports).where(eq(trackingImports.id, batch.id));
    expect(row).toMatchObject({ status: 'done', rows: 5, matched: 4, duplicates: 0, unmatched: 1 });
  });

  it('removes a piece\'s events with it, also when its print file is deleted', async () => {
    const file = await seedPrintFile(t.ctx.db, u.id, [{ n: 1, imb: P2 }, { n: 2, imb: P3 }]);
    const pushed = await t.ctx.db.insert(trackingEvents).values([...file.ids.values()].map((pieceId) => ({
      pieceId, stage: 'in_transit' as const, operationCode: '919', occurredAt: MADE, source: 'push' as const, dedupeKey: `919|${MADE.getTime()}|78710`,
    }))).returning();
    expect(pushed).toHaveLength(2);
    const eventsOf = async () => (await t.ctx.db.select().from(trackingEvents).where(inArray(trackingEvents.pieceId, [...file.ids.values()]))).length;
    await t.ctx.db.delete(mailPieces).where(eq(mailPieces.id, file.ids.get(1)!));
    expect(await eventsOf()).toBe(1);
    await t.ctx.db.delete(printJobs).where(eq(printJobs.id, file.jobId));
    expect(await eventsOf()).toBe(0);
  });
});
