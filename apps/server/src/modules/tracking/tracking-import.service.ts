import {
  mailEventOf, TRACKING_UNMATCHED_SAMPLES, type MailStage, type TrackingSource, type TTrackingImport, type TTrackingPushResult,
} from '@mailcraft/shared';
import { refreshPlannerStatistics } from '../../db/planner-statistics.js';
import type { MailTracked } from '../../jobs/events.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { Principal } from '../../platform/principal.js';
import { readIvmtrFile } from './ivmtr-file.js';
import { ivmtrFields, readScan, scanError, type ScanRow } from './ivmtr-scan.js';
import type { TrackingSource as ScanSource } from './tracking-source.js';
import { trackingRepo, type NewEvent, type PieceCandidate, type PieceStage, type TrackingImportRow } from './tracking-events.repo.js';

/** Scans matched and stored per statement set (docs/requirements/mail-tracking.md#limits: bounded batches). */
export const SCAN_BATCH = 5000;
/** Stage changes per `mail.tracked` event (its schema's maximum). */
const CHANGES_PER_EVENT = 256;
/** How long a serial stays a piece's: a scan matches the newest piece made at most 45 days before it (USPS: serials unique for 45 days). */
const MATCH_WINDOW_MS = 45 * 86_400_000;
/** A scan up to a day before its piece was made still matches it (clocks and time zones of the feed). */
const CLOCK_SLACK_MS = 86_400_000;

/** Stage order of the forward-only rule (docs/requirements/mail-tracking.md#stages); returns and forwards stand apart. */
const RANK: Record<MailStage, number> = {
  accepted: 0, in_transit: 1, in_local_area: 2, out_for_delivery: 3, delivered: 4, returned_to_sender: -1, forwarded: -1,
};
const special = (s: MailStage | null) => s === 'returned_to_sender' || s === 'forwarded';

/**
 * A piece's stage after one more scan (docs/requirements/mail-tracking.md#stages), or null when the scan does not move it:
 * - a return or a forward always shows (unless the piece already shows a return or forward scanned later);
 * - after a return to sender, ordinary scans join the timeline only (the piece is on its way back);
 * - after a forward, an ordinary scan made later moves it on (its journey to the new address);
 * - otherwise a scan moves the piece only forward in accepted → in_transit → in_local_area → out_for_delivery → delivered,
 *   so a late-arriving earlier scan joins the timeline without moving the stage back.
 * Reaching `delivered` sets the in-home time.
 */
export function nextStage(current: PieceStage, scan: { stage: MailStage; occurredAt: Date }): PieceStage | null {
  const { stage, stageAt } = current;
  const later = !stageAt || scan.occurredAt.getTime() >= stageAt.getTime();
  let moves: boolean;
  if (special(scan.stage)) moves = stage !== scan.stage && (!special(stage) || later);
  else if (stage === null) moves = true;
  else if (stage === 'returned_to_sender') moves = false;
  else if (stage === 'forwarded') moves = later;
  else moves = RANK[scan.stage] > RANK[stage];
  if (!moves) return null;
  return { stage: scan.stage, stageAt: scan.occurredAt, inHomeAt: scan.stage === 'delivered' ? scan.occurredAt : current.inHomeAt };
}

/** What a batch (or a whole import) came to. */
export type IngestTally = {
  rows: number; matched: number; stored: number; duplicates: number; unmatched: number;
  /** The first unknown IMbs, each once, in order (at most TRACKING_UNMATCHED_SAMPLES). */
  unmatchedSamples: string[];
};
/** A tally of nothing yet. */
export const emptyTally = (): IngestTally => ({ rows: 0, matched: 0, stored: 0, duplicates: 0, unmatched: 0, unmatchedSamples: [] });

/** Adds `b` to `a` (samples kept to the first 100 distinct). */
function addTally(a: IngestTally, b: IngestTally): void {
  a.rows += b.rows; a.matched += b.matched; a.stored += b.stored; a.duplicates += b.duplicates; a.unmatched += b.unmatched;
  for (const imb of b.unmatchedSamples) {
    if (a.unmatchedSamples.length >= TRACKING_UNMATCHED_SAMPLES) break;
    if (!a.unmatchedSamples.includes(imb)) a.unmatchedSamples.push(imb);
  }
}

