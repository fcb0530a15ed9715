import { z } from 'zod';
import { pageQuery } from './http/common.js';

/**
 * Mail tracking (docs/requirements/mail-tracking.md): the normalised stages of a mail piece's journey and where its
 * scan data comes from. The USPS details live beside
 * these in `imb-assignment.ts` (Service Type IDs, Mailer ID rules) and `ivmtr.ts` (IV-MTR fields and operation codes), each with its source.
 */

/**
 * The normalised stages, in journey order (docs/requirements/mail-tracking.md#stages): accepted at the entry facility, in
 * transit between plants, in the local area (the destination's processing), out for delivery, delivered (the
 * estimated in-home day); `returned_to_sender` and `forwarded` where the scan data says so.
 */
export const MAIL_STAGES = ['accepted', 'in_transit', 'in_local_area', 'out_for_delivery', 'delivered', 'returned_to_sender', 'forwarded'] as const;
export type MailStage = (typeof MAIL_STAGES)[number];

/** Where a tracking event came from: pushed to the API, an uploaded file, fetched from IV-MTR, or simulated (test mode). */
export const TRACKING_SOURCES = ['push', 'upload', 'pull', 'simulated'] as const;
export type TrackingSource = (typeof TRACKING_SOURCES)[number];

/**
 * The delivery events a piece's stage change publishes (docs/requirements/mail-tracking.md#delivery-events), as
 * webhooks, notifications and the Print-on-Demand API name them: `mail.in_transit` the first time a piece reaches
 * accepted, in_transit or in_local_area; `mail.out_for_delivery`; `mail.delivered`; `mail.returned` (returned to
 * sender). A forward publishes none.
 */
export const MAIL_EVENT_TYPES = ['mail.in_transit', 'mail.out_for_delivery', 'mail.delivered', 'mail.returned'] as const;
export type MailEventType = (typeof MAIL_EVENT_TYPES)[number];

/** The delivery event a move from stage `from` (null: no scan yet) to `to` publishes, or null (see MAIL_EVENT_TYPES). */
export function mailEventOf(from: MailStage | null, to: MailStage): MailEventType | null {
  const moving = (s: MailStage | null) => s === 'accepted' || s === 'in_transit' || s === 'in_local_area';
  if (moving(to)) return moving(from) ? null : 'mail.in_transit';
  if (to === 'out_for_delivery') return 'mail.out_for_delivery';
  if (to === 'delivered') return 'mail.delivered';
  if (to === 'returned_to_sender') return 'mail.returned';
  return null;
}

/** Most scans one push takes (docs/requirements/mail-tracking.md#limits). */
export const TRACKING_PUSH_MAX_SCANS = 1000;
/** Largest scan-data file an upload takes, in bytes (docs/requirements/mail-tracking.md#limits: 100 MB). */
export const TRACKING_UPLOAD_MAX_BYTES = 100 * 1024 * 1024;
/** How many unknown IMbs a batch keeps to show (docs/requirements/mail-tracking.md#scan-data: the first 100). */
export const TRACKING_UNMATCHED_SAMPLES = 100;
/** The stages of the delivery funnel plus `no_scan` (pieces without any scan yet). */
export const TRACKING_COUNT_KEYS = [...MAIL_STAGES, 'no_scan'] as const;
export type TrackingCountKey = (typeof TRACKING_COUNT_KEYS)[number];
/** Statuses of a batch of scan data: running (an upload being read), done, failed (nothing stored, `error` says why). */
export const TRACKING_IMPORT_STATUSES = ['running', 'done', 'failed'] as const;

const ZStage = z.enum(MAIL_STAGES);
const ZFacility = z.object({
  zip: z.string().nullable().describe('ZIP Code of the facility that scanned the piece (scanFacilityZip), null when the feed gave none'),
  city: z.string().nullable().describe('City of the facility (scanFacilityCity)'),
  state: z.string().nullable().describe('State of the facility, 2 letters (scanFacilityState)'),
});

