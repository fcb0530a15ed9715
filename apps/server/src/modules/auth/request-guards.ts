import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.js';

/** Where sign-in goes without a usable `next`. */
export const DEFAULT_NEXT = '/projects';

/**
 * The path to follow after sign-in (open-redirect guard): `next` must be a path, is resolved
 * against the app's own origin and must stay on it; the answer is built from the parsed URL (its
 * path, query and fragment). Resolving dot segments can turn a path into a protocol-relative one
 * ('/.//evil' → '//evil', which a browser sends to host 'evil'), so a result starting with `//`
 * or `/\` is refused too. Anything refused — another host, `//evil`, a backslash, a tab or newline,
 * a scheme — gives DEFAULT_NEXT.
 */
export function safeNext(next: unknown, appOrigin: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (typeof next !== 'string' || !next.startsWith('/') || /[\u0000-\u001f\u007f\\]/.test(next)) return DEFAULT_NEXT;
  try {
    const url = new URL(next, appOrigin);
    if (url.origin !== new URL(appOrigin).origin) return DEFAULT_NEXT;
    const target = `${url.pathname}${url.search}${url.hash}`;
    return /^\/[/\\]/.test(target) || !target.startsWith('/') ? DEFAULT_NEXT : target;
  } catch {
    return DEFAULT_NEXT;
  }
}

/** The origin this request was made to, as the browser sees it (protocol from a trusted proxy). */
export const requestOrigin = (req: FastifyRequest): string | null => {
  try {
    return new URL(`${req.protocol}://${req.headers.host ?? ''}`).origin;
  } catch {
    return null;
  }
};

/**
 * Cross-site request check (docs/architecture.md#security-baseline; OWASP CSRF cheat sheet "Verifying origin with standard
 * headers" and "Fetch Metadata"). Refuses with FORBIDDEN (403) 'Cross-origin request refused':
 * an `Origin` that is not the app's own origin or `publicUrl` (including `Origin: null`); without
 * Origin, a `Sec-Fetch-Site` other than same-origin or none; and, when `requireHeaders` is set
 * (cookie-authenticated writes), a request carrying neither header.
 */
export function checkSameOrigin(req: FastifyRequest, publicUrl: string, requireHeaders: boolean): void {
  const refuse = () => new AppError('FORBIDDEN', 'Cross-origin request refused');
  const origin = req.headers.origin;
  if (origin !== undefined) {
    const allowed = [requestOrigin(req), new URL(publicUrl).origin];
    let parsed: string | null = null;
    try {
      parsed = origin === 'null' ? null : new URL(origin).origin;
    } catch {
      parsed = null;
    }
    if (!parsed || !allowed.includes(parsed)) throw refuse();
    return;
  }
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined) {
    if (site !== 'same-origin' && site !== 'none') throw refuse();
    return;
  }
  if (requireHeaders) throw refuse();
}

/** True when a parsed JSON value holds a NUL character anywhere (PostgreSQL text cannot store it). */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || containsNul(v, depth + 1));
}
