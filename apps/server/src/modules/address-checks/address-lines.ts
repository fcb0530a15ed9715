import { ADDRESS_LINE_MAX, comparable } from './address-rules.js';

/** The address block's lines of a mapped record (Pub 28: addressee, delivery lines, last line) by field. */
const BLOCK_FIELDS = ['full_name_mail', 'address', 'address_2', 'city_state_zip'] as const;

/** The fields of a mapped record whose address-block line is longer than ADDRESS_LINE_MAX characters, with their lengths. */
export function overflowingLines(fields: Record<string, string>): Array<{ field: string; length: number }> {
  return BLOCK_FIELDS.map((field) => ({ field, length: (fields[field] ?? '').trim().length })).filter((l) => l.length > ADDRESS_LINE_MAX);
}

/** A name reduced for comparing: upper case, letters and digits only. */
const nameKey = (name: string) => name.toUpperCase().replace(/[^A-Z0-9]+/g, '');

/** The 5-digit ZIP of a ZIP as imported (8014 → 08014), or '' when it has none. */
export function zip5Of(zip: string): string {
  const m = /^(\d{3,5})(?:-?\d{4})?$/.exec(zip);
  return m ? m[1].padStart(5, '0') : '';
}

/**
 * The key two records share when they are the same recipient at the same address: the name and
 * the delivery lines compared as `comparable` text, with the 5-digit ZIP (else the city). Null
 * without a delivery address.
 */
export function recipientKey(name: string, a: { address: string; address2: string; city: string; zip: string }): string | null {
  const address = a.address && comparable(a.address);
  if (!address) return null;
  return `${nameKey(name)}|${address}|${a.address2 && comparable(a.address2)}|${zip5Of(a.zip) || nameKey(a.city)}`;
}
