import type { TTrackingImport, TTrackingPushResult } from '@mailcraft/shared';
import { refreshPlannerStatistics } from '../../db/planner-statistics.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { Principal } from '../../platform/principal.js';
import { readIvmtrFile } from './ivmtr-file.js';
import { ivmtrFields, readScan, scanError, type ScanRow } from './ivmtr-scan.js';
import {
  addTally, emptyTally, ingestBatch, matchBatch, MatchSession, prefetchPieces, SCAN_BATCH, storeBatch, writeStages, type IngestScope, type IngestTally, type MatchedBatch,
} from './scan-matching.js';
import { trackingRepo, type TrackingImportRow } from './tracking-events.repo.js';
import type { TrackingSource as ScanSource } from './tracking-source.js';

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

/**
 * Reads every scan of the stored file once without writing (pass 1): throws the first bad line's error; answers how
 * many scans it holds. Meanwhile `prefetch` reads the pieces of each SCAN_BATCH scans into the import's session (one
 * read in flight; the database works while this thread parses), until the session is full — reads only, so a bad
 * file still stores nothing.
 */
async function checkFile(ctx: AppContext, key: string, session: MatchSession, prefetch: (rows: ScanRow[]) => Promise<void>): Promise<number> {
  let n = 0;
  let chunk: ScanRow[] = [];
  let inFlight: Promise<void> = Promise.resolve();
  let failure: unknown = null;
  const send = async () => {
    await inFlight;
    const rows = chunk;
    chunk = [];
    inFlight = prefetch(rows).catch((err: unknown) => { failure ??= err; });
  };
  try {
    for await (const scan of readIvmtrFile(ctx.storage.stream(key))) {
      const row = readScan(scan.fields, scan.where);
      n++;
      if (session.full || failure) continue;
      chunk.push(row);
      if (chunk.length === SCAN_BATCH) await send();
    }
    if (chunk.length && !session.full) await send();
  } finally {
    await inFlight;
  }
  if (failure) throw failure;
  return n;
}

/**
 * The `tracking.import` job's work (docs/requirements/mail-tracking.md#scan-data, #limits): reads the stored upload twice,
 * streamed — first every line is checked, so a bad file fails with its first bad line and stores nothing; then the
 * scans are matched and stored in batches of SCAN_BATCH, the batch row's counts written after each, through one
 * `MatchSession` for the file (each piece read once and its stage written once, when the session is full and at the
 * end — also when the import fails, so no stored event leaves its stage behind). The planner's
 * statistics are refreshed after the first batch and at the end (PGlite has no autovacuum); the stored file is removed
 * when the import ends, done or failed. An unexpected failure (database) marks the batch failed: scans stored so far
 * stay, and uploading the file again stores none twice.
 */
export async function runImport(ctx: AppContext, importId: string): Promise<void> {
  const row = await trackingRepo.importById(ctx.db, importId);
  if (!row || row.status !== 'running') return;
  const key = uploadKey(row.userId, row.id);
  const fail = (error: string) => trackingRepo.updateImport(ctx.db, row.id, { status: 'failed', error, finishedAt: new Date() });
  const scope: IngestScope = { userId: row.userId, source: 'upload', importFor: async () => row.id };
  const session = new MatchSession();
  try {
    try {
      await checkFile(ctx, key, session, (rows) => prefetchPieces(ctx, scope, session, rows));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return void await fail('The uploaded file is gone: please upload it again');
      if (err instanceof AppError) return void await fail(err.message);
      throw err;
    }
    const total = emptyTally();
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
    const nextMatched = async (): Promise<MatchedBatch | null> => {
      const rows = await readBatch();
      return rows.length ? matchBatch(ctx, scope, rows, session) : null;
    };
    // The next batch is read and matched on this thread while the database stores this one (the embedded database
    // works on its own thread); matching reads no stage, storing moves only stages.
    let matching = nextMatched();
    try {
      for (let n = 1; ; n++) {
        const matched = await matching;
        if (!matched) break;
        matching = nextMatched();
        matching.catch(() => {}); // awaited at the next turn; rejections are handled there
        addTally(total, await storeBatch(ctx, scope, matched, session, false));
        if (session.full) await writeStages(ctx, session);
        await trackingRepo.updateImport(ctx.db, row.id, {
          rows: total.rows, matched: total.matched, duplicates: total.duplicates, unmatched: total.unmatched, unmatchedSamples: total.unmatchedSamples,
        });
        if (n === 1) await refreshPlannerStatistics(ctx.database, ['mail_pieces', 'tracking_events']);
      }
    } catch (err) {
      await matching.catch(() => {});
      await writeStages(ctx, session).catch(() => {});
      throw err;
    }
    await writeStages(ctx, session);
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
