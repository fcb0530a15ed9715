import { Liquid } from 'liquidjs';
import { DateTime } from 'luxon';
import { DELIVERY_EVENT_LABELS, DELIVERY_STAGE_LABELS } from '@mailcraft/shared';
import type { MailTracked, ScanRecorded } from '../../jobs/events.js';
import { AppError } from '../../platform/errors.js';

/**
 * Limits of user-authored templates (docs/decisions/README.md#library-choices: liquidjs 10): a template of at most
 * 20,000 characters, rendered in at most 500 ms of work and 2 M units of memory (liquidjs counts
 * string and array allocations), reading only the variables' own properties (`{{ name.constructor }}`
 * is empty), with no file system (`{% include %}` finds nothing).
 */
const LIMITS = { parseLimit: 20_000, renderLimit: 500, memoryLimit: 2_000_000 };

const engine = (html: boolean) => new Liquid({
  ...LIMITS,
  ownPropertyOnly: true,
  templates: {},
  strictFilters: false,
  strictVariables: false,
  ...(html ? { outputEscape: 'escape' as const } : {}),
});
const plain = engine(false);
const escaped = engine(true);

/** The message of a template's syntax error, for the user ('The template could not be read: …'). */
const unreadable = (err: unknown) =>
  new AppError('VALIDATION', `The template could not be read: ${(err instanceof Error ? err.message : String(err)).split('\n')[0].slice(0, 200)}`);

/** Throws VALIDATION (400) when `template` is not valid Liquid or is over the size limit. */
export function checkTemplate(template: string): void {
  try {
    plain.parse(template);
  } catch (err) {
    throw unreadable(err);
  }
}

/**
 * `template` (Liquid) rendered with `variables`; `html` escapes every output for an HTML body.
 * A template over a limit or failing at render time throws VALIDATION with the reason.
 */
export async function renderTemplate(template: string, variables: Record<string, string>, opts: { html?: boolean } = {}): Promise<string> {
  try {
    return await (opts.html ? escaped : plain).parseAndRender(template, variables);
  } catch (err) {
    throw unreadable(err);
  }
}

/** A scan's time as a reader expects it in `zone`: 'Nov 24, 2026, 3:04 PM EST'. */
export const formatScanTime = (iso: string, zone: string): string =>
  DateTime.fromISO(iso, { zone: 'utc' }).setZone(zone).toFormat('LLL d, yyyy, h:mm a ZZZZ');

/**
 * The variables of a scan (docs/requirements/notifications.md#notification field lists): the record's mapped fields
 * (first_name … custom_10, USPS fields, record_id) and scan_timestamp (in `zone`), scan_location
 * ('City, Region, Country' or 'Unknown location'), scan_ip, scan_user_agent and scan_count. The
 * same names fill SMS, email and webhook notifications.
 */
export function scanVariables(scan: ScanRecorded, zone: string): Record<string, string> {
  const place = [scan.location.city, scan.location.region, scan.location.country].filter(Boolean).join(', ');
  return {
    ...scan.fields,
    list_name: scan.listName,
    short_url: scan.shortUrl,
    scan_timestamp: formatScanTime(scan.scannedAt, zone),
    scan_location: place || 'Unknown location',
    scan_ip: scan.ip ?? '',
    scan_user_agent: scan.userAgent ?? '',
    scan_count: String(scan.scanCount),
  };
}

/**
 * The variables of a piece's delivery event (docs/requirements/mail-tracking.md#delivery-events), beside the record's mapped
 * `fields` (empty when the record is gone): `mail_event` ('mail.delivered'), `mail_recipient` (the addressee's full
 * name, else first and last name, else the company, else 'record {record_id}'), `mail_status` ('Delivered'),
 * `mail_stage` (the stage reached, in words), `mail_occurred_at` (the USPS scan's time in `zone`), `mail_facility`
 * ('City, ST 12345', or 'Unknown facility'), `imb`, `mail_simulated` ('yes' or 'no'), `list_name`, `record_id`.
 */
export function deliveryVariables(change: MailTracked, fields: Record<string, string>, listName: string, zone: string): Record<string, string> {
  const recordId = fields.record_id || change.recordId || '';
  const name = fields.full_name || [fields.first_name, fields.last_name].filter(Boolean).join(' ') || fields.company_name;
  const { city, state, zip } = change.facility;
  const place = [city, [state, zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return {
    ...fields,
    list_name: listName,
    record_id: recordId,
    mail_event: change.type,
    mail_recipient: name || (recordId ? `record ${recordId}` : 'an unknown recipient'),
    mail_status: DELIVERY_EVENT_LABELS[change.type],
    mail_stage: DELIVERY_STAGE_LABELS[change.stage],
    mail_occurred_at: formatScanTime(change.occurredAt, zone),
    mail_facility: place || 'Unknown facility',
    imb: change.imb,
    mail_simulated: change.simulated ? 'yes' : 'no',
  };
}

/** Sample values for a test send without a list (docs/requirements/maps.md#api test calls). */
export function sampleVariables(zone: string): Record<string, string> {
  return {
    first_name: 'Jane', middle_name: 'Q', last_name: 'Sample', full_name: 'Jane Q Sample', company_name: 'Sample Co',
    email: 'jane.sample@example.com', phone: '555-123-4567', cell_phone: '555-765-4321',
    address: '123 Main St', address_2: 'Suite 4', city: 'Springfield', state: 'IL', zip: '62701',
    city_state_zip: 'Springfield, IL 62701', record_id: 'sample', list_name: 'Sample list', short_url: 'https://example.com/abc',
    scan_timestamp: formatScanTime(new Date().toISOString(), zone), scan_location: 'Springfield, Illinois, US',
    scan_ip: '203.0.113.7', scan_user_agent: 'Mozilla/5.0 (iPhone)', scan_count: '1',
  };
}
