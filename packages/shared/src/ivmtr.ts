import type { MailStage } from './tracking.js';

/**
 * USPS Informed Visibility Mail Tracking & Reporting (IV-MTR) piece-scan data as the product reads it
 * (docs/requirements/mail-tracking.md#scan-data).
 *
 * Sources:
 * - USPS, "Informed Visibility® Mail Tracking & Reporting External Facing Data Dictionary" (PostalPro): the piece
 *   record's attributes, each with a display name (the delimited files' header) and a JSON field name (camelCase:
 *   `imb`, `scanDatetime`, `scanEventCode`, `scanFacilityZip` …).
 * - USPS, "IV Mail Tracking & Reporting User Guide" (PostalPro): mail phases, handling event types (physical, assumed
 *   and logical handling events, logical delivery events) and the delivery methods (delimited file, JSON file, API).
 * - USPS, "IV-MTR API Developer Toolkit" (PostalPro): the pull API (see the server's `ivmtr-client.ts`).
 *
 * Field names are written here as those documents name them. Some feeds (the pull API's answers, older delimited
 * layouts) spell the same attributes in snake_case or as display names ("Scan Date Time"): every spelling is read
 * through `ivmtrFieldKey`, which drops case, spaces, underscores and dashes.
 */

/** The piece-scan attributes the product reads, by the data dictionary's JSON field name. */
export const IVMTR_PIECE_FIELDS = {
  imb: 'IMb: the 31-digit-at-most Intelligent Mail barcode read (20-digit tracking code + 0/5/9/11-digit routing code)',
  imbTrackingCode: 'IMb Tracking Code: Barcode ID + Service Type ID + Mailer ID + serial number (20 digits)',
  imbRoutingCode: 'IMb Routing Code: the delivery ZIP, ZIP+4 or ZIP+4+delivery point (0, 5, 9 or 11 digits)',
  imbMid: 'IMb Mailer ID (6 or 9 digits)',
  imbSerialNumber: 'IMb serial number (9 digits with a 6-digit MID, 6 with a 9-digit MID)',
  scanDatetime: 'Scan Date Time: when the piece was scanned',
  scanEventCode: 'Scan Event Code: the USPS operation code of the scan (the sorting operation or delivery event)',
  handlingEventType: 'Handling Event Type: physical, assumed (from nesting) or logical (e.g. a logical delivery event); the letter codes P, A, L are our reading of the User Guide',
  handlingEventTypeDescription: 'Handling Event Type Description',
  mailPhase: 'Mail Phase: the phase of the mail\'s journey the scan belongs to (origin processing, destination processing, delivery …)',
  scanFacilityZip: 'Scan Facility ZIP',
  scanFacilityCity: 'Scan Facility City',
  scanFacilityState: 'Scan Facility State',
  scanFacilityName: 'Scan Facility Name',
  scanLocaleKey: 'Scan Locale Key: USPS facility locale key',
  machineName: 'Machine Name: the sorter that read the barcode',
  scannerType: 'Scanner Type',
  ldeDeliveryMode: 'LDE Delivery Mode: set on a logical delivery event',
  ldeTriggerMethod: 'LDE Trigger Method: what triggered a logical delivery event',
  startTheClockDate: 'Start-the-Clock Date: the day USPS counts the mailing as accepted',
} as const;
export type IvmtrPieceField = keyof typeof IVMTR_PIECE_FIELDS;

/**
 * Fields the data dictionary does not list for piece records but feeds send: the scan time's zone (the product's own
 * name `scanTimeZone`), and a free-text event description some feeds add. Read when present.
 */
export const IVMTR_EXTRA_FIELDS = {
  scanTimeZone: 'Time zone of Scan Date Time: an IANA name, a US abbreviation (EST, CDT …) or a UTC offset',
  scanEventDescription: 'A description of the scan event, when the feed sends one',
} as const;
export type IvmtrField = IvmtrPieceField | keyof typeof IVMTR_EXTRA_FIELDS;

/** A field name, header or snake_case spelling reduced to the key `IVMTR_FIELD_ALIASES` is keyed by: lower case, letters and digits only. */
export const ivmtrFieldKey = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Every spelling read for each attribute, as `ivmtrFieldKey` reduces it: the JSON field name (`scanDatetime`), the
 * snake_case one (`scan_date_time`) and the display name ("Scan Date Time") all reduce to `scandatetime`; the others
 * are names seen in delimited layouts ("Operation Code", "Facility ZIP").
 */
