import { ADDRESS_FIELDS, type TAddress } from '@mailcraft/shared';
import type { PrintedRecord } from '../print/printed-record.js';

/**
 * A record as the API's Address (shared ZAddressSchema; docs/requirements/print-on-demand-api.md#address): its
 * printed fields flat, each of ADDRESS_FIELDS present (null when the list does not map it; the
 * internal USPS fields left out), `record_id` the list's own record_id value else the record's id,
 * `row` from 1, `created_at` its list's creation (records keep no time of their own).
 */
export function presentAddress(list: { id: string; createdAt: Date }, record: PrintedRecord): TAddress {
  const fields = Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, record.fields[f] ?? null])) as Pick<TAddress, (typeof ADDRESS_FIELDS)[number]>;
  return {
    id: record.id, mailing_list_id: list.id, ...fields, record_id: record.fields.record_id || record.id,
    row: record.rowIndex + 1, excluded: record.excluded, created_at: list.createdAt.toISOString(),
  };
}
