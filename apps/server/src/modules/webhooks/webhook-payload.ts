import { CUSTOM_FIELDS, type TDeliveryEvent, type TWebhookScanEvent, type WebhookIncludedField } from '@mailcraft/shared';
import type { MailTracked, ScanRecorded } from '../../jobs/events.js';

/** The record fields `contact_info` carries (docs/requirements/mailing-lists.md#mappings, standard fields). */
const CONTACT_FIELDS = [
  'first_name', 'middle_name', 'last_name', 'full_name', 'company_name', 'email', 'phone', 'cell_phone',
  'address', 'address_2', 'city', 'state', 'zip', 'city_state_zip',
];

const pick = (fields: Record<string, string>, keys: string[]) =>
  Object.fromEntries(keys.filter((k) => fields[k]).map((k) => [k, fields[k]]));

/**
 * The body of a scan delivery (Standard Webhooks `{type, timestamp, data}`; shared
 * ZWebhookScanEventSchema): the list, record, short link and scan count always, then only the
 * webhook's `included_fields` (docs/requirements/webhooks.md#webhook) — contact_info, scan_location (place and
 * device), scan_timestamp, custom_fields.
 */
export function scanEventBody(type: string, scan: ScanRecorded, included: readonly WebhookIncludedField[]): TWebhookScanEvent {
  const has = (f: WebhookIncludedField) => included.includes(f);
  return {
    type,
    timestamp: scan.scannedAt,
    data: {
      scan_id: scan.scanId,
      mailing_list: { id: scan.listId, name: scan.listName },
      record_id: scan.recordId,
      short_link: scan.shortUrl,
      scan_count: scan.scanCount,
      ...(has('scan_timestamp') ? { scan_timestamp: scan.scannedAt } : {}),
      ...(has('scan_location') ? { location: scan.location, device: scan.device } : {}),
      ...(has('contact_info') ? { contact: pick(scan.fields, CONTACT_FIELDS) } : {}),
      ...(has('custom_fields') ? { custom_fields: pick(scan.fields, CUSTOM_FIELDS) } : {}),
    },
  };
}

/**
 * The body of a delivery event delivery (docs/requirements/mail-tracking.md#delivery-events; shared ZDeliveryEventSchema):
 * `{type, timestamp, data}` with the piece, its stage change and where it was scanned — the same for a list's
 * webhooks and the account's order webhooks; `timestamp` is the scan's time.
 */
export function deliveryEventBody(change: MailTracked): TDeliveryEvent {
  return {
    type: change.type,
    timestamp: change.occurredAt,
    data: {
      piece_id: change.pieceId,
      print_job_id: change.printJobId,
      order_id: change.orderId,
      record_id: change.recordId,
      imb: change.imb,
      stage: change.stage,
      previous_stage: change.previousStage,
      occurred_at: change.occurredAt,
      facility: change.facility,
      simulated: change.simulated,
    },
  };
}
