import { CUSTOM_FIELDS, HIDDEN_FIELDS, STANDARD_FIELDS, USPS_FIELDS } from '@mailcraft/shared';

export { fieldLabel } from '@mailcraft/shared';

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

const visible = (fields: readonly string[]) => fields.filter((f) => !HIDDEN_FIELDS.includes(f));

/**
 * The mapping screen's groups (docs/requirements/workflow.md#route-table): Mailing List Fields (expanded first), USPS Fields and
 * Custom Fields; hidden fields (sequence, full_name_mail, §3) are left out.
 */
export const FIELD_GROUPS = [
  { key: 'standard', title: 'Mailing List Fields', fields: visible(STANDARD_FIELDS) },
  { key: 'usps', title: 'USPS Fields', fields: visible(USPS_FIELDS) },
  { key: 'custom', title: 'Custom Fields', fields: visible(CUSTOM_FIELDS) },
] as const;