/** A piece's address as printed (the manifest's columns). */
export const ZMailPieceAddressSchema = z.object({
  name: z.string().describe('Addressee as printed'),
  lines: z.array(z.string()).describe('Delivery address lines as printed'),
  city: z.string().describe('City'),
  state: z.string().describe('State, 2 letters'),
  zip: z.string().describe('ZIP Code (5 or ZIP+4)'),
}).meta({ id: 'MailPieceAddress' });

/** One printed mail piece with its latest tracking stage (docs/requirements/mail-tracking.md#stages). */
export const ZTrackedPieceSchema = z.object({
  id: z.string().describe('The mail piece (UUID); GET /api/mail-pieces/{pieceId}/timeline shows its scans'),
  piece_number: z.number().int().describe('1-based place of the piece in its print file'),
  record_id: z.string().nullable().describe('The list record the piece was printed for, when known'),
  record_number: z.number().int().nullable().describe('1-based number of the record in its list, when known'),
  imb: z.string().describe('The piece\'s Intelligent Mail barcode: tracking code + routing code, digits only (20–31 digits)'),
  address: ZMailPieceAddressSchema.describe('Addressee and address as printed'),
  stage: ZStage.nullable().describe('Latest stage (forward-only, except returns and forwards which always show); null when no scan came yet'),
  stage_at: z.string().nullable().describe('ISO 8601 time of the scan that set the stage, null when no scan came yet'),
  in_home_at: z.string().nullable().describe('ISO 8601 time of the delivered scan (the estimated in-home day), null until delivered'),
}).meta({ id: 'TrackedPiece' });
export type TTrackedPiece = z.infer<typeof ZTrackedPieceSchema>;

/** GET /api/print-jobs/{jobId}/tracking query: a page of pieces, filtered by stage, and the N of "no scan after N days". */
export const ZPrintJobTrackingQuerySchema = pageQuery(50, 200).extend({
  stage: z.enum(TRACKING_COUNT_KEYS).optional().describe('Only pieces whose latest stage is this one (`no_scan`: pieces without any scan); every piece when absent'),
  no_scan_days: z.coerce.number().int().min(1).max(90).default(7)
    .describe('N of `no_scan_after_days`: pieces with no scan N days after the print file was made (1–90, default 7)'),
});
export type TPrintJobTrackingQuery = z.infer<typeof ZPrintJobTrackingQuerySchema>;

/** GET /api/print-jobs/{jobId}/tracking: one print file's delivery funnel and analytics (docs/requirements/mail-tracking.md#timelines-and-analytics). */
export const ZPrintJobTrackingSchema = z.object({
  print_job_id: z.string().describe('The print file'),
  total_pieces: z.number().int().describe('Mail pieces of the print file that carry an IMb'),
  counts: z.object(Object.fromEntries(TRACKING_COUNT_KEYS.map((k) => [k, z.number().int().describe(k === 'no_scan'
    ? 'Pieces without any scan yet'
    : `Pieces whose latest stage is ${k}`)])) as Record<TrackingCountKey, z.ZodNumber>)
    .describe('The delivery funnel: pieces per latest stage, plus no_scan; the counts add up to total_pieces'),
  pieces: z.array(ZTrackedPieceSchema).describe('This page of pieces in print order (filtered by ?stage)'),
  pieces_total: z.number().int().describe('Pieces matching ?stage in all (for paging)'),
  page: z.number().int().describe('The page answered, from 1'),
  limit: z.number().int().describe('Pieces per page'),
  in_home_by_day: z.array(z.object({
    date: z.string().describe('UTC day, YYYY-MM-DD'),
    pieces: z.number().int().describe('Pieces delivered (in home) that day'),
  })).describe('Pieces delivered per day, oldest first; days without any are left out'),
  in_home_by_state: z.array(z.object({
    state: z.string().describe('State of the piece\'s address, 2 letters'),
    pieces: z.number().int().describe('Pieces delivered to that state'),
  })).describe('Delivered pieces per state of their address, most first'),
  median_days_to_in_home: z.number().nullable()
    .describe('Median days (fractional, 1 decimal) from each delivered piece\'s first acceptance scan (its first scan when it has no acceptance scan) to its in-home time; null when no piece is delivered'),
  no_scan_after_days: z.object({
    days: z.number().int().describe('N, as asked by ?no_scan_days'),
    pieces: z.number().int().describe('Pieces without any scan although the print file was made at least N days ago (0 while it is younger)'),
  }).describe('Pieces with no scan N days after the print file was made'),
  simulated: z.boolean().describe('Whether any of the file\'s events were simulated (test mode)'),
}).meta({ id: 'PrintJobTracking' });
export type TPrintJobTracking = z.infer<typeof ZPrintJobTrackingSchema>;

