/**
 * Mapping target fields and the pure mapping rules of docs/requirements/projects.md#data
 */

/** Standard target fields (docs/requirements/mailing-lists.md#mappings). */
export const STANDARD_FIELDS = [
  'first_name', 'middle_name', 'last_name', 'full_name', 'company_name', 'email', 'phone', 'cell_phone',
  'address', 'address_2', 'city', 'state', 'zip', 'city_state_zip', 'record_id', 'full_name_mail',
] as const;
/** USPS presort fields (docs/requirements/projects.md#data). */
export const USPS_FIELDS = ['no', 'ase', 'oel', 'presorttrayid', 'presortdate', 'imbno', 'encodedimbno', 'sequence'] as const;
/** Custom fields custom_1 … custom_10 (docs/requirements/projects.md#data). */
export const CUSTOM_FIELDS = Array.from({ length: 10 }, (_, i) => `custom_${i + 1}`);
/** Fields hidden from the mapping screen (docs/requirements/projects.md#data). */
export const HIDDEN_FIELDS = ['sequence', 'full_name_mail'];

/** Human-readable names of the target fields (docs/requirements/mailing-lists.md#mappings). */
export const FIELD_LABELS: Record<string, string> = {
  first_name: 'First Name',
  middle_name: 'Middle Name',
  last_name: 'Last Name',
  full_name: 'Full Name',
  company_name: 'Company Name',
  email: 'Email',
  phone: 'Phone',
  cell_phone: 'Cell Phone',
  address: 'Address',
  address_2: 'Address 2',
  city: 'City',
  state: 'State',
  zip: 'ZIP Code',
  city_state_zip: 'City, State ZIP',
  record_id: 'Record ID',
  full_name_mail: 'Addressee',
  no: 'No.',
  ase: 'ASE',
  oel: 'OEL',
  presorttrayid: 'Presort Tray ID',
  presortdate: 'Presort Date',
  imbno: 'IMb Number',
  encodedimbno: 'Encoded IMb',
  sequence: 'Sequence',
};

/** A target field's display label: 'first_name' → 'First Name', 'custom_3' → 'Custom 3'. */
export function fieldLabel(field: string): string {
  const custom = /^custom_(\d+)$/.exec(field);
  if (custom) return `Custom ${custom[1]}`;
  return FIELD_LABELS[field] ?? field.replace(/_/g, ' ').replace(/\b\p{L}/gu, (c) => c.toUpperCase());
}

export const TARGET_FIELDS: string[] = [...STANDARD_FIELDS, ...USPS_FIELDS, ...CUSTOM_FIELDS];

export const CAPITALIZATIONS = ['original', 'upper', 'lower', 'title', 'sentence'] as const;
export type Capitalization = (typeof CAPITALIZATIONS)[number];

/** Column name → target field name (docs/requirements/projects.md#data). Several columns may map to one custom field. */
export type Mappings = Record<string, string>;
/** Per target field settings (docs/requirements/projects.md#data fieldSettings). */
export type FieldSettings = { capitalization?: Record<string, Capitalization> };

export const isUspsField = (f: string) => (USPS_FIELDS as readonly string[]).includes(f);
export const isCustomField = (f: string) => /^custom_(10|[1-9])$/.test(f);

