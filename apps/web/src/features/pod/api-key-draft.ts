import {
  API_KEY_RATE_LIMIT, API_KEY_VISIBLE, API_SCOPE_PRESETS, type ApiKeyExpiry, type ApiKeyMode,
} from '@mailcraft/shared';

/** The Create New API Key form (docs/requirements/print-on-demand-api.md#screens): `rate_limit` per minute (null while the field is empty), `expires_in` days or null. */
export type ApiKeyDraft = {
  name: string;
  rate_limit: number | null;
  scopes: readonly string[];
  expires_in: ApiKeyExpiry;
  mode: ApiKeyMode;
};

/** What the form starts with and returns to after a key is created (docs/requirements/print-on-demand-api.md#rules): rate 100, all access, never expires, live. */
export const EMPTY_DRAFT: ApiKeyDraft = {
  name: '', rate_limit: API_KEY_RATE_LIMIT.default, scopes: API_SCOPE_PRESETS[0].scopes, expires_in: null, mode: 'live',
};

/** Whether the rate limit is a whole number of requests per minute in 1–1000 (docs/requirements/print-on-demand-api.md#order-form-rules). */
export const rateLimitValid = (n: number | null): n is number =>
  n !== null && Number.isInteger(n) && n >= API_KEY_RATE_LIMIT.min && n <= API_KEY_RATE_LIMIT.max;

/** The permission preset whose scopes are exactly `scopes` (order ignored), if any (docs/requirements/print-on-demand-api.md#scopes). */
export function presetOf(scopes: readonly string[]) {
  const sorted = [...scopes].sort().join(' ');
  return API_SCOPE_PRESETS.find((p) => [...p.scopes].sort().join(' ') === sorted);
}

/** A key's permissions in words: the preset's label, else the scopes themselves ('orders:get, orders:post'). */
export const scopesText = (scopes: readonly string[]) => presetOf(scopes)?.label ?? scopes.join(', ');

/** The day a key made now with `days` would expire (docs/requirements/print-on-demand-api.md#screens 'Expires on' preview); null for never. */
export function expiryDate(days: ApiKeyExpiry, now = new Date()): Date | null {
  return days === null ? null : new Date(now.getTime() + days * 86_400_000);
}

/** A date as the tab shows it, e.g. 'March 4, 2027'. */
export const formatDay = (d: Date | string) => new Date(d).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

/** An ISO time with minutes, in the user's locale, e.g. '3/4/2027, 10:15 AM'. */
export const formatTime = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' });

/** A full key hidden but recognisable: its prefix, dots, its last four (the same characters the list shows). */
export function maskKey(key: string): string {
  if (key.length <= API_KEY_VISIBLE.prefix + API_KEY_VISIBLE.last) return '•'.repeat(key.length);
  return `${key.slice(0, API_KEY_VISIBLE.prefix)}${'•'.repeat(16)}${key.slice(-API_KEY_VISIBLE.last)}`;
}
