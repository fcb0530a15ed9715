import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  ivmtrOperationDescription, TRACKING_COUNT_KEYS, type TMailPieceTimeline, type TPrintJobTracking, type TPrintJobTrackingQuery,
  type TrackingCountKey, type TRecordMailPiece, type TTrackedPiece, type TTrackingEvent, type TTrackingImport, type TTrackingImports,
} from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { OwnedFilesReader } from '../../platform/owned-files.js';
import type { Principal } from '../../platform/principal.js';
import { localTimeIn } from './ivmtr-scan.js';
import { presentImport, uploadKey } from './tracking-import.service.js';
import { trackingRepo, type MailPieceRow, type TrackingEventRow } from './tracking-events.repo.js';
import { trackingImportJob } from './tracking.jobs.js';

const DAY_MS = 86_400_000;

/** A piece as the API presents it. */
function presentPiece(p: MailPieceRow): TTrackedPiece {
  return {
    id: p.id, piece_number: p.pieceNumber, record_id: p.recordId, record_number: p.recordNumber, imb: p.imb, address: p.address,
    stage: p.stage, stage_at: p.stageAt?.toISOString() ?? null, in_home_at: p.inHomeAt?.toISOString() ?? null,
  };
}

/**
 * A stored scan as a timeline presents it: its operation code and what it means, its time as an instant and in the
 * zone it was given in, its facility and its source.
 */
function presentEvent(e: TrackingEventRow): TTrackingEvent {
  return {
    id: e.dedupeKey, stage: e.stage, operation_code: e.operationCode, operation: e.operationCode ? ivmtrOperationDescription(e.operationCode) : null,
    occurred_at: e.occurredAt.toISOString(), time_zone: e.occurredTz, local_time: localTimeIn(e.occurredAt, e.occurredTz),
    facility: { zip: e.facilityZip, city: e.facilityCity, state: e.facilityState }, source: e.source,
  };
}

/**
 * POST /api/tracking/imports (docs/requirements/mail-tracking.md#scan-data): stores the uploaded file as it streams in
 * (`truncated()` tells whether the upload hit its size limit), records a running batch and queues `tracking.import`,
 * which reads the stored file. Answers the batch (status running). Errors: PAYLOAD_TOO_LARGE (413) 'The file is larger
 * than 100 MB' and BAD_REQUEST (400) 'The file is empty', nothing kept either way.
 */
export async function startUpload(ctx: AppContext, principal: Principal, input: { filename: string; stream: Readable; truncated: () => boolean }): Promise<TTrackingImport> {
  const id = randomUUID();
  const key = uploadKey(principal.userId, id);
  const size = await ctx.storage.putStream(key, input.stream);
  if (input.truncated() || size === 0) {
    await ctx.storage.delete(key);
    throw input.truncated() ? new AppError('PAYLOAD_TOO_LARGE', 'The file is larger than 100 MB') : new AppError('BAD_REQUEST', 'The file is empty');
  }
  const row = await trackingRepo.createImport(ctx.db, {
    id, userId: principal.userId, source: 'upload', filename: input.filename.slice(0, 255) || 'scans', status: 'running',
  });
  await ctx.queue.send(trackingImportJob, { importId: id });
  return presentImport(row);
}

/** GET /api/tracking/imports: a page of the user's batches of scan data, newest first. */
export async function listImports(ctx: AppContext, principal: Principal, query: { page: number; limit: number }): Promise<TTrackingImports> {
  const { rows, total } = await trackingRepo.listImports(ctx.db, principal.userId, query.page, query.limit);
  return { imports: rows.map(presentImport), total };
}

/** GET /api/tracking/imports/{id}: one of the user's batches. Errors: NOT_FOUND (another user's too). */
export async function getImport(ctx: AppContext, principal: Principal, id: string): Promise<TTrackingImport> {
  const row = await trackingRepo.findImport(ctx.db, principal.userId, id);
  if (!row) throw notFound('Tracking import');
  return presentImport(row);
}

/**
 * GET /api/print-jobs/{jobId}/tracking (docs/requirements/mail-tracking.md#timelines-and-analytics): the print file's
 * delivery funnel (pieces per latest stage and without a scan), a page of its pieces with their latest stage, in-home
 * by day and by state, the median days from first acceptance to in-home, and the pieces without a scan N days after
 * the file was made (the time its first piece was recorded). Errors: NOT_FOUND when the user has no piece of that
 * print file (another user's file, a proof, or a file printed without barcodes).
 */