/** GET /api/mail-pieces/{pieceId}/… path parameters. */
export const ZMailPieceParams = z.object({
  pieceId: z.string().max(100).describe('Mail piece id (UUID)'),
});

/** One tracking event of a piece's timeline. */
export const ZTrackingEventSchema = z.object({
  id: z.string().describe('The event, unique within its piece: operation code, scan time (epoch ms) and facility ZIP joined by "|" (the key that makes a scan arriving twice one event)'),
  stage: ZStage.describe('The normalised stage this scan means'),
  operation_code: z.string().describe('USPS operation code of the scan (IV-MTR scanEventCode), as the feed gave it; "SIM-…" codes for simulated scans'),
  operation: z.string().nullable().describe('What the operation code means, when known (packages/shared ivmtr.ts); null for a code the product does not know'),
  occurred_at: z.string().describe('ISO 8601 instant of the scan (UTC)'),
  time_zone: z.string().nullable().describe('The zone or UTC offset the feed gave the scan time in (e.g. "America/Chicago", "-05:00", "CST"); null when it gave none (the time was read as UTC)'),
  local_time: z.string().nullable().describe('The scan time in the facility\'s zone, ISO 8601 with its offset (e.g. 2024-03-04T07:12:00-06:00); null when the zone is unknown'),
  facility: ZFacility.describe('Where the piece was scanned'),
  source: z.enum(TRACKING_SOURCES).describe('How the scan came in: push (API), upload (file), pull (IV-MTR API) or simulated (test mode)'),
}).meta({ id: 'TrackingEvent' });
export type TTrackingEvent = z.infer<typeof ZTrackingEventSchema>;

/** GET /api/mail-pieces/{pieceId}/timeline: one piece and its scans, oldest first. */
export const ZMailPieceTimelineSchema = z.object({
  piece: ZTrackedPieceSchema.extend({
    print_job_id: z.string().nullable().describe('Its print file, or null for an on-demand order'),
    order_id: z.string().nullable().describe('Its on-demand order, or null'),
  }).describe('The piece and its latest stage'),
  events: z.array(ZTrackingEventSchema).describe('Every scan of the piece, oldest first (a late earlier scan joins the timeline but does not move the stage back)'),
}).meta({ id: 'MailPieceTimeline' });
export type TMailPieceTimeline = z.infer<typeof ZMailPieceTimelineSchema>;

/**
 * A list record's mail piece in its latest print file, with its latest stage and timeline (docs/requirements/mail-tracking.md#timelines-and-analytics:
 * the recipient search shows each record's piece on its way).
 */
