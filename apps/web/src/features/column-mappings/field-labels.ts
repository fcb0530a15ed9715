import { CUSTOM_FIELDS, HIDDEN_FIELDS, STANDARD_FIELDS, USPS_FIELDS } from '@mailcraft/shared';

/** Human-readable names of the target fields (spec 000 §3 Mappings). */
const LABELS: Record<string, string> = {
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
  city_state_zip: 'City, State, ZIP',
  record_id: 'Record ID',
  full_name_mail: 'Full Name (Mail)',
  no: 'No.',
  ase: 'ASE',
  oel: 'OEL',
  presorttrayid: 'Presort Tray ID',
  presortdate: 'Presort Date',
  imbno: 'IMb Number',
  encodedimbno: 'Encoded IMb',
  sequence: 'Sequence',
};

/** What the USPS presort columns hold, for the hint under their names. */
export const FIELD_HINTS: Record<string, string> = {
  no: 'Presort record number',
  ase: 'Ancillary service endorsement',
  oel: 'Optional endorsement line',
  presorttrayid: 'Tray the piece is sorted into',
  presortdate: 'Date of the presort',
  imbno: 'Intelligent Mail barcode digits',
  encodedimbno: 'Intelligent Mail barcode, encoded for the font',
  city_state_zip: 'One column holding the whole last line',
};

/** 'first_name' → 'First Name'; custom_3 → 'Custom 3'. */
export function fieldLabel(field: string): string {
  const custom = /^custom_(\d+)$/.exec(field);
  if (custom) return `Custom ${custom[1]}`;
  return LABELS[field] ?? field.replace(/_/g, ' ').replace(/\b\p{L}/gu, (c) => c.toUpperCase());
}

const visible = (fields: readonly string[]) => fields.filter((f) => !HIDDEN_FIELDS.includes(f));

/**
 * The mapping screen's groups (spec 000 §2): Mailing List Fields (expanded first), USPS Fields and
 * Custom Fields; hidden fields (sequence, full_name_mail, §3) are left out.
 */
export const FIELD_GROUPS = [
  { key: 'standard', title: 'Mailing List Fields', fields: visible(STANDARD_FIELDS) },
  { key: 'usps', title: 'USPS Fields', fields: visible(USPS_FIELDS) },
  { key: 'custom', title: 'Custom Fields', fields: visible(CUSTOM_FIELDS) },
] as const;
