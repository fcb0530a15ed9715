import { CUSTOM_FIELDS, HIDDEN_FIELDS, STANDARD_FIELDS } from '@mailcraft/shared';

/** Fields a new recipient must have (docs/requirements/print-on-demand-api.md#order-form-rules): first name, last name, address, city, state, zip. */
export const REQUIRED_RECIPIENT_FIELDS = ['first_name', 'last_name', 'address', 'city', 'state', 'zip'] as const;
const REQUIRED = new Set<string>(REQUIRED_RECIPIENT_FIELDS);

/** Values typed for a new recipient: target field → text as typed. */
export type RecipientDraft = Record<string, string>;

/**
 * The inputs of the 'Add new recipient' form for a list whose GET /api/mappings answer has
 * `mappings` (target field → column; undefined while unknown), in the order of the standard fields
 * then custom_1…custom_10 (docs/requirements/print-on-demand-api.md#order-form-rules): a standard field only when the list maps it, a custom field
 * only when mapped. The six required fields are always offered, mapped or not: the order API
 * refuses a recipient without them (ZRecipientDataSchema), so hiding one would make the form
 * impossible to complete. Internal fields (full_name_mail, sequence, USPS presort) never appear.
 */
export function newRecipientFields(mappings: Record<string, string> | undefined): string[] {
  const mapped = (field: string) => !!mappings && Object.prototype.hasOwnProperty.call(mappings, field);
  const standard = STANDARD_FIELDS.filter((f) => !HIDDEN_FIELDS.includes(f) && (REQUIRED.has(f) || mapped(f)));
  return [...standard, ...CUSTOM_FIELDS.filter(mapped)];
}

/** Whether `field` must be filled (docs/requirements/print-on-demand-api.md#order-form-rules). */
export const isRequiredField = (field: string) => REQUIRED.has(field);

/** The required fields of `draft` that are empty after trimming (docs/requirements/print-on-demand-api.md#order-form-rules). */
export function missingRequired(draft: RecipientDraft): string[] {
  return REQUIRED_RECIPIENT_FIELDS.filter((f) => !(draft[f] ?? '').trim());
}

/**
 * What a derived field shows until the user types their own (docs/requirements/print-on-demand-api.md#order-form-rules): full_name → 'first last',
 * city_state_zip → 'city, state zip'; '' while its parts are empty. Other fields: undefined.
 */
export function derivedDefault(field: string, draft: RecipientDraft): string | undefined {
  const v = (f: string) => (draft[f] ?? '').trim();
  if (field === 'full_name') return [v('first_name'), v('last_name')].filter(Boolean).join(' ');
  if (field === 'city_state_zip') {
    if (!v('city') && !v('state') && !v('zip')) return '';
    return `${[v('city'), v('state')].filter(Boolean).join(', ')} ${v('zip')}`.trim();
  }
  return undefined;
}

/**
 * The `recipientData` of an order (ZRecipientDataSchema) from the typed `draft`, for the shown
 * `fields`: trimmed values, empty ones left out, full_name and city_state_zip filled with their
 * defaults (docs/requirements/print-on-demand-api.md#order-form-rules) when the user left them empty.
 */
export function recipientData(draft: RecipientDraft, fields: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of fields) {
    const value = (draft[field] ?? '').trim();
    if (value) out[field] = value;
  }
  for (const field of ['full_name', 'city_state_zip']) {
    const fallback = derivedDefault(field, draft);
    if (!out[field] && fallback) out[field] = fallback;
  }
  return out;
}

/** The standard fields a list maps (`mappings` target field → column), for 'search in field' (docs/requirements/print-on-demand-api.md#api). */
export function searchFields(mappings: Record<string, string> | undefined): string[] {
  if (!mappings) return [];
  return STANDARD_FIELDS.filter((f) => !HIDDEN_FIELDS.includes(f) && Object.prototype.hasOwnProperty.call(mappings, f));
}
