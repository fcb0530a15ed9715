import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  PASSWORD_RESET_MESSAGES, ZAuthStatusSchema, ZErrorSchema, ZForgotPasswordSchema, ZNextQuerySchema, ZResetPasswordSchema, type TAuthStatus,
} from '@mailcraft/shared';
import { clientKey } from '../../platform/client-key.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { validationSentence } from '../../platform/http.js';
import type { ZodApp } from '../../platform/module.js';
import { route } from '../../platform/route.js';
import { renderForgotPage, renderResetPage } from './auth.page.js';
import { startSession } from './auth.service.js';
import { requestPasswordReset, resetLinkOpen, resetPassword } from './password-reset.service.js';
import { safeNext as safePath } from './request-guards.js';
import { setSessionCookie } from './session-auth.js';

const wantsHtml = (req: FastifyRequest) => req.headers['content-type']?.startsWith('application/x-www-form-urlencoded') ?? false;
const html = (description: string) => ({ description, content: { 'text/html': { schema: z.string().describe('HTML page') } } });
const errorOrPage = (description: string) => ({
  description,
  content: { 'application/json': { schema: ZErrorSchema }, 'text/html': { schema: z.string().describe('The form with the message') } },
});
/** What the form shows of a failure: an AppError's message or the validation sentence naming the field, else a sentence; never an internal error's text. */
const message = (err: unknown) => (err instanceof AppError ? err.message : validationSentence(err) ?? 'Something went wrong. Please try again later.');
const ZTokenQuerySchema = z.object({ token: z.string().max(200).optional().describe('The token of the emailed link') });

/**
 * Password reset by email (docs/requirements/account-and-settings.md#sign-in-pages), server-hosted like the sign-in page; forms post
 * back and get HTML, JSON callers get JSON:
 * - GET /api/auth/forgot-password — the email form ('Forgot password?' on the sign-in page).
 * - POST /api/auth/forgot-password {email} → 202 `{ ok: true }` (form: the 'Check your email' page),
 *   the same whether or not an account has the address; 429 after 10 requests in 15 min from a client.
 * - GET /api/auth/reset-password?token= — the new-password form, or why the link no longer works.
 * - POST /api/auth/reset-password {token, password} → the new password, every other session ended,
 *   signed in: 200 `{authenticated, user}` (form: 303 to /projects); 422 for a used or expired link.
 */
export async function passwordResetRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const tags = ['auth'];
  const safeNext = (next: unknown) => safePath(next, ctx.config.publicUrl);
  // 30 posts a minute per client address and route, counted across every process (platform/shared-rate-limit.ts).
  const limit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

  route(app, {
    method: 'GET', url: '/api/auth/forgot-password', auth: 'public', summary: 'Forgot-password page', tags, query: ZNextQuerySchema, response: html('The email form'),
  }, (_principal, { query }, { reply }) => reply.type('text/html').send(renderForgotPage({ next: safeNext(query.next) })));

  route(app, {
    method: 'POST', url: '/api/auth/forgot-password', auth: 'public', summary: 'Email a password-reset link (JSON or form)', tags, config: limit,
    attachValidation: true, query: ZNextQuerySchema, body: ZForgotPasswordSchema,
    response: z.object({ ok: z.literal(true).describe('Always true: the answer does not tell whether the account exists') }), status: 202,
    answers: { 200: html('The "Check your email" page (form posts)'), 400: errorOrPage('Invalid input'), 429: errorOrPage('Too many requests') },
  }, async (_principal, input, { req, reply }) => {
    // attachValidation: the input may be invalid (req.validationError), so it is read defensively.
    const next = safeNext(input.query?.next);
    try {
      if (req.validationError) throw req.validationError;
      await requestPasswordReset(ctx, { email: input.body.email, clientKey: clientKey(req.ip) });
      if (wantsHtml(req)) return reply.type('text/html').send(renderForgotPage({ next, sent: PASSWORD_RESET_MESSAGES.sent }));
      return { ok: true as const };
    } catch (err) {
      if (!wantsHtml(req)) throw err;
      const status = err instanceof AppError && err.status === 429 ? 429 : 400;
      const email = String(((input.body ?? {}) as Record<string, unknown>).email ?? '');
      return reply.status(status).type('text/html').send(renderForgotPage({ next, error: message(err), email }));
    }
  });

  route(app, {
    method: 'GET', url: '/api/auth/reset-password', auth: 'public', summary: 'New-password page of a reset link', tags, query: ZTokenQuerySchema,
    response: html('The form, or why the link no longer works'),
  }, async (_principal, { query }, { reply }) => {
    const token = query.token ?? '';
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    const open = token.length >= 20 && (await resetLinkOpen(ctx, token));
    return reply.type('text/html').send(renderResetPage(open ? { token } : { token: '', invalid: PASSWORD_RESET_MESSAGES.invalid }));
  });

  route(app, {
    method: 'POST', url: '/api/auth/reset-password', auth: 'public', summary: 'Set a new password with a reset link and sign in (JSON or form)', tags,
    config: limit, attachValidation: true, body: ZResetPasswordSchema, response: ZAuthStatusSchema,
    answers: { 303: z.null().describe('Redirect to /projects after a form post'), 400: errorOrPage('Invalid input'), 422: errorOrPage('Used or expired link') },
  }, async (_principal, { body }, { req, reply }) => {
    const raw = (body ?? {}) as Record<string, unknown>;
    try {
      if (req.validationError) throw req.validationError;
      const user = await resetPassword(ctx, body);
      setSessionCookie(req, reply, ctx.config.secureCookies, await startSession(ctx, { userId: user.id }));
      if (wantsHtml(req)) return reply.redirect('/projects', 303);
      return { authenticated: true, user } satisfies TAuthStatus;
    } catch (err) {
      if (!wantsHtml(req)) throw err;
      const invalid = err instanceof AppError && err.status === 422;
      return reply.status(invalid ? 422 : 400).type('text/html')
        .send(renderResetPage(invalid ? { token: '', invalid: message(err) } : { token: String(raw.token ?? ''), error: message(err) }));
    }
  });
}