/** Where a batch's scans may go and how its events are recorded. */
export type IngestScope = {
  /** Whose pieces may match: one account (a push, an upload, a simulation), or every account (null: the operator's IV-MTR pull). */
  userId: string | null;
  source: TrackingSource;
  /** The batch row the stored events of an account name (created on first use by the pull), or null for none. */
  importFor: (userId: string) => Promise<string | null>;
};

/** The piece `row` belongs to: same Mailer ID and serial, made within 45 days before the scan, routing code compatible, the newest. */
function matchPiece(row: ScanRow, candidates: PieceCandidate[] | undefined): PieceCandidate | undefined {
  if (!candidates) return undefined;
  const at = row.occurredAt.getTime();
  let best: PieceCandidate | undefined;
  for (const c of candidates) {
    if (c.createdAtMs > at + CLOCK_SLACK_MS || c.createdAtMs < at - MATCH_WINDOW_MS) continue;
    // The routing code narrows the match when both have one (a 5-digit ZIP read off a piece printed with ZIP+4+DP still agrees).
    if (row.routing && c.routing && !c.routing.startsWith(row.routing) && !row.routing.startsWith(c.routing)) continue;
    if (!best || c.createdAtMs > best.createdAtMs) best = c;
  }
  return best;
}

/** The same scan twice is one event: operation code + scan time (epoch ms) + facility ZIP (docs/requirements/mail-tracking.md#scan-data). */
const dedupeKeyOf = (row: ScanRow) => `${row.operationCode}|${row.occurredAt.getTime()}|${row.facilityZip ?? ''}`;

/**
 * Matches up to SCAN_BATCH scans to pieces, stores the new events and moves the pieces' stages (one transaction:
 * events inserted with ON CONFLICT DO NOTHING, the touched pieces locked and moved by `nextStage` in scan-time order),
 * then publishes `mail.tracked` once per 256 stage changes that shared `mailEventOf` maps to a delivery event.
 * Only pieces of `scope.userId` match (every account's when null); test pieces only simulated scans.
 * Answers the batch's tally; `byUser` splits it per owning account (the pull records one batch row per account).
 */
export async function ingestBatch(ctx: AppContext, scope: IngestScope, rows: ScanRow[]): Promise<IngestTally & { byUser: Map<string, IngestTally> }> {
  const tally = { ...emptyTally(), rows: rows.length, byUser: new Map<string, IngestTally>() };
  const mids = new Set<string>();
  const serials = new Set<string>();
  for (const r of rows) { mids.add(r.mailerId); serials.add(r.serial); }
  const byKey = new Map<string, PieceCandidate[]>();
  for (const c of await trackingRepo.candidates(ctx.db, { userId: scope.userId, mids, serials, includeTest: scope.source === 'simulated' })) {
    const key = `${c.mailerId}:${c.serial}`;
    byKey.set(key, [...(byKey.get(key) ?? []), c]);
  }

  const pieces = new Map<string, PieceCandidate>();
  const events = new Map<string, NewEvent>();
  const userTally = (userId: string) => {
    let t = tally.byUser.get(userId);
    if (!t) tally.byUser.set(userId, (t = emptyTally()));
    return t;
  };
  const importIds = new Map<string, string | null>();
  for (const row of rows) {
    const piece = matchPiece(row, byKey.get(`${row.mailerId}:${row.serial}`));
    if (!piece) {
      tally.unmatched++;
      if (tally.unmatchedSamples.length < TRACKING_UNMATCHED_SAMPLES && !tally.unmatchedSamples.includes(row.imb)) tally.unmatchedSamples.push(row.imb);
      continue;
    }
    tally.matched++;
    const t = userTally(piece.userId);
    t.rows++; t.matched++;
    pieces.set(piece.id, piece);
    if (!importIds.has(piece.userId)) importIds.set(piece.userId, await scope.importFor(piece.userId));
    const dedupeKey = dedupeKeyOf(row);
    const id = `${piece.id}|${dedupeKey}`;
    if (events.has(id)) continue;
    events.set(id, {
      pieceId: piece.id, userId: piece.userId, stage: row.stage, operationCode: row.operationCode, occurredAt: row.occurredAt,
      timeZone: row.timeZone, facilityZip: row.facilityZip, facilityCity: row.facilityCity, facilityState: row.facilityState,
      importId: importIds.get(piece.userId) ?? null, dedupeKey,
    });
  }

  const changes: MailTracked[] = [];
  if (events.size > 0) {
    await ctx.db.transaction(async (tx) => {
      const stored = await trackingRepo.insertEvents(tx, scope.source, [...events.values()]);
      const newByPiece = new Map<string, NewEvent[]>();
      for (const s of stored) {
        const e = events.get(`${s.pieceId}|${s.dedupeKey}`)!;
        const list = newByPiece.get(s.pieceId);
        if (list) list.push(e);
        else newByPiece.set(s.pieceId, [e]);
        tally.stored++;
        userTally(e.userId).stored++;
      }
      // The stages read with the candidates are moved only where they are still what was read (no lock: one write per
      // batch); a piece another batch moved meanwhile is read again under lock and moved from there.
      let pending = [...newByPiece.keys()];
      for (let attempt = 0; pending.length > 0; attempt++) {
        const states = attempt === 0 ? new Map(pending.map((id) => [id, pieces.get(id)!.current])) : await trackingRepo.lockStages(tx, pending);
        const moves = new Map<string, { to: PieceStage; changes: MailTracked[] }>();
        for (const id of pending) {
          const from = states.get(id);
          if (!from) continue;
          const move = movesOf(pieces.get(id)!, from, newByPiece.get(id)!, scope.source === 'simulated');
          if (move) moves.set(id, move);
        }
        const updates = [...moves].map(([id, m]) => ({ id, ...m.to, was: states.get(id)! }));
        const applied = attempt === 0 ? await trackingRepo.setStagesIfUnchanged(tx, updates) : (await trackingRepo.setStages(tx, updates), updates.map((u) => u.id));
        for (const id of applied) changes.push(...moves.get(id)!.changes);
        const done = new Set(applied);
        pending = updates.filter((u) => !done.has(u.id)).map((u) => u.id);
      }
    });
  }
  tally.duplicates = tally.matched - tally.stored;
  for (const t of tally.byUser.values()) t.duplicates = t.matched - t.stored;

  const batches: Array<{ changes: MailTracked[] }> = [];
  changes.sort((a, b) => a.occurredAt.localeCompare(b.occurredAt));
  for (let i = 0; i < changes.length; i += CHANGES_PER_EVENT) batches.push({ changes: changes.slice(i, i + CHANGES_PER_EVENT) });
  if (batches.length) await ctx.events.publishMany('mail.tracked', batches);
  return tally;
}

