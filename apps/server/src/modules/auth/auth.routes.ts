import type { FastifyReply, FastifyRequest } from 'fastify';
import { ZAuthStatusSchema, ZErrorSchema, ZLoginSchema, ZNextQuerySchema, ZSignupSchema, type TAuthStatus } from '@mailcraft/shared';
import { z } from 'zod';
import { clientKey } from '../../platform/client-key.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { validationSentence } from '../../platform/http.js';
import type { ZodApp } from '../../platform/module.js';
import { route } from '../../platform/route.js';
import { renderAuthPage } from './auth.page.js';
import { endSession, logIn, signUp, startSession } from './auth.service.js';
import { operatorSeat } from './operator-seat.js';
import { checkSameOrigin, safeNext as safePath } from './request-guards.js';
import { SESSION_COOKIE, setSessionCookie } from './session-auth.js';

const wantsHtml = (req: FastifyRequest) => req.headers['content-type']?.startsWith('application/x-www-form-urlencoded') ?? false;
const html = { description: 'The sign-in or sign-up page', content: { 'text/html': { schema: z.string().describe('HTML page') } } };
/** An error answer: JSON for API callers, the form again with the message for form posts. */
const errorOrPage = (description: string) => ({
  description,
  content: { 'application/json': { schema: ZErrorSchema }, 'text/html': { schema: z.string().describe('The form with the message') } },
});
type PageStatus = 400 | 401 | 409 | 429;
const pageStatus = (err: unknown): PageStatus => {
  const status = err instanceof AppError ? err.status : 400;
  return status === 401 || status === 409 || status === 429 ? status : 400;
};
/** What the sessions list of /account shows of a sign-in (docs/requirements/administration.md#administration). */
const sessionClient = (req: FastifyRequest) => ({ userAgent: req.headers['user-agent'], ip: req.ip });
const redirect = z.null().describe('Redirect (303) to `next` after a form post');

/** What the form shows of a failure: an AppError's message or the validation sentence naming the field, else a sentence; never an internal error's text. */
const failureMessage = (err: unknown) => (err instanceof AppError ? err.message : validationSentence(err) ?? 'Something went wrong. Please try again later.');

/**
 * Auth routes (docs/requirements/mailing-lists.md#upload contract; docs/requirements/workflow.md#workflow-order): the server-hosted forms post back as
 * application/x-www-form-urlencoded and get HTML (errors shown in the page), JSON callers get JSON.
 * - GET /api/auth/login, GET /api/auth/signup — the forms; `?next=` path to return to.
 * - POST /api/auth/login {email, password} → cookie; JSON `{authenticated, user}`; 401 on bad credentials, 429 when rate-limited.
 * - POST /api/auth/signup {email, password, given_name, setup_code?} → creates the account and signs in (201); the
 *   setup code (printed in the log at start while the server has no operator) or ADMIN_EMAIL makes it the operator.
 * - GET /api/auth/status → `{authenticated, user, expires_at, operator_exists}`; extends the session (keep-alive) unless sent with the
 *   `x-session-check` header (docs/requirements/account-and-settings.md#session-check: the 60 s poll reads the session without keeping it alive).
 * - GET /api/auth/logout → clears the session.
 */