export const IVMTR_FIELD_ALIASES: Record<string, IvmtrField> = Object.fromEntries(([
  ['imb', ['imb', 'intelligentmailbarcode', 'imbarcode', 'barcode']],
  ['imbTrackingCode', ['imbtrackingcode', 'trackingcode']],
  ['imbRoutingCode', ['imbroutingcode', 'routingcode', 'routingcodeimbmatchingportion']],
  ['imbMid', ['imbmid', 'mailerid', 'mid']],
  ['imbSerialNumber', ['imbserialnumber', 'serialnumber']],
  ['scanDatetime', ['scandatetime', 'scandate', 'scantimestamp', 'eventdatetime']],
  ['scanEventCode', ['scaneventcode', 'operationcode', 'opcode', 'eventcode']],
  ['handlingEventType', ['handlingeventtype']],
  ['handlingEventTypeDescription', ['handlingeventtypedescription']],
  ['mailPhase', ['mailphase']],
  ['scanFacilityZip', ['scanfacilityzip', 'scanfacilityzipcode', 'facilityzip']],
  ['scanFacilityCity', ['scanfacilitycity', 'facilitycity']],
  ['scanFacilityState', ['scanfacilitystate', 'facilitystate']],
  ['scanFacilityName', ['scanfacilityname', 'facilityname']],
  ['scanLocaleKey', ['scanlocalekey', 'localekey']],
  ['machineName', ['machinename']],
  ['scannerType', ['scannertype']],
  ['ldeDeliveryMode', ['ldedeliverymode']],
  ['ldeTriggerMethod', ['ldetriggermethod']],
  ['startTheClockDate', ['starttheclockdate']],
  ['scanTimeZone', ['scantimezone', 'timezone', 'scantz', 'scandatetimetimezone']],
  ['scanEventDescription', ['scaneventdescription', 'eventdescription', 'operationdescription']],
] as Array<[IvmtrField, string[]]>).flatMap(([field, keys]) => keys.map((k) => [k, field])));

/**
 * Operation codes (IV-MTR `scanEventCode`) the product maps to a stage, each with what it means. USPS publishes the
 * operation codes on PostalPro; the meanings below are the product's reading of them and of the IV-MTR User Guide,
 * not a copy of USPS's list — where the exact USPS wording is not known to us the description says what the code is
 * taken for, and the code's stage is the conservative one (an earlier stage, never `delivered` on a guess).
 *
 * - 918, 919: delivery point sequencing (DPS) second pass: the letters are in the carrier's walk sequence, which in
 *   IMb tracing practice is the last sort before the street — read as `out_for_delivery`.
 * - 891–896, 911–917: further DPS / carrier sequencing sorts at the delivery unit's plant; their exact pass is not known
 *   to us, so they are read as `in_local_area` (sorted for the destination, not yet sequenced for the carrier).
 * - The two-character codes (01, 03, 07, 10, OF, and 04–05 and 21–31 for mail returned as undeliverable) are USPS
 *   Tracking event codes of carrier (handheld) and delivery unit events. Whether IV-MTR piece scans carry them is not
 *   known to us; they are read when a feed sends them. 01 "Delivered" is the only code read as `delivered` — an IV-MTR
 *   logical delivery event (LDE fields set) is the other way a piece is delivered.
 * Every other code keeps its code and is read as `in_transit`, unless its mail phase says more (`ivmtrStage`).
 */
export const IVMTR_OPERATION_CODES: Record<string, { stage: MailStage; description: string }> = {
  '918': { stage: 'out_for_delivery', description: 'Delivery point sequencing (DPS), second pass: sorted in the carrier\'s walk sequence' },
  '919': { stage: 'out_for_delivery', description: 'Delivery point sequencing (DPS), second pass: sorted in the carrier\'s walk sequence' },
  ...Object.fromEntries(['891', '892', '893', '894', '895', '896', '911', '912', '913', '914', '915', '916', '917'].map((op) => [op,
    { stage: 'in_local_area' as const, description: 'Destination sort for the delivery unit (delivery point / carrier sequencing pass; exact pass not known)' }])),
  '01': { stage: 'delivered', description: 'Delivered' },
  '03': { stage: 'accepted', description: 'Accepted at the USPS origin facility' },
  '07': { stage: 'in_local_area', description: 'Arrived at the delivery unit' },
  '10': { stage: 'in_transit', description: 'Processed through a USPS facility' },
  OF: { stage: 'out_for_delivery', description: 'Out for delivery' },
  '04': { stage: 'returned_to_sender', description: 'Refused by the addressee: returned to sender' },
  '05': { stage: 'returned_to_sender', description: 'Undeliverable as addressed: returned to sender' },
  '21': { stage: 'returned_to_sender', description: 'No such number: returned to sender' },
  '22': { stage: 'returned_to_sender', description: 'Insufficient address: returned to sender' },
  '23': { stage: 'returned_to_sender', description: 'Moved, left no address: returned to sender' },
  '24': { stage: 'returned_to_sender', description: 'Forward expired: returned to sender' },
  '25': { stage: 'returned_to_sender', description: 'Addressee unknown: returned to sender' },
  '26': { stage: 'returned_to_sender', description: 'Vacant: returned to sender' },
  '27': { stage: 'returned_to_sender', description: 'Unclaimed: returned to sender' },
  '28': { stage: 'returned_to_sender', description: 'Deceased: returned to sender' },
  '29': { stage: 'returned_to_sender', description: 'Returned to sender' },
  '31': { stage: 'returned_to_sender', description: 'Returned to sender: processed' },
};

