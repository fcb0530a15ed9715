import { mapRecord, requiredAddressParts, type FieldSettings, type Mappings } from '@mailcraft/shared';
import type { MailingListRow } from '../mailing-lists/mailing-lists.service.js';
import { ADDRESS_LINE_MAX } from './address-rules.js';
import type { AddressIssue, AddressRecord } from './address-verifier.js';

/** A list with the mappings in force, as the column-mappings module answers it. */
export type MappedList = { list: MailingListRow; mappings: Mappings; fieldSettings: FieldSettings };
/** A record as the address check reads it: raw values in header order and its edits (docs/requirements/print.md#print), the issue codes the user ignored included. */
export type EditedRecord = { id: string; rowIndex: number; values: string[]; overrides: Record<string, string>; excluded: boolean; ignoredIssues: string[] };
/**
 * One record read for checking: `parts` the checked fields' values (trimmed, accepted fixes
 * applied, not capitalized: the checks ignore case), `address` what the verifier gets.
 */
export type ReadRecord = { record: EditedRecord; parts: Record<string, string>; address: AddressRecord };

/** Fields a fix may set: the address parts (docs/requirements/print.md#print). */
export const FIXABLE_FIELDS = new Set(['address', 'address_2', 'city', 'state', 'zip', 'city_state_zip']);
/** The fields the check reads: the address block's. */
const CHECKED_FIELDS = new Set([...FIXABLE_FIELDS, 'first_name', 'middle_name', 'last_name', 'full_name', 'company_name', 'full_name_mail', 'imbno', 'encodedimbno']);

/** 'Springfield, IL 62701' → its parts (a last line mapped as one column); unparsed text stays the city. */
function splitLastLine(line: string): { city: string; state: string; zip: string } {
  const m = /^(.*?)[,\s]+([A-Za-z]{2})\s+(\d{3,5}(?:-?\d{4})?)$/.exec(line);
  return m ? { city: m[1].trim(), state: m[2], zip: m[3] } : { city: line, state: '', zip: '' };
}

const len = (v: string | undefined) => v?.length ?? 0;

/**
 * How the address check reads one list's records (docs/requirements/print.md#print). `read` takes only the checked
 * columns — 100,000 records must check in 3 s — while `printed` is the record exactly as it prints
 * (shared `mapRecord`), used for the few records that need it: a name to show, a line that may be
 * too long. The ZIP is read as imported, so a lost leading zero is seen.
 */
export function recordReader(src: MappedList) {
  const mappings = Object.fromEntries(Object.entries(src.mappings).filter(([, field]) => CHECKED_FIELDS.has(field)));
  const columns = src.list.headers.map((h, i) => [i, mappings[h]] as const).filter(([, field]) => field !== undefined);
  const combined = requiredAddressParts(mappings).includes('city_state_zip');
  return {
    /** Whether the list maps its last line as one column (`city_state_zip`). */
    combined,
    read(record: EditedRecord): ReadRecord {
      const parts: Record<string, string> = {};
      for (const [i, field] of columns) {
        const v = record.values[i];
        if (v) parts[field] = v.trim();
      }
      for (const field in record.overrides) parts[field] = record.overrides[field].trim();
      const last = combined ? splitLastLine(parts.city_state_zip ?? '') : { city: parts.city ?? '', state: parts.state ?? '', zip: parts.zip ?? '' };
      return { record, parts, address: { id: record.id, address: parts.address ?? '', address2: parts.address_2 ?? '', ...last } };
    },
    /** The record's fields as they print (capitalized, derived fields filled). */
    printed: (record: EditedRecord) => mapRecord(src.list.headers, record.values, mappings, src.fieldSettings, record.overrides),
  };
}

/** Whether any address-block line of the record could exceed ADDRESS_LINE_MAX (an upper bound on each printed line). */
export function mayOverflow({ parts, address }: ReadRecord): boolean {
  const names = len(parts.first_name) + len(parts.middle_name) + len(parts.last_name) + 2;
  const lastLine = len(address.city) + len(address.state) + len(address.zip) + 5;
  return Math.max(len(parts.full_name_mail), len(parts.full_name), len(parts.company_name), names, len(address.address), len(address.address2),
    len(parts.city_state_zip), lastLine) > ADDRESS_LINE_MAX;
}

/** The name two records must share to be the same recipient: the full name (else first, middle, last), else the company. */
export const recipientName = (parts: Record<string, string>) =>
  parts.full_name || `${parts.first_name ?? ''} ${parts.middle_name ?? ''} ${parts.last_name ?? ''}`.trim() || parts.company_name || '';

/** A verifier's fixes as overrides: only address parts; a last line mapped as one column gets it recomposed. */
export function overridesOf(issue: AddressIssue, read: ReadRecord, combined: boolean): Record<string, string> {
  const fixes = Object.fromEntries(Object.entries(issue.fixes ?? {}).filter(([f]) => FIXABLE_FIELDS.has(f)));
  if (!combined || !['city', 'state', 'zip'].some((f) => f in fixes)) return fixes;
  const a = { ...read.address, ...fixes };
  const { city: _c, state: _s, zip: _z, ...rest } = fixes;
  return { ...rest, city_state_zip: `${a.city}, ${a.state} ${a.zip}`.trim() };
}
