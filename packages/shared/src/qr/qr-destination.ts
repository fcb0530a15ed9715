/**
 * QR destinations (docs/requirements/maps.md#data): the stored variable_mapping of a configuration and the URL
 * a record's short link redirects to. Apart from the zod schemas of qr-config.ts (types only are
 * imported from there) so the QR screen does not load zod (docs/architecture.md#first-load-budget).
 */
import { applyCapitalization } from '../fields.js';
import { convertValue, isQrUspsField, QR_FIELDS, type QrConversion } from './qr-fields.js';
import type { TQrConfig, TQrConfigRecord, TStaticParam } from './qr-config.js';

/** The stored `variable_mapping` of a configuration. */
export function toVariableMapping(config: Pick<TQrConfig, 'variables' | 'staticParams'>): TQrConfigRecord['variable_mapping'] {
  const out: TQrConfigRecord['variable_mapping'] = {};
  for (const [field, v] of Object.entries(config.variables)) if (v) out[field] = v;
  for (const p of config.staticParams) out[`static:${p.name}`] = { param: p.name, isStatic: true, value: p.value };
  return out;
}

/** The configuration (without style) a stored `variable_mapping` holds. */
export function fromVariableMapping(mapping: TQrConfigRecord['variable_mapping']): Pick<TQrConfig, 'variables' | 'staticParams'> {
  const variables: TQrConfig['variables'] = {};
  const staticParams: TStaticParam[] = [];
  for (const [key, entry] of Object.entries(mapping)) {
    if (entry.isStatic) staticParams.push({ name: entry.param, value: entry.value ?? '' });
    else variables[key] = { param: entry.param, capitalization: entry.capitalization ?? 'original', conversion: entry.conversion as QrConversion | undefined };
  }
  return { variables, staticParams };
}

/** RFC 4648 base64 of the UTF-8 bytes of `value` (browser and Node). */
function base64Utf8(value: string): string {
  const bytes = new TextEncoder().encode(value);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * The destination of one record's short link (docs/requirements/notifications.md#rules): `baseUrl` plus, for each selected
 * field, `param=` its value — capitalised (not USPS fields), converted (distance, duration) and
 * base64-encoded (RFC 4648), percent-encoded in the query string — then the static parameters as
 * typed. Fields come in the order of QR_FIELD_GROUPS. `fields` are the record's mapped fields (shared `mapRecord`) with `record_id`.
 */
export function destinationUrl(config: Pick<TQrConfig, 'baseUrl' | 'variables' | 'staticParams'>, fields: Record<string, string>): string {
  const url = new URL(config.baseUrl);
  // Field order, not the object's key order: stored JSON (jsonb) does not keep key order.
  for (const field of QR_FIELDS) {
    const v = config.variables[field];
    if (!v) continue;
    let value = convertValue(fields[field] ?? '', v.conversion);
    if (!isQrUspsField(field)) value = applyCapitalization(value, v.capitalization);
    url.searchParams.append(v.param, base64Utf8(value));
  }
  for (const p of config.staticParams) url.searchParams.append(p.name, p.value);
  return url.toString();
}