/**
 * A piece's stage after its new events (applied in scan-time order by `nextStage`) and the stage changes that publish a
 * delivery event, or null when none of them moves it.
 */
function movesOf(piece: PieceCandidate, from: PieceStage, list: NewEvent[], simulated: boolean): { to: PieceStage; changes: MailTracked[] } | null {
  let state = from;
  const changes: MailTracked[] = [];
  for (const e of list.sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime())) {
    const next = nextStage(state, e);
    if (!next) continue;
    const type = mailEventOf(state.stage, next.stage!);
    if (type) changes.push(changeOf(piece, e, type, state.stage, simulated));
    state = next;
  }
  return state === from ? null : { to: state, changes };
}

/** One stage change as `mail.tracked` carries it. */
function changeOf(piece: PieceCandidate, e: NewEvent, type: NonNullable<ReturnType<typeof mailEventOf>>, from: MailStage | null, simulated: boolean): MailTracked {
  return {
    type, pieceId: piece.id, userId: piece.userId, printJobId: piece.printJobId, orderId: piece.orderId, listId: piece.listId,
    recordId: piece.recordId, imb: piece.imb, stage: e.stage, previousStage: from, occurredAt: e.occurredAt.toISOString(),
    facility: { zip: e.facilityZip, city: e.facilityCity, state: e.facilityState }, simulated,
  };
}