const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Auto-matches a header to a target field (docs/requirements/projects.md#rules): the header is lowercased and stripped of
 * non-alphanumerics, then compared with target names with underscores ignored. Hidden fields are
 * never matched. Returns null for no match.
 */
export function autoMatchField(header: string): string | null {
  const key = squash(header);
  if (!key) return null;
  return TARGET_FIELDS.find((f) => !HIDDEN_FIELDS.includes(f) && squash(f) === key) ?? null;
}

/**
 * Auto-mapping for a whole header row: each non-custom target is used by one column at most
 * (docs/requirements/projects.md#rules), the first column wins.
 */
export function autoMap(headers: string[]): Mappings {
  const used = new Set<string>();
  const out: Mappings = {};
  for (const h of headers) {
    const f = autoMatchField(h);
    if (f && !used.has(f)) {
      used.add(f);
      out[h] = f;
    }
  }
  return out;
}

/**
 * Applies a capitalization mode to a value (docs/requirements/projects.md#data). `title` capitalises each word,
 * `sentence` the first letter of the value and lowercases the rest.
 */
export function applyCapitalization(value: string, mode: Capitalization | undefined): string {
  switch (mode) {
    case 'upper': return value.toUpperCase();
    case 'lower': return value.toLowerCase();
    case 'title': return value.toLowerCase().replace(/(^|[\s\-/'(])(\p{L})/gu, (_, p: string, c: string) => p + c.toUpperCase());
    case 'sentence': {
      const lower = value.toLowerCase();
      return lower.replace(/\p{L}/u, (c) => c.toUpperCase());
    }
    default: return value;
  }
}

/**
 * Restores a ZIP code's leading zeros: spreadsheets store ZIPs as numbers, so 08014 arrives as 8014
 * (and 08014-1234 as 8014-1234). Only applied to the `zip` field.
 */
export function normalizeZip(value: string): string {
  const m = /^(\d{3,4})(-\d{4})?$/.exec(value.trim());
  return m ? m[1].padStart(5, '0') + (m[2] ?? '') : value;
}

/**
 * Turns one raw record (values in header order) into target-field values (docs/requirements/projects.md#data):
 * mapped columns by target, several columns for a custom field joined by a space, capitalization
 * for mapped non-USPS fields, ZIP zero-padding. Values are stored as imported; this runs at use.
 * `overrides` (a record's accepted address fixes, docs/requirements/print.md#print: standard field → value) replace the
 * mapped values of their fields before capitalization and derived fields.
 */
export function mapRecord(
  headers: string[],
  values: string[],
  mappings: Mappings,
  settings: FieldSettings = {},
  overrides: Record<string, string> = {},
): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((h, i) => {
    const target = mappings[h];
    if (!target) return;
    const raw = (values[i] ?? '').trim();
    out[target] = out[target] && isCustomField(target) ? `${out[target]} ${raw}`.trim() : raw;
  });
  for (const [field, value] of Object.entries(overrides)) out[field] = value.trim();
  for (const [field, value] of Object.entries(out)) {
    let v = field === 'zip' ? normalizeZip(value) : value;
    if (!isUspsField(field)) v = applyCapitalization(v, settings.capitalization?.[field]);
    out[field] = v;
  }
  return withDerivedFields(out);
}

/**
 * One cell as it prints under the field its column maps to (docs/requirements/workflow.md#clear-states-and-fast-pages: the Data Preview shows values
 * as they will print): trimmed, a ZIP padded to 5 digits (08014, not 8014), capitalised as the
 * field's setting says (not USPS fields). An unmapped column's value is shown as is.
 */
export function printedCell(value: string, field: string | undefined, settings: FieldSettings = {}): string {
  if (!field) return value;
  let v = value.trim();
  if (field === 'zip') v = normalizeZip(v);
  if (!isUspsField(field)) v = applyCapitalization(v, settings.capitalization?.[field]);
  return v;
}

/**
 * Fields `withDerivedFields` fills from others: one of the sources mapped is enough for the
 * field to print something. `full_name_mail` always prints (at worst 'Current Resident').
 */
export const DERIVED_FIELD_SOURCES: Record<string, readonly string[]> = {
  full_name: ['first_name', 'middle_name', 'last_name'],
  city_state_zip: ['city', 'state', 'zip'],
  full_name_mail: [],
};

/**
 * The fields of `used` that print nothing for every record because no column maps to them nor to
 * a field they are derived from (docs/requirements/workflow.md#clear-states-and-fast-pages: the preview warns before printing). `mappings` is the
 * list's column → field map.
 */
export function unmappedFields(used: readonly string[], mappings: Mappings): string[] {
  const mapped = new Set(Object.values(mappings));
  return used.filter((f) => {
    if (mapped.has(f)) return false;
    const sources = DERIVED_FIELD_SOURCES[f];
    if (!sources) return true;
    return sources.length > 0 && !sources.some((s) => mapped.has(s));
  });
}

/**
 * The address parts a deliverable mail piece needs (USPS Pub 28: delivery address line and last
 * line): `address`, and `city`, `state`, `zip` — or `city_state_zip` when the list maps the last
 * line as one column.
 */
export function requiredAddressParts(mappings: Mappings): string[] {
  const mapped = new Set(Object.values(mappings));
  return mapped.has('city_state_zip') && !['city', 'state', 'zip'].some((f) => mapped.has(f))
    ? ['address', 'city_state_zip']
    : ['address', 'city', 'state', 'zip'];
}

/**
 * Fills fields a mailer commonly prints but a list rarely holds, when they are not mapped:
 * full_name from first/middle/last, city_state_zip as 'City, ST 12345' (USPS Pub 28 last line),
 * full_name_mail as the full name or company, else 'Current Resident'.
 */
export function withDerivedFields(f: Record<string, string>): Record<string, string> {
  const out = { ...f };
  if (!out.full_name) out.full_name = [out.first_name, out.middle_name, out.last_name].filter(Boolean).join(' ');
  if (!out.city_state_zip && (out.city || out.state || out.zip)) {
    out.city_state_zip = `${[out.city, out.state].filter(Boolean).join(', ')} ${out.zip ?? ''}`.trim();
  }
  if (!out.full_name_mail) out.full_name_mail = out.full_name || out.company_name || 'Current Resident';
  return out;
}
