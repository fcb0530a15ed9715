import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZLoginSchema, ZSignupSchema, type TAuthStatus } from '@mailcraft/shared';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { renderAuthPage } from './auth.page.js';
import { endSession, logIn, resumeSession, signUp, startSession } from './auth.service.js';

export const SESSION_COOKIE = 'mc_session';

/** Only same-site relative paths are followed after sign-in (no open redirect). */
const safeNext = (next: unknown) => (typeof next === 'string' && /^\/(?!\/)/.test(next) ? next : '/projects');
const wantsHtml = (req: FastifyRequest) => req.headers['content-type']?.startsWith('application/x-www-form-urlencoded') ?? false;

/**
 * Auth hook and routes (issue 2 contract):
 * - GET /api/auth/login, GET /api/auth/signup — server-hosted forms; `?next=` path to return to.
 * - POST /api/auth/login {email, password} (JSON or form) → cookie; JSON `{authenticated, user}`; 401 on bad credentials, 429 when rate-limited.
 * - POST /api/auth/signup {email, password, given_name} → creates the account and signs in (201).
 * - GET /api/auth/status → `{authenticated, user}`; also the keep-alive that extends the session.
 * - GET /api/auth/logout → clears the session.
 */
export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;

  app.addHook('onRequest', async (req) => {
    req.user = null;
    const token = req.cookies[SESSION_COOKIE];
    if (token) req.user = await resumeSession(db, token);
  });

  // Cookie-authenticated writes must come from our own origin (DESIGN.md "Security baseline").
  app.addHook('preHandler', async (req) => {
    if (['GET', 'HEAD', 'OPTIONS'].includes(req.method) || !req.cookies[SESSION_COOKIE]) return;
    const origin = req.headers.origin;
    if (origin && new URL(origin).host !== req.headers.host) throw new AppError('FORBIDDEN', 'Cross-origin request refused');
  });

  const setCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/', httpOnly: true, sameSite: 'lax', secure: ctx.config.secureCookies, maxAge: 30 * 24 * 3600,
    });

  const nextQuery = z.object({ next: z.string().optional() });

  app.get('/api/auth/login', async (req, reply) => {
    const { next } = nextQuery.parse(req.query);
    if (req.user) return reply.redirect(safeNext(next));
    return reply.type('text/html').send(renderAuthPage({ mode: 'login', next: safeNext(next) }));
  });

  app.get('/api/auth/signup', async (req, reply) => {
    const { next } = nextQuery.parse(req.query);
    return reply.type('text/html').send(renderAuthPage({ mode: 'signup', next: safeNext(next) }));
  });

  const loginLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

  app.post('/api/auth/login', { config: loginLimit }, async (req, reply) => {
    const next = safeNext(nextQuery.parse(req.query).next);
    const body = (req.body ?? {}) as Record<string, unknown>;
    try {
      const input = ZLoginSchema.parse(body);
      const user = await logIn(db, input, req.ip);
      setCookie(reply, await startSession(db, user.id));
      if (wantsHtml(req)) return reply.redirect(next, 303);
      return { authenticated: true, user } satisfies TAuthStatus;
    } catch (err) {
      if (!wantsHtml(req)) throw err;
      const message = err instanceof AppError ? err.message : err instanceof z.ZodError ? err.issues[0].message : 'Sign-in failed';
      const status = err instanceof AppError ? err.status : 400;
      return reply.status(status).type('text/html')
        .send(renderAuthPage({ mode: 'login', next, error: message, email: String(body.email ?? '') }));
    }
  });

  app.post('/api/auth/signup', { config: loginLimit }, async (req, reply) => {
    const next = safeNext(nextQuery.parse(req.query).next);
    const body = (req.body ?? {}) as Record<string, unknown>;
    try {
      const input = ZSignupSchema.parse(body);
      const user = await signUp(db, input);
      setCookie(reply, await startSession(db, user.id));
      if (wantsHtml(req)) return reply.redirect(next, 303);
      return reply.status(201).send({ authenticated: true, user } satisfies TAuthStatus);
    } catch (err) {
      if (!wantsHtml(req)) throw err;
      const message = err instanceof AppError ? err.message : err instanceof z.ZodError ? err.issues[0].message : 'Sign-up failed';
      return reply.status(err instanceof AppError ? err.status : 400).type('text/html').send(renderAuthPage({
        mode: 'signup', next, error: message, email: String(body.email ?? ''), givenName: String(body.given_name ?? ''),
      }));
    }
  });

  app.get('/api/auth/status', async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return { authenticated: !!req.user, user: req.user } satisfies TAuthStatus;
  });

  app.get('/api/auth/logout', async (req, reply) => {
    const token = req.cookies[SESSION_COOKIE];
    if (token) await endSession(db, token);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    if (req.headers.accept?.includes('text/html')) return reply.redirect('/');
    return { authenticated: false, user: null };
  });
}