/** A batch row as the API presents it. */
export function presentImport(row: TrackingImportRow): TTrackingImport {
  return {
    id: row.id, source: row.source, filename: row.filename, status: row.status, rows: row.rows, matched: row.matched,
    duplicates: row.duplicates, unmatched: row.unmatched, unmatched_samples: row.unmatchedSamples, error: row.error,
    created_at: row.createdAt.toISOString(), finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

/** The piece-scan objects of a push body: an array, an envelope's `data` / `events` array, or one scan. */
function pushedRecords(body: unknown): Array<Record<string, unknown>> {
  if (Array.isArray(body)) return body as Array<Record<string, unknown>>;
  const o = body as Record<string, unknown>;
  if (Array.isArray(o.data)) return o.data as Array<Record<string, unknown>>;
  if (Array.isArray(o.events)) return o.events as Array<Record<string, unknown>>;
  return [o];
}

/**
 * POST /api/tracking/scans (public API, scope tracking:post; docs/requirements/mail-tracking.md#scan-data): reads every
 * pushed scan first — one bad scan refuses the push and stores nothing (UNPROCESSABLE 'Scan 3: the scan time "soon" is
 * not a date') — then matches them to the key owner's pieces only (another account's IMb counts as unknown), stores
 * them with source 'push' and records the batch. Answers its counts. Errors: BAD_REQUEST for an envelope without scans.
 */
export async function pushScans(ctx: AppContext, principal: Principal, body: unknown): Promise<TTrackingPushResult> {
  const records = pushedRecords(body);
  if (records.length === 0) throw new AppError('BAD_REQUEST', 'The push holds no piece scans');
  const rows = records.map((r, i) => {
    if (!r || typeof r !== 'object' || Array.isArray(r)) throw scanError(`Scan ${i + 1}`, 'a piece scan must be a JSON object');
    return readScan(ivmtrFields(r), `Scan ${i + 1}`);
  });
  const batch = await trackingRepo.createImport(ctx.db, { userId: principal.userId, source: 'push', status: 'running' });
  const tally = await ingestBatch(ctx, { userId: principal.userId, source: 'push', importFor: async () => batch.id }, rows);
  await trackingRepo.updateImport(ctx.db, batch.id, {
    rows: tally.rows, matched: tally.matched, duplicates: tally.duplicates, unmatched: tally.unmatched,
    unmatchedSamples: tally.unmatchedSamples, status: 'done', finishedAt: new Date(),
  });
  return {
    import_id: batch.id, rows: tally.rows, matched: tally.matched, stored: tally.stored, duplicates: tally.duplicates,
    unmatched: tally.unmatched, unmatched_samples: tally.unmatchedSamples,
  };
}

/** Storage key of an uploaded scan file while its import runs (removed once it ends). */
export const uploadKey = (userId: string, importId: string) => `tracking/${userId}/${importId}`;

/** Reads every scan of the stored file once without writing (pass 1): throws the first bad line's error; answers how many scans it holds. */
async function checkFile(ctx: AppContext, key: string): Promise<number> {
  let n = 0;
  for await (const scan of readIvmtrFile(ctx.storage.stream(key))) {
    readScan(scan.fields, scan.where);
    n++;
  }
  return n;
}

/**
 * The `tracking.import` job's work (docs/requirements/mail-tracking.md#scan-data, #limits): reads the stored upload twice,
 * streamed — first every line is checked, so a bad file fails with its first bad line and stores nothing; then the
 * scans are matched and stored in batches of SCAN_BATCH, the batch row's counts written after each. The planner's
 * statistics are refreshed after the first batch and at the end (PGlite has no autovacuum); the stored file is removed
 * when the import ends, done or failed. An unexpected failure (database) marks the batch failed: scans stored so far
 * stay, and uploading the file again stores none twice.
 */
export async function runImport(ctx: AppContext, importId: string): Promise<void> {
  const row = await trackingRepo.importById(ctx.db, importId);
  if (!row || row.status !== 'running') return;
  const key = uploadKey(row.userId, row.id);
  const fail = (error: string) => trackingRepo.updateImport(ctx.db, row.id, { status: 'failed', error, finishedAt: new Date() });
  try {
    try {
      await checkFile(ctx, key);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return void await fail('The uploaded file is gone: please upload it again');
      if (err instanceof AppError) return void await fail(err.message);
      throw err;
    }
    const total = emptyTally();
    const scope: IngestScope = { userId: row.userId, source: 'upload', importFor: async () => row.id };
    const scans = readIvmtrFile(ctx.storage.stream(key))[Symbol.asyncIterator]();
    const readBatch = async (): Promise<ScanRow[]> => {
      const out: ScanRow[] = [];
      while (out.length < SCAN_BATCH) {
        const next = await scans.next();
        if (next.done) break;
        out.push(readScan(next.value.fields, next.value.where));
      }
      return out;
    };
    // The next batch is read while the database stores this one (the file is read on this thread, the embedded database works on its own).
    let reading = readBatch();
    for (let n = 1; ; n++) {
      const batch = await reading;
      if (batch.length === 0) break;
      reading = readBatch();
      reading.catch(() => {}); // awaited at the next turn; rejections are handled there
      addTally(total, await ingestBatch(ctx, scope, batch));
      await trackingRepo.updateImport(ctx.db, row.id, {
        rows: total.rows, matched: total.matched, duplicates: total.duplicates, unmatched: total.unmatched, unmatchedSamples: total.unmatchedSamples,
      });
      if (n === 1) await refreshPlannerStatistics(ctx.database, ['mail_pieces', 'tracking_events']);
    }
    await trackingRepo.updateImport(ctx.db, row.id, { status: 'done', finishedAt: new Date() });
    await refreshPlannerStatistics(ctx.database, ['mail_pieces', 'tracking_events']);
  } catch (err) {
    await fail('The import stopped unexpectedly. Upload the file again: scans already stored are not stored twice.').catch(() => {});
    throw err;
  } finally {
    await ctx.storage.delete(key).catch(() => {});
  }
}

/** How far each pull reaches back before the newest pulled scan: IV-MTR delivers scans late; repeats are dropped as duplicates. */
const PULL_OVERLAP_MS = 2 * 86_400_000;
/** Where the first pull starts: this long ago. */
const PULL_FIRST_LOOKBACK_MS = 7 * 86_400_000;

/**
 * The `tracking.pull` job's work (docs/requirements/mail-tracking.md#scan-data, source c): fetches the scans `source`
 * received since the newest pulled scan (less 2 days of overlap; 7 days back the first time), page by page, and feeds
 * them through the same matching and storing as pushes and uploads, with source 'pull'. The IV-MTR account is the
 * operator's, so a scan may match a piece of any account (a Mailer ID's serial is unique across accounts for 45 days);
 * each account whose pieces matched gets one batch row with its counts. A scan that cannot be read is skipped and
 * logged (a pull cannot refuse what USPS sends); scans matching no account are logged with their count and first IMbs.
 * Answers the run's tally. Rejects when the source does (the batch rows made so far are marked failed).
 */
export async function pullScans(ctx: AppContext, source: ScanSource, signal?: AbortSignal): Promise<IngestTally & { skipped: number }> {
  const latest = await trackingRepo.latestPulled(ctx.db);
  const since = new Date(latest ? latest.getTime() - PULL_OVERLAP_MS : Date.now() - PULL_FIRST_LOOKBACK_MS);
  const total = { ...emptyTally(), skipped: 0 };
  const batches = new Map<string, { id: string; tally: IngestTally }>();
  const scope: IngestScope = {
    userId: null, source: 'pull',
    importFor: async (userId) => {
      let b = batches.get(userId);
      if (!b) batches.set(userId, (b = { id: (await trackingRepo.createImport(ctx.db, { userId, source: 'pull', status: 'running' })).id, tally: emptyTally() }));
      return b.id;
    },
  };
  let failure: unknown = null;
  try {
    for await (const page of source.scansSince(since, signal)) {
      const rows: ScanRow[] = [];
      page.forEach((record, i) => {
        try {
          rows.push(readScan(ivmtrFields(record), `${source.name}, scan ${i + 1} of a page`));
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          if (total.skipped++ < 10) console.warn(`[tracking] pull skipped a scan: ${err.message}`);
        }
      });
      for (let i = 0; i < rows.length; i += SCAN_BATCH) {
        const t = await ingestBatch(ctx, scope, rows.slice(i, i + SCAN_BATCH));
        addTally(total, t);
        for (const [userId, ut] of t.byUser) addTally(batches.get(userId)!.tally, ut);
      }
    }
  } catch (err) {
    failure = err;
  }
  for (const b of batches.values()) {
    await trackingRepo.updateImport(ctx.db, b.id, {
      rows: b.tally.rows, matched: b.tally.matched, duplicates: b.tally.duplicates, unmatched: 0, unmatchedSamples: [],
      status: failure ? 'failed' : 'done', error: failure ? 'The IV-MTR pull stopped before its last page; the next pull fetches the rest' : null,
      finishedAt: new Date(),
    });
  }
  if (total.unmatched) {
    console.warn(`[tracking] ${source.name}: ${total.unmatched} pulled scans match no account's piece (first IMbs: ${total.unmatchedSamples.slice(0, 10).join(', ')})`);
  }
  if (total.rows) await refreshPlannerStatistics(ctx.database, ['mail_pieces', 'tracking_events']);
  if (failure) throw failure;
  return total;
}