export async function authRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const tags = ['auth'];
  const seat = operatorSeat(ctx);
  await seat.announce(db, (line) => app.log.warn(line));
  /** Whether the sign-up page shows the 'Setup code' field. */
  const askSetupCode = async () => !(await seat.isTaken(db));

  const safeNext = (next: unknown) => safePath(next, ctx.config.publicUrl);
  const setCookie = (req: FastifyRequest, reply: FastifyReply, token: string) => setSessionCookie(req, reply, ctx.config.secureCookies, token);

  route(app, {
    method: 'GET', url: '/api/auth/login', auth: 'public', summary: 'Sign-in page', tags, query: ZNextQuerySchema, response: html, answers: { 302: redirect },
  }, (principal, { query }, { reply }) => {
    const next = safeNext(query.next);
    if (principal) return reply.redirect(next);
    return reply.type('text/html').send(renderAuthPage({ mode: 'login', next }));
  });

  route(app, { method: 'GET', url: '/api/auth/signup', auth: 'public', summary: 'Sign-up page', tags, query: ZNextQuerySchema, response: html },
    async (_principal, { query }, { reply }) =>
      reply.type('text/html').send(renderAuthPage({ mode: 'signup', next: safeNext(query.next), setupCode: await askSetupCode() })));

  // 30 posts a minute per client address and route, counted across every process (platform/shared-rate-limit.ts);
  // failed sign-ins have their own, longer limits (auth.service.ts MAX_FAILURES).
  const loginLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

  route(app, {
    method: 'POST', url: '/api/auth/login', auth: 'public', summary: 'Sign in (JSON or form)', tags, config: loginLimit, attachValidation: true,
    query: ZNextQuerySchema, body: ZLoginSchema, response: ZAuthStatusSchema,
    answers: { 303: redirect, 400: errorOrPage('Invalid input'), 401: errorOrPage('Wrong email or password'), 429: errorOrPage('Too many attempts') },
  }, async (_principal, input, { req, reply }) => {
    // attachValidation: the input may be invalid (req.validationError), so it is read defensively.
    const next = safeNext(input.query?.next);
    const raw = (input.body ?? {}) as Record<string, unknown>;
    try {
      if (req.validationError) throw req.validationError;
      const user = await logIn(ctx, { ...input.body, clientKey: clientKey(req.ip) });
      setCookie(req, reply, await startSession(ctx, { userId: user.id, ...sessionClient(req) }));
      if (wantsHtml(req)) return reply.redirect(next, 303);
      return { authenticated: true, user } satisfies TAuthStatus;
    } catch (err) {
      if (!wantsHtml(req)) throw err;
      return reply.status(pageStatus(err) as 400 | 401 | 429).type('text/html')
        .send(renderAuthPage({ mode: 'login', next, error: failureMessage(err), email: String(raw.email ?? '') }));
    }
  });

  route(app, {
    method: 'POST', url: '/api/auth/signup', auth: 'public', summary: 'Create an account and sign in (JSON or form)', tags, config: loginLimit,
    attachValidation: true, query: ZNextQuerySchema, body: ZSignupSchema, response: ZAuthStatusSchema, status: 201,
    answers: { 303: redirect, 400: errorOrPage('Invalid input'), 409: errorOrPage('Email taken'), 429: errorOrPage('Too many attempts') },
  }, async (_principal, input, { req, reply }) => {
    const next = safeNext(input.query?.next);
    const raw = (input.body ?? {}) as Record<string, unknown>;
    try {
      if (req.validationError) throw req.validationError;
      const user = await signUp(ctx, { ...input.body, clientKey: clientKey(req.ip) });
      setCookie(req, reply, await startSession(ctx, { userId: user.id, ...sessionClient(req) }));
      if (wantsHtml(req)) return reply.redirect(next, 303);
      return { authenticated: true, user } satisfies TAuthStatus;
    } catch (err) {
      if (!wantsHtml(req)) throw err;
      return reply.status(pageStatus(err) as 400 | 409 | 429).type('text/html').send(renderAuthPage({
        mode: 'signup', next, error: failureMessage(err), email: String(raw.email ?? ''), givenName: String(raw.given_name ?? ''),
        setupCode: await askSetupCode(),
      }));
    }
  });

  route(app, {
    method: 'GET', url: '/api/auth/status', auth: 'public', summary: 'Whether a session is signed in and when it ends; extends it unless sent with x-session-check',
    tags, response: ZAuthStatusSchema,
  }, async (_principal, _input, { req, reply }) => {
    reply.header('cache-control', 'no-store');
    // The session lookup already read the account; whether an operator exists is asked only until one does.
    return {
      authenticated: !!req.sessionUser, user: req.sessionUser, expires_at: req.sessionExpiresAt?.toISOString() ?? null,
      operator_exists: await seat.isTaken(db),
    } satisfies TAuthStatus;
  });

  const logout = async (req: FastifyRequest, reply: FastifyReply) => {
    const token = req.cookies[SESSION_COOKIE];
    if (token) await endSession(ctx, token);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    if (req.headers.accept?.includes('text/html')) return reply.redirect('/');
    return { authenticated: false, user: null } satisfies TAuthStatus;
  };

  route(app, {
    method: 'POST', url: '/api/auth/logout', auth: 'public', summary: 'Sign out', tags, response: ZAuthStatusSchema, answers: { 302: redirect }, errors: [403],
  }, (_principal, _input, { req, reply }) => logout(req, reply));

  // The spec's call (docs/requirements/workflow.md#api) stays a GET, but a cross-site page cannot sign the user out with it.
  route(app, {
    method: 'GET', url: '/api/auth/logout', auth: 'public', summary: 'Sign out (GET, same-origin only; prefer POST)', tags, response: ZAuthStatusSchema,
    answers: { 302: redirect }, errors: [403],
  }, (_principal, _input, { req, reply }) => {
    checkSameOrigin(req, ctx.config.publicUrl, false);
    return logout(req, reply);
  });
}