export async function printJobTracking(ctx: AppContext, principal: Principal, jobId: string, query: TPrintJobTrackingQuery): Promise<TPrintJobTracking> {
  const job = await trackingRepo.jobPieces(ctx.db, principal.userId, jobId);
  if (!job) throw notFound('Print job tracking');
  const counts = Object.fromEntries(TRACKING_COUNT_KEYS.map((k) => [k, 0])) as Record<TrackingCountKey, number>;
  for (const c of await trackingRepo.stageCounts(ctx.db, principal.userId, jobId)) counts[c.stage ?? 'no_scan'] += c.pieces;
  const pieces = await trackingRepo.piecesPage(ctx.db, principal.userId, jobId, query);
  const median = await trackingRepo.medianDaysToInHome(ctx.db, principal.userId, jobId);
  const old = Date.now() - job.madeAt.getTime() >= query.no_scan_days * DAY_MS;
  return {
    print_job_id: jobId,
    total_pieces: job.total,
    counts,
    pieces: pieces.map(presentPiece),
    pieces_total: query.stage ? counts[query.stage] : job.total,
    page: query.page,
    limit: query.limit,
    in_home_by_day: await trackingRepo.inHomeByDay(ctx.db, principal.userId, jobId),
    in_home_by_state: await trackingRepo.inHomeByState(ctx.db, principal.userId, jobId),
    median_days_to_in_home: median === null ? null : Math.round(median * 10) / 10,
    no_scan_after_days: { days: query.no_scan_days, pieces: old ? counts.no_scan : 0 },
    simulated: await trackingRepo.hasSimulated(ctx.db, principal.userId, jobId),
  };
}

/**
 * GET /api/mail-pieces/{pieceId}/timeline (docs/requirements/mail-tracking.md#timelines-and-analytics): the piece with its
 * latest stage and every scan, oldest first, each with its operation code and what it means, its time as an instant
 * and in the zone it was given in, its facility and its source. Errors: NOT_FOUND (another user's piece too).
 */
export async function pieceTimeline(ctx: AppContext, principal: Principal, pieceId: string): Promise<TMailPieceTimeline> {
  const piece = await trackingRepo.findPiece(ctx.db, principal.userId, pieceId);
  if (!piece) throw notFound('Mail piece');
  const events = await trackingRepo.eventsOfPiece(ctx.db, piece.id);
  return { piece: { ...presentPiece(piece), print_job_id: piece.printJobId, order_id: piece.orderId }, events: events.map(presentEvent) };
}

/**
 * The mail piece of each of `recordIds` (records of list `listId`, owned by `userId`) in its latest print file, with its
 * latest stage and every scan oldest first, by record id (docs/requirements/mail-tracking.md#timelines-and-analytics:
 * the recipient search shows each record's piece on its way). Records never printed with an IMb, and pieces of
 * on-demand orders, are absent. Two statements for a page of records.
 */
export async function recordMailPieces(ctx: AppContext, userId: string, listId: string, recordIds: string[]): Promise<Map<string, TRecordMailPiece>> {
  const pieces = await trackingRepo.latestRecordPieces(ctx.db, userId, listId, recordIds);
  const eventsOf = new Map<string, TTrackingEvent[]>();
  for (const e of await trackingRepo.eventsOfPieces(ctx.db, pieces.map((p) => p.id))) {
    const list = eventsOf.get(e.pieceId);
    if (list) list.push(presentEvent(e));
    else eventsOf.set(e.pieceId, [presentEvent(e)]);
  }
  return new Map(pieces.map((p) => [p.recordId!, {
    id: p.id, print_job_id: p.printJobId!, imb: p.imb, stage: p.stage, stage_at: p.stageAt?.toISOString() ?? null,
    in_home_at: p.inHomeAt?.toISOString() ?? null, events: eventsOf.get(p.id) ?? [],
  }]));
}

/** The stored files of accounts' uploads still being imported (removed with the account; docs/architecture.md#storage). */
export const accountTrackingFiles: OwnedFilesReader = async (db, userIds) => ({
  files: (await trackingRepo.runningUploadIds(db, userIds)).map((r) => uploadKey(r.userId, r.id)), folders: [],
});
