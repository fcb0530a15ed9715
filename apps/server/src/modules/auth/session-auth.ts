import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { ALL_SCOPES } from '../../platform/principal.js';
import { resumeSession } from './auth.service.js';

/** Name of the session cookie (httpOnly, SameSite=Lax; DESIGN.md "Security baseline"). */
export const SESSION_COOKIE = 'mc_session';

/**
 * The web app's authenticate step (issue 5 §2), an `onRequest` hook of the `/api` scope: resolves
 * the session cookie to a principal `{ userId, isAdmin, via: 'session', scopes: ['*'] }`, or null.
 */
export function authenticateSession(ctx: Pick<AppContext, 'db'>) {
  return async (req: FastifyRequest): Promise<void> => {
    req.principal = null;
    const token = req.cookies[SESSION_COOKIE];
    if (!token) return;
    const user = await resumeSession(ctx.db, token);
    if (user) req.principal = { userId: user.id, isAdmin: user.is_admin, via: 'session', scopes: ALL_SCOPES };
  };
}

/**
 * Cookie-authenticated writes must come from the app's own origin (DESIGN.md "Security
 * baseline"): a `preHandler` of the `/api` scope. Errors: FORBIDDEN 403 for a foreign Origin.
 */
export async function requireSameOrigin(req: FastifyRequest): Promise<void> {
  if (['GET', 'HEAD', 'OPTIONS'].includes(req.method) || !req.cookies[SESSION_COOKIE]) return;
  const origin = req.headers.origin;
  if (origin && new URL(origin).host !== req.headers.host) throw new AppError('FORBIDDEN', 'Cross-origin request refused');
}
