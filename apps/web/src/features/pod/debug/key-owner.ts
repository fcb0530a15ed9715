import type { DebugRow } from './debug-results';

/** Whom the API key acts for, from GET /debug/user: the owner's id, and is_admin when the API says. */
export type KeyOwner = { userId: string; isAdmin: boolean | null; keyId: string | null; mode: string | null; scopes: string[] };

const str = (v: unknown) => (typeof v === 'string' && v ? v : null);

/**
 * The key owner in a /debug/user answer (docs/requirements/print-on-demand-api.md#data "Auth status user": id, is_admin): accepts
 * `{ userId, keyId, mode, scopes }` as this API answers, and `{ id, is_admin }` or `{ user: {…} }`;
 * null when the body names no user.
 */
export function keyOwnerFrom(body: unknown): KeyOwner | null {
  if (!body || typeof body !== 'object') return null;
  const o = body as Record<string, unknown>;
  const user = o.user && typeof o.user === 'object' ? (o.user as Record<string, unknown>) : o;
  const userId = str(user.userId) ?? str(user.id) ?? str(o.userId);
  if (!userId) return null;
  const admin = user.is_admin ?? user.isAdmin ?? o.is_admin;
  return {
    userId,
    isAdmin: typeof admin === 'boolean' ? admin : null,
    keyId: str(o.keyId),
    mode: str(o.mode),
    scopes: Array.isArray(o.scopes) ? o.scopes.filter((s): s is string => typeof s === 'string') : [],
  };
}

/** The owner from the first successful /debug/user or /api/debug/user row, or null. */
export function keyOwnerOf(rows: readonly DebugRow[]): KeyOwner | null {
  for (const row of rows) {
    if (!row.ok || !/^(\/api)?\/debug\/user(\?|$)/.test(row.path)) continue;
    const owner = keyOwnerFrom(row.body);
    if (owner) return owner;
  }
  return null;
}
