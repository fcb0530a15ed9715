import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { PASSWORD_RESET_MESSAGES, PASSWORD_RESET_TTL_SECONDS, type TUser } from '@mailcraft/shared';
import type { Db } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { authRepo } from './auth.repo.js';
import { ARGON2, presentUser, tokenHash, windowSince } from './auth.service.js';
import { z } from 'zod';
import { defineJob } from '../../jobs/job.js';

/** Reset requests allowed per client address and per email inside the 15-minute window. */
export const MAX_RESET_REQUESTS = { ip: 10, email: 3 } as const;

/**
 * POST /api/auth/forgot-password (docs/requirements/account-and-settings.md#sign-in-pages): queues the reset mail for `email`, with the
 * same answer and the same work on the request path whether or not an account has it — the job
 * looks the account up. Per client address (`clientKey`, its rate-limit bucket) at most MAX_RESET_REQUESTS.ip requests in 15 minutes
 * (RATE_LIMITED 429 after, which says nothing about the account); per email at most
 * MAX_RESET_REQUESTS.email mails (later requests are answered the same, and send nothing).
 */
export async function requestPasswordReset(ctx: AppContext, input: { email: string; clientKey: string }): Promise<void> {
  const { email, clientKey: ip } = input;
  const ipKey = `reset-ip:${ip}`;
  const emailKey = `reset-email:${email}`;
  const counts = await authRepo.countAttempt(ctx.db, [ipKey, emailKey], windowSince());
  if (counts[ipKey] > MAX_RESET_REQUESTS.ip) {
    throw new AppError('RATE_LIMITED', 'Too many password reset requests. Please try again in 15 minutes.');
  }
  if (counts[emailKey] <= MAX_RESET_REQUESTS.email) await ctx.queue.send(passwordResetMailJob, { email });
}

/**
 * The job's half: when an account has `email`, makes a single-use link valid for
 * PASSWORD_RESET_TTL_SECONDS (only its SHA-256 stored) and mails it (plain text and HTML) through
 * `ctx.mailer` — SMTP, or the server log while SMTP_URL is unset. No account: nothing happens.
 * Rejects when the SMTP server refuses (the job is retried).
 */
export async function sendPasswordResetMail(ctx: AppContext, email: string): Promise<void> {
  const user = await authRepo.findUserByEmail(ctx.db, email);
  if (!user) return;
  const token = randomBytes(32).toString('base64url');
  await authRepo.createPasswordReset(ctx.db, tokenHash(token), user.id, new Date(Date.now() + PASSWORD_RESET_TTL_SECONDS * 1000));
  const link = `${ctx.config.publicUrl}/api/auth/reset-password?token=${token}`;
  const text = [
    `Hello ${user.givenName},`,
    '',
    'Someone (we hope you) asked to reset the password of your Mailcraft account. Open this link to choose a new one:',
    '',
    link,
    '',
    'The link works once, for 1 hour. If you did not ask for it, ignore this email: your password stays as it is.',
  ].join('\n');
  const esc = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const html = `<p>Hello ${esc(user.givenName)},</p><p>Someone (we hope you) asked to reset the password of your Mailcraft account.</p>`
    + `<p><a href="${esc(link)}">Choose a new password</a></p><p>The link works once, for 1 hour. If you did not ask for it, ignore this email: your password stays as it is.</p>`;
  await ctx.mailer.send({ to: user.email, subject: PASSWORD_RESET_MESSAGES.mailSubject, text, html });
}

/** Whether a reset link's token is still open (GET of the reset page). */
export async function resetLinkOpen(ctx: AppContext, token: string): Promise<boolean> {
  return authRepo.passwordResetOpen(ctx.db, tokenHash(token));
}

/**
 * POST /api/auth/reset-password: uses the link of `token` once (atomically), sets the new `password`
 * (argon2id), voids the user's other open links and ends all their sessions — a stolen session
 * does not outlive the reset — and returns the user, whom the route signs in.
 * Errors: UNPROCESSABLE 422 PASSWORD_RESET_MESSAGES.invalid for an unknown, used or expired link.
 */
export async function resetPassword(ctx: AppContext, input: { token: string; password: string }): Promise<TUser> {
  const { token, password } = input;
  const userId = await authRepo.consumePasswordReset(ctx.db, tokenHash(token));
  const user = userId ? await authRepo.findUserById(ctx.db, userId) : undefined;
  if (!user) throw new AppError('UNPROCESSABLE', PASSWORD_RESET_MESSAGES.invalid);
  await authRepo.setPassword(ctx.db, user.id, await hash(password, ARGON2));
  await authRepo.voidPasswordResets(ctx.db, user.id);
  await authRepo.deleteUserSessions(ctx.db, user.id);
  await authRepo.clearAttempts(ctx.db, `email:${user.email}`);
  return presentUser(user);
}

/** Voids the user's open reset links (after a password change on the account page, modules/account). */
export async function voidPasswordResets(db: Db, userId: string): Promise<void> {
  await authRepo.voidPasswordResets(db, userId);
}

/**
 * 'auth.password-reset-mail' `{ email }`: looks the account up and mails it a reset link
 * (`sendPasswordResetMail`); off the request path so that the answer is the same either way.
 * Retried when the SMTP server refuses.
 */
export const passwordResetMailJob = defineJob({
  id: 'auth.password-reset-mail',
  payload: z.object({ email: z.string().email().describe('Where the reset link goes, if an account has it') }),
  handler: async (payload, ctx) => sendPasswordResetMail(ctx, payload.email),
  retry: { limit: 4, delaySeconds: 10, backoff: true },
  expireInSeconds: 120,
});