/**
 * Words of the text fields (`mailPhase`, `handlingEventTypeDescription`, `scanEventDescription`) that say a piece
 * is being returned or forwarded (USPS PARS, the Postal Automated Redirection System, and carrier UAA handling).
 * The data dictionary gives no dedicated flag for either on a piece scan that we know of, so the product reads them
 * from these words and from the return event codes above; a return or forward always shows (docs/requirements/mail-tracking.md#stages).
 */
export const IVMTR_RETURN_WORDS = /\b(return(ed)? to sender|rts|returned)\b/i;
/** Words that say a piece is being forwarded (see IVMTR_RETURN_WORDS). */
export const IVMTR_FORWARD_WORDS = /\bforward(ed|ing)?\b/i;

/**
 * Mail phases (IV-MTR `mailPhase`, IV-MTR User Guide) read as a stage when the operation code is not in
 * IVMTR_OPERATION_CODES. Checked in order; the phase names USPS uses read "Phase 1 - Origin Processing",
 * "Phase 3c - Destination Sequenced Carrier Sortation" and the like, so the words, not the numbers, decide.
 */
export const IVMTR_MAIL_PHASES: ReadonlyArray<{ words: RegExp; stage: MailStage; description: string }> = [
  { words: /\bdelivered\b/i, stage: 'delivered', description: 'Delivered' },
  { words: /sequenced carrier|carrier sort|out for delivery/i, stage: 'out_for_delivery', description: 'Sequenced for the carrier (last sort before delivery)' },
  { words: /destination|delivery unit/i, stage: 'in_local_area', description: 'Destination processing' },
  { words: /accept|induct|start.the.clock/i, stage: 'accepted', description: 'Accepted' },
  { words: /origin|transit|network/i, stage: 'in_transit', description: 'Origin processing / in transit' },
];

/** What the product reads from one scan to choose its stage (IV-MTR field names; missing fields are undefined). */
export type IvmtrStageInput = {
  scanEventCode?: string;
  handlingEventType?: string;
  handlingEventTypeDescription?: string;
  mailPhase?: string;
  scanEventDescription?: string;
  ldeDeliveryMode?: string;
  ldeTriggerMethod?: string;
};

/**
 * The normalised stage of one IV-MTR piece scan, in this order:
 * 1. a return (a return event code, or "return to sender" in the text fields) → `returned_to_sender`;
 * 2. a forward ("forward" in the text fields) → `forwarded`;
 * 3. a logical delivery event (LDE delivery mode or trigger method set, IV-MTR User Guide) → `delivered`;
 * 4. a known operation code (IVMTR_OPERATION_CODES);
 * 5. the mail phase's words (IVMTR_MAIL_PHASES);
 * 6. otherwise `in_transit` (an unknown code is kept as it came, with no description).
 */
export function ivmtrStage(scan: IvmtrStageInput): MailStage {
  const code = scan.scanEventCode?.trim().toUpperCase() ?? '';
  const known = IVMTR_OPERATION_CODES[code];
  const text = [scan.mailPhase, scan.handlingEventTypeDescription, scan.scanEventDescription].filter(Boolean).join(' ');
  if (known?.stage === 'returned_to_sender' || IVMTR_RETURN_WORDS.test(text)) return 'returned_to_sender';
  if (IVMTR_FORWARD_WORDS.test(text)) return 'forwarded';
  if (scan.ldeDeliveryMode?.trim() || scan.ldeTriggerMethod?.trim()) return 'delivered';
  if (known) return known.stage;
  const phase = scan.mailPhase ? IVMTR_MAIL_PHASES.find((p) => p.words.test(scan.mailPhase!)) : undefined;
  return phase?.stage ?? 'in_transit';
}

/** What an operation code means (IVMTR_OPERATION_CODES, or the simulated codes), or null for a code the product does not know. */
export function ivmtrOperationDescription(code: string): string | null {
  return IVMTR_OPERATION_CODES[code.trim().toUpperCase()]?.description ?? SIMULATED_OPERATIONS[code]?.description ?? null;
}

/**
 * The operation codes of simulated scans (test mode, docs/requirements/mail-tracking.md#test-mode): never USPS codes
 * (they start with "SIM-"), one per stage of a piece's journey.
 */
export const SIMULATED_OPERATIONS: Record<string, { stage: MailStage; description: string }> = {
  'SIM-ACCEPT': { stage: 'accepted', description: 'Simulated: accepted at the origin facility' },
  'SIM-TRANSIT': { stage: 'in_transit', description: 'Simulated: processed at the origin plant' },
  'SIM-LOCAL': { stage: 'in_local_area', description: 'Simulated: arrived at the destination plant' },
  'SIM-OFD': { stage: 'out_for_delivery', description: 'Simulated: sorted in the carrier\'s walk sequence' },
  'SIM-DELIVERED': { stage: 'delivered', description: 'Simulated: delivered' },
};