export const ZRecordMailPieceSchema = z.object({
  id: z.string().describe('The mail piece (UUID)'),
  print_job_id: z.string().describe('The print file it was printed in: the record\'s latest one whose piece carries an IMb'),
  imb: z.string().describe('The piece\'s Intelligent Mail barcode: tracking code + routing code, digits only (20–31 digits)'),
  stage: ZStage.nullable().describe('Latest stage (forward-only, except returns and forwards which always show); null when no scan came yet'),
  stage_at: z.string().nullable().describe('ISO 8601 time of the scan that set the stage, null when no scan came yet'),
  in_home_at: z.string().nullable().describe('ISO 8601 time of the delivered scan (the estimated in-home day), null until delivered'),
  events: z.array(ZTrackingEventSchema).describe('Every scan of the piece, oldest first (its timeline)'),
}).meta({ id: 'RecordMailPiece' });
export type TRecordMailPiece = z.infer<typeof ZRecordMailPieceSchema>;

/** One batch of scan data taken in: a push, an uploaded file or a fetch (docs/requirements/mail-tracking.md#scan-data). */
export const ZTrackingImportSchema = z.object({
  id: z.string().describe('The batch (UUID)'),
  source: z.enum(TRACKING_SOURCES).describe('push (API), upload (file), pull (IV-MTR API) or simulated (test mode)'),
  filename: z.string().nullable().describe('Name of the uploaded file, null for other sources'),
  status: z.enum(TRACKING_IMPORT_STATUSES).describe('running (being read), done, or failed (nothing was stored; `error` says why)'),
  rows: z.number().int().describe('Piece scans read'),
  matched: z.number().int().describe('Scans matched to one of the account\'s pieces (new events + duplicates)'),
  duplicates: z.number().int().describe('Matched scans already stored (the same scan taken in twice is one event)'),
  unmatched: z.number().int().describe('Scans whose IMb matches none of the account\'s pieces (counted, never dropped silently)'),
  unmatched_samples: z.array(z.string()).describe('The first 100 unknown IMbs, in file order, each once'),
  error: z.string().nullable().describe('Why the batch failed, naming its first bad line (e.g. \'Line 7: the scan time "soon" is not a date\'); null otherwise'),
  created_at: z.string().describe('ISO 8601 time the batch came in'),
  finished_at: z.string().nullable().describe('ISO 8601 time it was done or failed, null while running'),
}).meta({ id: 'TrackingImport' });
export type TTrackingImport = z.infer<typeof ZTrackingImportSchema>;

/** GET /api/tracking/imports?page&limit. */
export const ZTrackingImportsQuerySchema = pageQuery(20);
export const ZTrackingImportsSchema = z.object({
  imports: z.array(ZTrackingImportSchema).describe('Newest first'),
  total: z.number().int().describe('Batches in all'),
}).meta({ id: 'TrackingImports' });
export type TTrackingImports = z.infer<typeof ZTrackingImportsSchema>;

/** GET /api/tracking/imports/{id} path parameters. */
export const ZTrackingImportParams = z.object({
  id: z.string().max(100).describe('The batch (UUID)'),
});

/**
 * One IV-MTR piece scan as USPS sends it (field names of the IV-MTR data dictionary, see `ivmtr.ts`). Only `imb` and
 * `scanDatetime` are required (checked with the scan's number in the message); every field may be null or absent, and
 * fields not listed here are passed over, not refused. The snake_case spellings of the delimited files (`scan_date_time`, `scan_event_code`, …) are accepted too.
 */
