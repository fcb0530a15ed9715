import { and, asc, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { MailStage, TrackingSource } from '@mailcraft/shared';
import type { Db } from '../../db/client.js';
import { numberValue, rowsOf, textOrNull } from '../../db/raw-rows.js';
import { mailPieces, trackingEvents, trackingImports } from '../../db/schema/index.js';
import { isUuid } from '../../platform/ids.js';

/** Rows of the module's tables as Drizzle reads them. */
export type TrackingImportRow = typeof trackingImports.$inferSelect;
export type MailPieceRow = typeof mailPieces.$inferSelect;
export type TrackingEventRow = typeof trackingEvents.$inferSelect;

/** A piece a scan may belong to: what matching needs and what a `mail.tracked` change names. */
export type PieceCandidate = {
  id: string; userId: string; mailerId: string; serial: string; routing: string; createdAtMs: number; imb: string;
  printJobId: string | null; orderId: string | null; listId: string | null; recordId: string | null;
  /** Its stage as read with it (moved only if still this: `setStagesIfUnchanged`). */
  current: PieceStage;
};

/** A piece's latest stage, read under lock before a batch's new events move it. */
export type PieceStage = { stage: MailStage | null; stageAt: Date | null; inHomeAt: Date | null };

/** One event to store (tracking_events columns). */
export type NewEvent = {
  pieceId: string; userId: string; stage: MailStage; operationCode: string; occurredAt: Date; timeZone: string | null;
  facilityZip: string | null; facilityCity: string | null; facilityState: string | null; importId: string | null; dedupeKey: string;
};

/** A PostgreSQL array literal of values made of digits (Mailer IDs, serials) or UUIDs — nothing that needs quoting. */
const arrayLiteral = (values: Iterable<string>) => `{${[...values].join(',')}}`;
const toDate = (v: unknown): Date | null => (v == null ? null : v instanceof Date ? v : new Date(String(v)));

/**
 * Database access of tracking (docs/requirements/mail-tracking.md): matching scans to `mail_pieces`, storing
 * `tracking_events`, moving pieces' stages, the `tracking_imports` batches and the reads of summaries and timelines.
 * Batch statements take their rows as array parameters (`unnest`) or one JSON parameter (`jsonb_to_recordset`), so a
 * batch of 5,000 scans is a handful of statements whatever its size; reads are scoped to the owner.
 */
export const trackingRepo = {
  /**
   * Pieces whose Mailer ID is one of `mids` and serial one of `serials` (the match index), of `userId` only or of
   * every account (null: the operator's IV-MTR pull). Test pieces only when `includeTest` (simulated scans).
   */
  candidates: async (db: Db, q: { userId: string | null; mids: Set<string>; serials: Set<string>; includeTest: boolean }): Promise<PieceCandidate[]> => {
    if (q.mids.size === 0 || q.serials.size === 0) return [];
    const rows = rowsOf(await db.execute(sql`
      SELECT id, user_id, mailer_id, serial, routing, created_at, imb, print_job_id, order_id, list_id, record_id, stage, stage_at, in_home_at
      FROM mail_pieces
      WHERE mailer_id = ANY(${arrayLiteral(q.mids)}::text[]) AND serial = ANY(${arrayLiteral(q.serials)}::text[])
        ${q.userId ? sql`AND user_id = ${q.userId}::uuid` : sql``}
        ${q.includeTest ? sql`` : sql`AND NOT test`}`));
    return rows.map((r) => ({
      id: String(r.id), userId: String(r.user_id), mailerId: String(r.mailer_id), serial: String(r.serial), routing: String(r.routing),
      createdAtMs: toDate(r.created_at)!.getTime(), imb: String(r.imb), printJobId: textOrNull(r.print_job_id), orderId: textOrNull(r.order_id),
      listId: textOrNull(r.list_id), recordId: textOrNull(r.record_id),
      current: { stage: (r.stage as MailStage | null) ?? null, stageAt: toDate(r.stage_at), inHomeAt: toDate(r.in_home_at) },
    }));
  },

  /**
   * Stores `events` (one statement, each column one array parameter); one already stored for its piece and dedupe key
   * is skipped — unless the same import stored it (the import runs again after a crash: its events count as new, so
   * the stages they move are written). Answers the stored ones' piece and key.
   */
  insertEvents: async (db: Db, source: TrackingSource, events: NewEvent[]): Promise<Array<{ pieceId: string; dedupeKey: string }>> => {
    if (events.length === 0) return [];
    const col = <T>(f: (e: NewEvent) => T) => sql.param(events.map(f));
    const rows = rowsOf(await db.execute(sql`
      INSERT INTO tracking_events (piece_id, stage, operation_code, occurred_at, occurred_tz, facility_zip, facility_city,
        facility_state, source, import_id, dedupe_key)
      SELECT d.piece_id, d.stage, d.operation_code, d.occurred_at, d.occurred_tz, d.facility_zip, d.facility_city,
        d.facility_state, ${source}, d.import_id, d.dedupe_key
      FROM unnest(${col((e) => e.pieceId)}::uuid[], ${col((e) => e.stage)}::text[],
        ${col((e) => e.operationCode)}::text[], ${col((e) => e.occurredAt.toISOString())}::timestamptz[], ${col((e) => e.timeZone)}::text[],
        ${col((e) => e.facilityZip)}::text[], ${col((e) => e.facilityCity)}::text[], ${col((e) => e.facilityState)}::text[],
        ${col((e) => e.importId)}::uuid[], ${col((e) => e.dedupeKey)}::text[])
        AS d(piece_id, stage, operation_code, occurred_at, occurred_tz, facility_zip, facility_city, facility_state, import_id, dedupe_key)
      ON CONFLICT (piece_id, dedupe_key) DO UPDATE SET import_id = excluded.import_id
        WHERE excluded.import_id IS NOT NULL AND tracking_events.import_id = excluded.import_id
      RETURNING piece_id, dedupe_key`));
    return rows.map((r) => ({ pieceId: String(r.piece_id), dedupeKey: String(r.dedupe_key) }));
  },

  /** The stages of pieces `ids`, locked (FOR UPDATE, in id order) until the caller's transaction ends. */
  lockStages: async (db: Db, ids: string[]): Promise<Map<string, PieceStage>> => {
    if (ids.length === 0) return new Map();
    const rows = rowsOf(await db.execute(sql`
      SELECT id, stage, stage_at, in_home_at FROM mail_pieces WHERE id = ANY(${arrayLiteral([...ids].sort())}::uuid[]) ORDER BY id FOR UPDATE`));
    return new Map(rows.map((r) => [String(r.id), {
      stage: (r.stage as MailStage | null) ?? null, stageAt: toDate(r.stage_at), inHomeAt: toDate(r.in_home_at),
    }]));
  },

  /** The stage and scan time of every stored event of pieces `ids`, in piece and scan-time order (a stage folded afresh). */
  stagesOfEvents: async (db: Db, ids: string[]): Promise<Array<{ pieceId: string; stage: MailStage; occurredAt: Date }>> => {
    if (ids.length === 0) return [];
    const rows = rowsOf(await db.execute(sql`
      SELECT piece_id, stage, occurred_at FROM tracking_events WHERE piece_id = ANY(${arrayLiteral(ids)}::uuid[]) ORDER BY piece_id, occurred_at, created_at`));
    return rows.map((r) => ({ pieceId: String(r.piece_id), stage: r.stage as MailStage, occurredAt: toDate(r.occurred_at)! }));
  },

  /** Sets the stage, its time and the in-home time of each piece (one statement). */
  setStages: async (db: Db, updates: Array<{ id: string } & PieceStage>): Promise<void> => {
    if (updates.length === 0) return;
    const json = JSON.stringify(updates.map((u) => ({
      id: u.id, stage: u.stage, stage_at: u.stageAt?.toISOString() ?? null, in_home_at: u.inHomeAt?.toISOString() ?? null,
    })));
    await db.execute(sql`
      UPDATE mail_pieces p SET stage = d.stage, stage_at = d.stage_at, in_home_at = d.in_home_at
      FROM jsonb_to_recordset(${json}::jsonb) AS d(id uuid, stage text, stage_at timestamptz, in_home_at timestamptz)
      WHERE p.id = d.id`);
  },

  /**
   * Sets the stage, its time and the in-home time of each piece whose stage and stage time are still `was` (one
   * statement, no lock). Answers the ids set; the others were moved meanwhile by another batch.
   */
  setStagesIfUnchanged: async (db: Db, updates: Array<{ id: string; was: PieceStage } & PieceStage>): Promise<string[]> => {
    if (updates.length === 0) return [];
    const json = JSON.stringify(updates.map((u) => ({
      id: u.id, stage: u.stage, stage_at: u.stageAt?.toISOString() ?? null, in_home_at: u.inHomeAt?.toISOString() ?? null,
      was_stage: u.was.stage, was_at: u.was.stageAt?.toISOString() ?? null,
    })));
    return rowsOf(await db.execute(sql`
      UPDATE mail_pieces p SET stage = d.stage, stage_at = d.stage_at, in_home_at = d.in_home_at
      FROM jsonb_to_recordset(${json}::jsonb) AS d(id uuid, stage text, stage_at timestamptz, in_home_at timestamptz, was_stage text, was_at timestamptz)
      WHERE p.id = d.id AND p.stage IS NOT DISTINCT FROM d.was_stage AND p.stage_at IS NOT DISTINCT FROM d.was_at
      RETURNING p.id`)).map((r) => String(r.id));
  },

  /** The newest scan time stored from the IV-MTR pull, or null when none was (where the next pull starts, with an overlap). */
  latestPulled: async (db: Db): Promise<Date | null> => {
    const rows = rowsOf(await db.execute(sql`SELECT max(occurred_at) AS at FROM tracking_events WHERE source = 'pull'`));
    return toDate(rows[0]?.at);
  },

  createImport: async (db: Db, values: typeof trackingImports.$inferInsert): Promise<TrackingImportRow> =>
    (await db.insert(trackingImports).values(values).returning())[0],

  /** Writes a batch's counts (and, when finishing, its status, error and finish time). */
  updateImport: async (db: Db, id: string, values: Partial<Pick<TrackingImportRow,
    'rows' | 'matched' | 'duplicates' | 'unmatched' | 'unmatchedSamples' | 'status' | 'error' | 'finishedAt'>>): Promise<TrackingImportRow | undefined> =>
    (await db.update(trackingImports).set(values).where(eq(trackingImports.id, id)).returning())[0],

  findImport: async (db: Db, userId: string, id: string): Promise<TrackingImportRow | undefined> => {
    if (!isUuid(id)) return undefined;
    return (await db.select().from(trackingImports).where(and(eq(trackingImports.id, id), eq(trackingImports.userId, userId))).limit(1))[0];
  },

  /** A batch by id whoever owns it (the import job). */
  importById: async (db: Db, id: string): Promise<TrackingImportRow | undefined> =>
    (await db.select().from(trackingImports).where(eq(trackingImports.id, id)).limit(1))[0],

  /** A page of the user's batches, newest first, and how many there are. */
  listImports: async (db: Db, userId: string, page: number, limit: number): Promise<{ rows: TrackingImportRow[]; total: number }> => {
    const rows = await db.select().from(trackingImports).where(eq(trackingImports.userId, userId))
      .orderBy(desc(trackingImports.createdAt), desc(trackingImports.id)).limit(limit).offset((page - 1) * limit);
    const [{ n }] = await db.select({ n: count() }).from(trackingImports).where(eq(trackingImports.userId, userId));
    return { rows, total: n };
  },

  /** Uploaded files of these users' batches still running (their stored files), for account deletion. */
  runningUploadIds: async (db: Db, userIds: string[]): Promise<Array<{ id: string; userId: string }>> => {
    const ids = userIds.filter(isUuid);
    if (ids.length === 0) return [];
    const rows = rowsOf(await db.execute(sql`
      SELECT id, user_id FROM tracking_imports WHERE user_id = ANY(${arrayLiteral(ids)}::uuid[]) AND source = 'upload' AND status = 'running'`));
    return rows.map((r) => ({ id: String(r.id), userId: String(r.user_id) }));
  },

  /** How many of the user's pieces belong to print file `jobId` and when the first was made (null: none — not the user's file). */
  jobPieces: async (db: Db, userId: string, jobId: string): Promise<{ total: number; madeAt: Date } | null> => {
    if (!isUuid(jobId)) return null;
    const rows = rowsOf(await db.execute(sql`
      SELECT count(*) AS n, min(created_at) AS made_at FROM mail_pieces WHERE print_job_id = ${jobId}::uuid AND user_id = ${userId}::uuid`));
    const n = numberValue(rows[0]?.n);
    return n === 0 ? null : { total: n, madeAt: toDate(rows[0].made_at)! };
  },

  /** Pieces of the print file per latest stage (null: no scan yet). */
  stageCounts: async (db: Db, userId: string, jobId: string): Promise<Array<{ stage: MailStage | null; pieces: number }>> =>
    rowsOf(await db.execute(sql`
      SELECT stage, count(*) AS n FROM mail_pieces WHERE print_job_id = ${jobId}::uuid AND user_id = ${userId}::uuid GROUP BY stage`))
      .map((r) => ({ stage: (r.stage as MailStage | null) ?? null, pieces: numberValue(r.n) })),

  /** A page of the print file's pieces in print order, only those at `stage` when given ('no_scan': without a stage). */
  piecesPage: async (db: Db, userId: string, jobId: string, q: { stage?: MailStage | 'no_scan'; page: number; limit: number }): Promise<MailPieceRow[]> => {
    const filter = q.stage === undefined ? sql`` : q.stage === 'no_scan' ? sql`AND stage IS NULL` : sql`AND stage = ${q.stage}`;
    return db.select().from(mailPieces)
      .where(sql`${mailPieces.printJobId} = ${jobId}::uuid AND ${mailPieces.userId} = ${userId}::uuid ${filter}`)
      .orderBy(asc(mailPieces.pieceNumber)).limit(q.limit).offset((q.page - 1) * q.limit);
  },

  /** Delivered pieces of the print file per UTC day of their in-home time, oldest first. */
  inHomeByDay: async (db: Db, userId: string, jobId: string): Promise<Array<{ date: string; pieces: number }>> =>
    rowsOf(await db.execute(sql`
      SELECT to_char(in_home_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*) AS n FROM mail_pieces
      WHERE print_job_id = ${jobId}::uuid AND user_id = ${userId}::uuid AND in_home_at IS NOT NULL GROUP BY 1 ORDER BY 1`))
      .map((r) => ({ date: String(r.day), pieces: numberValue(r.n) })),

  /** Delivered pieces of the print file per state of their address, most first. */
  inHomeByState: async (db: Db, userId: string, jobId: string): Promise<Array<{ state: string; pieces: number }>> =>
    rowsOf(await db.execute(sql`
      SELECT upper(coalesce(address->>'state', '')) AS state, count(*) AS n FROM mail_pieces
      WHERE print_job_id = ${jobId}::uuid AND user_id = ${userId}::uuid AND in_home_at IS NOT NULL GROUP BY 1 ORDER BY 2 DESC, 1`))
      .map((r) => ({ state: String(r.state), pieces: numberValue(r.n) })),

  /**
   * The median, in days, from each delivered piece's first acceptance scan (its first scan of any stage when it has no
   * acceptance scan) to its in-home time; null when no piece is delivered.
   */
  medianDaysToInHome: async (db: Db, userId: string, jobId: string): Promise<number | null> => {
    const rows = rowsOf(await db.execute(sql`
      SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM p.in_home_at - f.first_at) / 86400) AS median
      FROM mail_pieces p
      CROSS JOIN LATERAL (
        SELECT coalesce(min(e.occurred_at) FILTER (WHERE e.stage = 'accepted'), min(e.occurred_at)) AS first_at
        FROM tracking_events e WHERE e.piece_id = p.id
      ) f
      WHERE p.print_job_id = ${jobId}::uuid AND p.user_id = ${userId}::uuid AND p.in_home_at IS NOT NULL AND f.first_at IS NOT NULL`));
    return rows[0]?.median == null ? null : Number(rows[0].median);
  },

  /** Whether any event of the print file's pieces was simulated. */
  hasSimulated: async (db: Db, userId: string, jobId: string): Promise<boolean> =>
    rowsOf(await db.execute(sql`
      SELECT 1 FROM mail_pieces p JOIN tracking_events e ON e.piece_id = p.id
      WHERE p.print_job_id = ${jobId}::uuid AND p.user_id = ${userId}::uuid AND e.source = 'simulated' LIMIT 1`)).length > 0,

  /** The user's piece `id`, or undefined. */
  findPiece: async (db: Db, userId: string, id: string): Promise<MailPieceRow | undefined> => {
    if (!isUuid(id)) return undefined;
    return (await db.select().from(mailPieces).where(and(eq(mailPieces.id, id), eq(mailPieces.userId, userId))).limit(1))[0];
  },

  /** Every event of a piece, oldest first. */
  eventsOfPiece: async (db: Db, pieceId: string): Promise<TrackingEventRow[]> =>
    db.select().from(trackingEvents).where(eq(trackingEvents.pieceId, pieceId)).orderBy(asc(trackingEvents.occurredAt), asc(trackingEvents.createdAt), asc(trackingEvents.dedupeKey)),

  /**
   * The piece of each of `recordIds` (records of list `listId`, owned by `userId`) in its latest print file — the newest
   * piece of a print file made for the record; order pieces are left out — one statement on the record index.
   */
  latestRecordPieces: async (db: Db, userId: string, listId: string, recordIds: string[]): Promise<MailPieceRow[]> => {
    const ids = recordIds.filter(isUuid);
    if (ids.length === 0 || !isUuid(listId)) return [];
    return db.selectDistinctOn([mailPieces.recordId]).from(mailPieces)
      .where(and(inArray(mailPieces.recordId, ids), eq(mailPieces.listId, listId), eq(mailPieces.userId, userId), isNotNull(mailPieces.printJobId)))
      .orderBy(mailPieces.recordId, desc(mailPieces.createdAt), desc(mailPieces.id));
  },

  /** Every event of pieces `pieceIds`, each piece's oldest first (one statement). */
  eventsOfPieces: async (db: Db, pieceIds: string[]): Promise<TrackingEventRow[]> => {
    if (pieceIds.length === 0) return [];
    return db.select().from(trackingEvents).where(inArray(trackingEvents.pieceId, pieceIds))
      .orderBy(asc(trackingEvents.pieceId), asc(trackingEvents.occurredAt), asc(trackingEvents.createdAt), asc(trackingEvents.dedupeKey));
  },

  /** The piece of on-demand order `orderId` owned by `userId` (what a simulation plays and whether it has a stage), or undefined. */
  orderPiece: async (db: Db, userId: string, orderId: string): Promise<Pick<MailPieceRow, 'id' | 'imb' | 'address' | 'stage'> | undefined> => {
    if (!isUuid(orderId)) return undefined;
    return (await db.select({ id: mailPieces.id, imb: mailPieces.imb, address: mailPieces.address, stage: mailPieces.stage }).from(mailPieces)
      .where(and(eq(mailPieces.orderId, orderId), eq(mailPieces.userId, userId))).limit(1))[0];
  },

  /** Up to `limit` pieces of the print file after piece number `after`, in print order (the simulation's keyset pages). */
  jobPiecesAfter: async (db: Db, userId: string, jobId: string, after: number, limit: number): Promise<Array<Pick<MailPieceRow, 'id' | 'pieceNumber' | 'imb' | 'address'>>> =>
    db.select({ id: mailPieces.id, pieceNumber: mailPieces.pieceNumber, imb: mailPieces.imb, address: mailPieces.address }).from(mailPieces)
      .where(sql`${mailPieces.printJobId} = ${jobId}::uuid AND ${mailPieces.userId} = ${userId}::uuid AND ${mailPieces.pieceNumber} > ${after}`)
      .orderBy(asc(mailPieces.pieceNumber)).limit(limit),
};
