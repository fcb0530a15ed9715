/**
 * API keys of the Print-on-Demand API (docs/requirements/print-on-demand-api.md#api-keys-tab Keys tab, §3, §5, §6, §8, §9), written once
 * for the server and the web app, apart from the zod schemas of api-keys.ts (pages load zod only
 * to validate).
 */

/** Rate limit, requests per minute (docs/requirements/print-on-demand-api.md#order-form-rules): 1–1000, default 100. */
export const API_KEY_RATE_LIMIT = { min: 1, max: 1000, default: 100 } as const;
/** Expiry choices in days; null = never (docs/requirements/print-on-demand-api.md#limits). */
export const API_KEY_EXPIRY_DAYS = [null, 30, 90, 180, 365] as const;
export type ApiKeyExpiry = (typeof API_KEY_EXPIRY_DAYS)[number];
/** Labels of the expiry choices (docs/requirements/print-on-demand-api.md#limits: 180 is '6 months', 365 '1 year'). */
export const apiKeyExpiryLabel = (days: ApiKeyExpiry): string =>
  days === null ? 'Never' : days === 180 ? '6 months' : days === 365 ? '1 year' : `${days} days`;

/** Live keys act for real; test keys are validated and stored but never printed or charged (beyond the spec, as Lob and PostGrid). */
export const API_KEY_MODES = ['live', 'test'] as const;
export type ApiKeyMode = (typeof API_KEY_MODES)[number];

/** A key as its owner sees it: switched on and unexpired, switched off, or past its expiry (whether on or off). */
export const API_KEY_STATUSES = ['active', 'inactive', 'expired'] as const;
export type ApiKeyStatus = (typeof API_KEY_STATUSES)[number];

/** A key's status at `now` (epoch ms): expired once `expiresAt` (ISO 8601 or Date) has passed, else active or inactive by its switch. */
export function apiKeyStatus(key: { isActive: boolean; expiresAt: Date | string | null }, now = Date.now()): ApiKeyStatus {
  if (key.expiresAt !== null && new Date(key.expiresAt).getTime() <= now) return 'expired';
  return key.isActive ? 'active' : 'inactive';
}

/** The resources a scope can name (docs/requirements/print-on-demand-api.md#scopes documented API). */
export const API_RESOURCES = ['projects', 'templates', 'mailingLists', 'addresses', 'recipients', 'mappings', 'reinforcements', 'orders', 'keys', 'webhooks', 'tracking'] as const;

/**
 * Resources a test key may change (POST, PUT, PATCH, DELETE): its own test orders and the order
 * webhooks of test mode. Everything else — projects, lists, addresses, templates, permits — a
 * test key only reads (test mode is a separate world, as Stripe's and Lob's).
 */
export const TEST_KEY_WRITABLE: readonly string[] = ['orders', 'webhooks'];

/** Whether a key of `mode` may send `method` to `resource` (see TEST_KEY_WRITABLE); live keys may, as their scopes allow. */
export function modeAllows(mode: ApiKeyMode, resource: string, method: string): boolean {
  const m = method.toLowerCase();
  return mode === 'live' || m === 'get' || m === 'head' || TEST_KEY_WRITABLE.includes(resource);
}
/** Scope methods; `*` is every method. */
export const API_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** The picker's permission presets (docs/requirements/print-on-demand-api.md#scopes), each a list of `resource:method` strings. */
export const API_SCOPE_PRESETS = [
  { key: 'all', label: 'All access', scopes: ['*:*'] },
  { key: 'read', label: 'Read only', scopes: ['*:get'] },
  { key: 'write', label: 'Write only', scopes: ['*:post', '*:put', '*:delete'] },
  { key: 'mailingLists-read', label: 'Mailing lists: read', scopes: ['mailingLists:get'] },
  { key: 'mailingLists-full', label: 'Mailing lists: full', scopes: ['mailingLists:*'] },
  { key: 'orders-create', label: 'Orders: create only', scopes: ['orders:post'] },
  { key: 'orders-read', label: 'Orders: read only', scopes: ['orders:get'] },
  { key: 'orders-full', label: 'Orders: full', scopes: ['orders:*'] },
  { key: 'addresses-read', label: 'Addresses: read only', scopes: ['addresses:get'] },
  { key: 'addresses-full', label: 'Addresses: full', scopes: ['addresses:*'] },
] as const;

/** A scope string: `resource:method` with `*` for any, e.g. '*:*', 'orders:post' (docs/requirements/print-on-demand-api.md#data). */
export const API_SCOPE_PATTERN = /^(\*|[a-zA-Z]+):(\*|get|post|put|patch|delete)$/;

/**
 * Whether `scopes` allow `method` on `resource` (docs/requirements/print-on-demand-api.md#scopes): a scope matches when its resource
 * is `*` or the resource, and its method is `*` or the method (HEAD counts as GET).
 */
export function scopesAllow(scopes: readonly string[], resource: string, method: string): boolean {
  const m = method.toLowerCase() === 'head' ? 'get' : method.toLowerCase();
  return scopes.some((s) => {
    const [r, verb] = s.split(':');
    return (r === '*' || r === resource) && (verb === '*' || verb === m);
  });
}

/** Messages of the API Keys tab and of the API's authentication (docs/requirements/print-on-demand-api.md#order-form-rules). */
export const API_KEY_MESSAGES = {
  nameRequired: 'Key name is required',
  empty: 'No API keys found. Create one to get started.',
  listFailed: 'No API keys Found - create a new key',
  createFailed: 'Failed to create API key: ',
  regenerateFailed: 'Failed to regenerate API key: ',
  deleteFailed: 'Failed to delete API key: ',
  updateFailed: 'Failed to update API key: ',
  confirmRegenerate: 'Are you sure you want to regenerate this API key? The old key will no longer work.',
  confirmDelete: 'Are you sure you want to delete this API key? This cannot be undone.',
  shownOnce: 'Copy this key now: it is shown only once. Store it somewhere safe.',
  /** The API's answers (not in the spec's words beyond their statuses, docs/requirements/print-on-demand-api.md#messages). */
  missing: 'An API key is required: send it in the X-API-Key header or the api_key query parameter',
  invalid: 'Invalid API key',
  inactive: 'This API key is inactive',
  expired: 'This API key has expired',
  rateLimited: 'Rate limit exceeded: too many requests for this API key',
  planRequired: 'API access needs the Pro plan or higher',
  /** A test key sent a change to something other than its test orders and order webhooks (see TEST_KEY_WRITABLE). */
  testKeyReadOnly: 'A test key only reads projects, mailing lists, addresses, templates and permits: use a live key to change them',
  /** A test key asked for live orders (GET /api/orders?test=false). */
  testSeesTestOrders: 'A test key sees only test orders',
  /** The key's owner was disabled by an administrator (docs/requirements/administration.md#administration). */
  ownerDisabled: 'This account has been disabled: its API keys no longer work',
} as const;

/** Characters of a key shown in lists after it was created: its prefix and last four (the rest is never stored). */
export const API_KEY_VISIBLE = { prefix: 9, last: 4 } as const;