export const ZIvmtrPieceScanSchema = z.looseObject({
  imb: z.string().max(65).nullish().describe('The Intelligent Mail barcode read: 20-digit tracking code + 0/5/9/11-digit routing code, digits only (IV-MTR "IMb")'),
  scanDatetime: z.string().max(40).nullish().describe('When the piece was scanned: ISO 8601, or "YYYY-MM-DD HH:MM:SS" in the facility\'s local time (IV-MTR "Scan Date Time")'),
  scanEventCode: z.union([z.string().max(20), z.number()]).nullish().describe('USPS operation code of the scan (IV-MTR "Scan Event Code"), e.g. "919"'),
  handlingEventType: z.string().max(20).nullish().describe('IV-MTR "Handling Event Type": P physical scan, A assumed, L logical (e.g. a logical delivery event)'),
  mailPhase: z.string().max(100).nullish().describe('IV-MTR "Mail Phase", e.g. "Phase 3c - Destination Sequenced Carrier Sortation"'),
  scanFacilityZip: z.union([z.string().max(10), z.number()]).nullish().describe('ZIP Code of the scanning facility'),
  scanFacilityCity: z.string().max(100).nullish().describe('City of the scanning facility'),
  scanFacilityState: z.string().max(20).nullish().describe('State of the scanning facility'),
  scanFacilityName: z.string().max(200).nullish().describe('Name of the scanning facility'),
  scanLocaleKey: z.union([z.string().max(20), z.number()]).nullish().describe('USPS locale key of the scanning facility'),
  scanTimeZone: z.string().max(40).nullish().describe('Time zone of the scan time when the feed gives one (IANA name, abbreviation or UTC offset)'),
}).describe('One IV-MTR piece scan');
export type TIvmtrPieceScan = z.infer<typeof ZIvmtrPieceScanSchema>;

/**
 * POST /api/tracking/scans body (public API, scope tracking:post): one piece scan, an array of at most 1,000, or an
 * IV-MTR envelope whose `data` (or `events`) array holds them.
 */
export const ZTrackingPushSchema = z.union([
  z.array(ZIvmtrPieceScanSchema).min(1).max(TRACKING_PUSH_MAX_SCANS).describe('Up to 1,000 piece scans'),
  z.looseObject({
    data: z.array(ZIvmtrPieceScanSchema).max(TRACKING_PUSH_MAX_SCANS).optional().describe('The piece scans of an IV-MTR envelope (up to 1,000)'),
    events: z.array(ZIvmtrPieceScanSchema).max(TRACKING_PUSH_MAX_SCANS).optional().describe('The piece scans, as some IV-MTR push feeds name the array (up to 1,000)'),
  }).describe('An IV-MTR envelope: { "data": [scans…] } (other envelope fields are ignored)'),
  ZIvmtrPieceScanSchema,
]).meta({ id: 'TrackingPush' });
export type TTrackingPush = z.infer<typeof ZTrackingPushSchema>;

/** POST /api/tracking/scans answer: what became of the pushed scans. */
export const ZTrackingPushResultSchema = z.object({
  import_id: z.string().describe('The batch recorded for this push (GET /api/tracking/imports/{id} in the app)'),
  rows: z.number().int().describe('Piece scans received'),
  matched: z.number().int().describe('Scans matched to one of the key owner\'s pieces (new events + duplicates)'),
  stored: z.number().int().describe('New tracking events stored'),
  duplicates: z.number().int().describe('Matched scans already stored before (ignored)'),
  unmatched: z.number().int().describe('Scans whose IMb matches none of the key owner\'s pieces'),
  unmatched_samples: z.array(z.string()).describe('The first 100 unknown IMbs, each once'),
}).meta({ id: 'TrackingPushResult' });
export type TTrackingPushResult = z.infer<typeof ZTrackingPushResultSchema>;

/** POST /api/print-jobs/{jobId}/tracking/simulate answer (docs/requirements/mail-tracking.md#test-mode). */
export const ZTrackingSimulateResultSchema = z.object({
  print_job_id: z.string().describe('The print file'),
  pieces: z.number().int().describe('Pieces whose scans were scheduled'),
  events: z.number().int().describe('Simulated scans scheduled in all (accepted, in_transit, in_local_area, out_for_delivery, delivered per piece)'),
  delivered_by: z.string().describe('ISO 8601 time by which every piece will have reached delivered (within 2 minutes)'),
}).meta({ id: 'TrackingSimulateResult' });
export type TTrackingSimulateResult = z.infer<typeof ZTrackingSimulateResultSchema>;
