import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_CHECK_HEADER, SESSION_MAX_AGE_SECONDS, type TUser } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import { checkSameOrigin, containsNul } from './request-guards.js';
import { AppError } from '../../platform/errors.js';
import { ALL_SCOPES } from '../../platform/principal.js';
import { resumeSession } from './auth.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in account as the session lookup read it (GET /api/auth/status answers it); null when anonymous. */
    sessionUser: TUser | null;
    /** When the session ends unless used again (null when signed out). */
    sessionExpiresAt: Date | null;
  }
}

/** Name of the session cookie (httpOnly, SameSite=Lax; docs/architecture.md#security-baseline). */
export const SESSION_COOKIE = 'mc_session';

/**
 * Sets the session cookie for `token`: httpOnly, SameSite=Lax, Secure when the app is public over
 * https or this request came over https (through a trusted proxy).
 */
export function setSessionCookie(req: FastifyRequest, reply: FastifyReply, secureCookies: boolean, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/', httpOnly: true, sameSite: 'lax', secure: secureCookies || req.protocol === 'https', maxAge: SESSION_MAX_AGE_SECONDS,
  });
}

/**
 * The web app's authenticate step (docs/architecture.md#authentication), an `onRequest` hook of the `/api` scope: resolves
 * the session cookie to a principal `{ userId, isAdmin, via: 'session', scopes: ['*'] }`, or null.
 */
export function authenticateSession(ctx: Pick<AppContext, 'db'>) {
  return async (req: FastifyRequest): Promise<void> => {
    req.principal = null;
    req.sessionUser = null;
    req.sessionExpiresAt = null;
    const token = req.cookies[SESSION_COOKIE];
    if (!token) return;
    const session = await resumeSession(ctx.db, token, !req.headers[SESSION_CHECK_HEADER]);
    if (!session) return;
    const { user } = session;
    req.sessionUser = user;
    req.sessionExpiresAt = session.expiresAt;
    req.principal = { userId: user.id, isAdmin: user.is_admin, via: 'session', scopes: ALL_SCOPES };
  };
}

/** Writes a signed-out visitor may make from a browser: still checked for a foreign Origin (login CSRF). */
const SIGN_IN_ROUTES = ['/api/auth/login', '/api/auth/signup', '/api/auth/logout'];

/**
 * Cross-site and input guards of the `/api` scope (docs/architecture.md#security-baseline), a `preHandler`:
 * - cookie-authenticated writes must come from the app's own origin (Origin, else Sec-Fetch-Site,
 *   else refused); sign-in, sign-up and logout refuse a foreign Origin even without a cookie;
 * - a NUL character anywhere in a JSON body or the query is refused with 400.
 * Errors: FORBIDDEN 403 'Cross-origin request refused'; VALIDATION 400 'Text may not contain NUL characters'.
 */
export function guardRequests(ctx: Pick<AppContext, 'config'>) {
  return async (req: FastifyRequest): Promise<void> => {
    if (containsNul(req.query) || containsNul(req.body)) throw new AppError('VALIDATION', 'Text may not contain NUL characters');
    if (['GET', 'HEAD', 'OPTIONS'].includes(req.method)) return;
    const path = req.url.split('?')[0];
    if (req.cookies[SESSION_COOKIE]) checkSameOrigin(req, ctx.config.publicUrl, true);
    else if (SIGN_IN_ROUTES.includes(path)) checkSameOrigin(req, ctx.config.publicUrl, false);
  };
}
