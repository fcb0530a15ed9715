import { mailEventOf, TRACKING_UNMATCHED_SAMPLES, type MailStage, type TrackingSource } from '@mailcraft/shared';
import type { MailTracked } from '../../jobs/events.js';
import type { AppContext } from '../../platform/context.js';
import type { ScanRow } from './ivmtr-scan.js';
import { trackingRepo, type NewEvent, type PieceCandidate, type PieceStage } from './tracking-events.repo.js';

/** Scans matched and stored per statement set (docs/requirements/mail-tracking.md#limits: bounded batches). */
export const SCAN_BATCH = 5000;
/** Stage changes per `mail.tracked` event (its schema's maximum). */
const CHANGES_PER_EVENT = 256;
/** How long a serial stays a piece's: a scan matches the newest piece made at most 45 days before it (USPS: serials unique for 45 days). */
const MATCH_WINDOW_MS = 45 * 86_400_000;
/** A scan up to a day before its piece was made still matches it (clocks and time zones of the feed). */
const CLOCK_SLACK_MS = 86_400_000;
/** Pieces a session keeps in memory (about 0.7 KB live each, measured): past this it writes its stages and reads pieces afresh. */
const SESSION_PIECES = 300_000;
/** Stage writes per statement and transaction when a session writes its stages (each a short transaction). */
const STAGE_WRITE_CHUNK = 5000;

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
export function addTally(a: IngestTally, b: IngestTally): void {
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

/**
 * The pieces one run of matching has read and moved (docs/requirements/mail-tracking.md#limits). A push, a pull page
 * or a simulation uses one per batch (its stages written with its events, in one transaction); a file import keeps one
 * for the whole file, so the four or five scans a piece has in a file cost one read and one stage write, not one each:
 * its stages are written by `writeStages` when it holds SESSION_PIECES pieces and when the file ends (also when it
 * fails). Until then a piece's stage in the database lags its stored events; a crash in between is mended when the
 * import runs again — its own stored events count as new for it (`insertEvents`).
 */
export class MatchSession {
  /** Pieces read so far, by `${mailerId}:${serial}` (an empty array: no such piece). */
  readonly pieces = new Map<string, HeldPiece | HeldPiece[]>();
  /** Pieces moved and not written yet, with the stage the database had when they were read. */
  readonly moved = new Map<HeldPiece, HeldStage>();
  /** One copy of each owner (account, print file, order, list) and routing code: a held piece costs its own values only. */
  private readonly shared = new Map<string, PieceOwner | string>();
  /** Whether it has more pieces than it keeps. */
  get full(): boolean { return this.pieces.size >= SESSION_PIECES; }

  /** Holds candidate `c` under `key` in the compact form (about 0.3 KB). */
  hold(key: string, c: PieceCandidate): void {
    const ownerKey = `${c.userId}|${c.printJobId}|${c.orderId}|${c.listId}`;
    let owner = this.shared.get(ownerKey) as PieceOwner | undefined;
    if (!owner) this.shared.set(ownerKey, (owner = { userId: c.userId, printJobId: c.printJobId, orderId: c.orderId, listId: c.listId }));
    let routing = this.shared.get(`r${c.routing}`) as string | undefined;
    if (routing === undefined) this.shared.set(`r${c.routing}`, (routing = c.routing));
    const held: HeldPiece = {
      id: c.id, owner, routing, createdAtMs: c.createdAtMs, recordId: c.recordId, imb: c.imb,
      stage: c.current.stage === null ? null : STAGE_NAMES.get(c.current.stage) ?? c.current.stage,
      stageAtMs: c.current.stageAt?.getTime() ?? NaN, inHomeAtMs: c.current.inHomeAt?.getTime() ?? NaN,
    };
    const there = this.pieces.get(key);
    this.pieces.set(key, there === undefined ? held : Array.isArray(there) ? [...there, held] : [there, held]);
  }

  /** Forgets the pieces read (after their stages were written). */
  forgetPieces(): void { this.pieces.clear(); this.shared.clear(); }
}

/** The shared values of pieces: their owner, print file, order and list. */
type PieceOwner = { userId: string; printJobId: string | null; orderId: string | null; listId: string | null };
/** A piece as a session holds it: its own values, the shared ones in `owner`, its stage times in epoch ms (NaN: none). */
type HeldPiece = {
  id: string; owner: PieceOwner; routing: string; createdAtMs: number; recordId: string | null; imb: string;
  stage: MailStage | null; stageAtMs: number; inHomeAtMs: number;
};
/** A held piece's stage alone (what the database had when a moved piece was read). */
type HeldStage = Pick<HeldPiece, 'stage' | 'stageAtMs' | 'inHomeAtMs'>;
/** The one copy of each stage name. */
const STAGE_NAMES = new Map<string, MailStage>(Object.keys(RANK).map((k) => [k, k as MailStage]));
const dateOf = (ms: number) => (Number.isNaN(ms) ? null : new Date(ms));
/** A held piece's stage. */
const stageOf = (p: HeldStage): PieceStage => ({ stage: p.stage, stageAt: dateOf(p.stageAtMs), inHomeAt: dateOf(p.inHomeAtMs) });
/** Sets a held piece's stage. */
function setStage(p: HeldPiece, s: PieceStage): void {
  p.stage = s.stage; p.stageAtMs = s.stageAt?.getTime() ?? NaN; p.inHomeAtMs = s.inHomeAt?.getTime() ?? NaN;
}

/** The piece `row` belongs to: same Mailer ID and serial, made within 45 days before the scan, routing code compatible, the newest. */
function matchPiece(row: ScanRow, held: HeldPiece | HeldPiece[] | undefined): HeldPiece | undefined {
  if (!held) return undefined;
  const at = row.occurredAt.getTime();
  let best: HeldPiece | undefined;
  for (const c of Array.isArray(held) ? held : [held]) {
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
 * Reads into `session` the pieces of `rows`' Mailer IDs and serials it does not hold yet (pieces of `scope.userId`
 * only; test pieces for simulations). A file import calls it ahead, while it checks the file (`prefetchPieces`).
 */
export async function prefetchPieces(ctx: AppContext, scope: IngestScope, session: MatchSession, rows: ScanRow[]): Promise<void> {
  const mids = new Set<string>();
  const serials = new Set<string>();
  for (const r of rows) {
    if (session.pieces.has(`${r.mailerId}:${r.serial}`)) continue;
    mids.add(r.mailerId); serials.add(r.serial);
  }
  const read = new Set<string>();
  for (const c of await trackingRepo.candidates(ctx.db, { userId: scope.userId, mids, serials, includeTest: scope.source === 'simulated' })) {
    const key = `${c.mailerId}:${c.serial}`;
    if (session.pieces.has(key) && !read.has(key)) continue; // held already: its stage is the session's
    read.add(key);
    session.hold(key, c);
  }
  // A serial nobody printed is remembered as such, so a file's repeated unknown IMbs are not looked up again.
  for (const r of rows) if (!session.pieces.has(`${r.mailerId}:${r.serial}`)) session.pieces.set(`${r.mailerId}:${r.serial}`, []);
}

/** A batch's tally with its split per owning account. */
type BatchTally = IngestTally & { byUser: Map<string, IngestTally> };
/** The tally of `userId` in `tally.byUser` (made on first use). */
function userTally(tally: BatchTally, userId: string): IngestTally {
  let t = tally.byUser.get(userId);
  if (!t) tally.byUser.set(userId, (t = emptyTally()));
  return t;
}

/** A batch's scans matched to pieces, not stored yet: the pieces they matched and their events, de-duplicated. */
export type MatchedBatch = { tally: BatchTally; pieces: Map<string, HeldPiece>; events: Map<string, NewEvent> };

/**
 * Matches up to SCAN_BATCH scans to pieces (reading into `session` the ones it does not hold) without storing
 * anything: only pieces of `scope.userId` match (every account's when null), test pieces only simulated scans.
 * A file import matches the next batch while the database stores this one (`storeBatch` moves only stages).
 */
export async function matchBatch(ctx: AppContext, scope: IngestScope, rows: ScanRow[], session: MatchSession): Promise<MatchedBatch> {
  const tally: BatchTally = { ...emptyTally(), rows: rows.length, byUser: new Map() };
  await prefetchPieces(ctx, scope, session, rows);
  const pieces = new Map<string, HeldPiece>();
  const events = new Map<string, NewEvent>();
  const importIds = new Map<string, string | null>();
  for (const row of rows) {
    const piece = matchPiece(row, session.pieces.get(`${row.mailerId}:${row.serial}`));
    if (!piece) {
      tally.unmatched++;
      if (tally.unmatchedSamples.length < TRACKING_UNMATCHED_SAMPLES && !tally.unmatchedSamples.includes(row.imb)) tally.unmatchedSamples.push(row.imb);
      continue;
    }
    tally.matched++;
    const { userId } = piece.owner;
    const t = userTally(tally, userId);
    t.rows++; t.matched++;
    pieces.set(piece.id, piece);
    if (!importIds.has(userId)) importIds.set(userId, await scope.importFor(userId));
    const dedupeKey = dedupeKeyOf(row);
    const id = `${piece.id}|${dedupeKey}`;
    if (events.has(id)) continue;
    events.set(id, {
      pieceId: piece.id, userId, stage: row.stage, operationCode: row.operationCode, occurredAt: row.occurredAt,
      timeZone: row.timeZone, facilityZip: row.facilityZip, facilityCity: row.facilityCity, facilityState: row.facilityState,
      importId: importIds.get(userId) ?? null, dedupeKey,
    });
  }
  return { tally, pieces, events };
}

/**
 * Matches up to SCAN_BATCH scans to pieces (`matchBatch`) and stores them (`storeBatch`). Without `session` the stages
 * are written in the same transaction as the events (a push, a pull page, a simulation); with one they are written by
 * `writeStages` (a file import). Answers the batch's tally; `byUser` splits it per owning account (the pull records
 * one batch row per account).
 */
export async function ingestBatch(ctx: AppContext, scope: IngestScope, rows: ScanRow[], session?: MatchSession): Promise<BatchTally> {
  const own = session ?? new MatchSession();
  return storeBatch(ctx, scope, await matchBatch(ctx, scope, rows, own), own, !session);
}

/**
 * Stores a matched batch's new events (one transaction: inserted with ON CONFLICT DO NOTHING) and moves the pieces'
 * stages by `nextStage` in scan-time order — written in the same transaction when `writeNow`, else left in `session`
 * for `writeStages` — then publishes `mail.tracked` once per 256 stage changes that shared `mailEventOf` maps to a
 * delivery event. Answers the batch's tally.
 */
export async function storeBatch(ctx: AppContext, scope: IngestScope, batch: MatchedBatch, session: MatchSession, writeNow: boolean): Promise<BatchTally> {
  const { tally, pieces, events } = batch;
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
        userTally(tally, e.userId).stored++;
      }
      for (const [id, list] of newByPiece) {
        const piece = pieces.get(id)!;
        const to = movesOf(piece, stageOf(piece), list, scope.source === 'simulated', changes);
        if (!to) continue;
        if (!session.moved.has(piece)) session.moved.set(piece, { stage: piece.stage, stageAtMs: piece.stageAtMs, inHomeAtMs: piece.inHomeAtMs });
        setStage(piece, to);
      }
      if (writeNow) await writeMoved(tx, session);
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
 * Writes the stages of the pieces `session` moved, STAGE_WRITE_CHUNK per statement and short transaction (a file
 * import's), and forgets them; when the session is `full`, forgets the pieces it read too. Call when `session.full`,
 * when its file ends, and when its import fails (so stored events never leave a stage behind).
 */
export async function writeStages(ctx: AppContext, session: MatchSession): Promise<void> {
  while (session.moved.size > 0) {
    const chunk = new MatchSession();
    for (const [piece, was] of session.moved) {
      chunk.moved.set(piece, was);
      session.moved.delete(piece);
      if (chunk.moved.size >= STAGE_WRITE_CHUNK) break;
    }
    await ctx.db.transaction((tx) => writeMoved(tx, chunk));
  }
  if (session.full) session.forgetPieces();
}

/**
 * Writes the moved pieces' stages where the database still has the stage they were read with (one statement, no
 * lock); a piece another writer moved meanwhile (a push during a file import) is locked and its stage folded afresh
 * from all its stored events in scan-time order. Forgets them.
 */
async function writeMoved(db: AppContext['db'], session: MatchSession): Promise<void> {
  const updates = [...session.moved].map(([piece, was]) => ({ id: piece.id, ...stageOf(piece), was: stageOf(was) }));
  session.moved.clear();
  if (updates.length === 0) return;
  const applied = new Set(await trackingRepo.setStagesIfUnchanged(db, updates));
  const missed = updates.filter((u) => !applied.has(u.id)).map((u) => u.id);
  if (missed.length === 0) return;
  await trackingRepo.lockStages(db, missed);
  const folded = new Map<string, PieceStage>();
  for (const e of await trackingRepo.stagesOfEvents(db, missed)) {
    const from = folded.get(e.pieceId) ?? { stage: null, stageAt: null, inHomeAt: null };
    folded.set(e.pieceId, nextStage(from, e) ?? from);
  }
  await trackingRepo.setStages(db, [...folded].map(([id, s]) => ({ id, ...s })));
}

/**
 * A piece's stage after its new events (applied from `from` in scan-time order by `nextStage`), or null when none of them moves
 * it; pushes the stage changes that publish a delivery event onto `changes`.
 */
function movesOf(piece: HeldPiece, from: PieceStage, list: NewEvent[], simulated: boolean, changes: MailTracked[]): PieceStage | null {
  let state = from;
  for (const e of list.sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime())) {
    const next = nextStage(state, e);
    if (!next) continue;
    const type = mailEventOf(state.stage, next.stage!);
    if (type) changes.push(changeOf(piece, e, type, state.stage, simulated));
    state = next;
  }
  return state === from ? null : state;
}

/** One stage change as `mail.tracked` carries it. */
function changeOf(piece: HeldPiece, e: NewEvent, type: NonNullable<ReturnType<typeof mailEventOf>>, from: MailStage | null, simulated: boolean): MailTracked {
  return {
    type, pieceId: piece.id, ...piece.owner, recordId: piece.recordId, imb: piece.imb, stage: e.stage, previousStage: from, occurredAt: e.occurredAt.toISOString(),
    facility: { zip: e.facilityZip, city: e.facilityCity, state: e.facilityState }, simulated,
  };
}
