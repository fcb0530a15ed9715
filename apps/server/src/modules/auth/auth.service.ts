import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { ACCOUNT_DISABLED, ACCOUNT_MESSAGES, SESSION_IDLE_SECONDS, SESSION_MAX_AGE_SECONDS, type TUser } from '@mailcraft/shared';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { startSubscription } from '../subscriptions/subscriptions.service.js';
import { authRepo } from './auth.repo.js';
import { operatorSeat } from './operator-seat.js';

/**
 * Attempts allowed inside the 15-minute window before 429: per IP; per account from one IP (a
 * stranger elsewhere cannot lock the owner out with 5 wrong passwords); per account from
 * everywhere, a much higher ceiling against distributed guessing; and sign-ups of an existing
 * email per IP, so the 'already exists' answer cannot be used to list accounts. A sign-in is
 * counted before its password is checked and taken back when it succeeds, so these are failures.
 */
export const MAX_FAILURES = { ip: 20, accountFromIp: 5, account: 100, signupConflictsFromIp: 5 } as const;
export const FAILURE_WINDOW_SECONDS = 15 * 60;
const TOO_MANY = 'Too many failed sign-in attempts. Please try again in 15 minutes.';

/** The start of the rate-limit window that is open now. */
export const windowSince = () => new Date(Date.now() - FAILURE_WINDOW_SECONDS * 1000);

export const ARGON2 = { algorithm: 2 /* Argon2id; the enum is an ambient const */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const presentUser = (u: UserRow): TUser => ({ id: u.id, email: u.email, given_name: u.givenName, is_admin: u.isAdmin });
/** The stored form of a cookie or link token. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Creates an account (argon2id, OWASP minimum parameters) and returns it. While the server has no
 * operator, the account becomes the operator (administrator, on the Business plan) when
 * `setup_code` is the one-time code of the context's seat (`operatorSeat`) or its email is ADMIN_EMAIL; otherwise, and once an
 * operator exists (a code sent then is ignored), it is an ordinary account.
 * `clientKey` is the caller's rate-limit bucket (`platform/client-key.ts`).
 * Errors: RATE_LIMITED after 5 sign-ups of taken emails from one address in 15 minutes; CONFLICT
 * when the email is taken; VALIDATION 'The setup code is not right' for a wrong code while the seat is free.
 */
export async function signUp(
  ctx: AppContext, input: { email: string; password: string; given_name: string; setup_code?: string; clientKey: string },
): Promise<TUser> {
  const { db } = ctx;
  const seat = operatorSeat(ctx);
  const conflictKey = `signup-ip:${input.clientKey}`;
  if ((await authRepo.attemptCount(db, conflictKey, windowSince())) >= MAX_FAILURES.signupConflictsFromIp) {
    throw new AppError('RATE_LIMITED', 'Too many sign-up attempts. Please try again in 15 minutes.');
  }
  if (await authRepo.findUserByEmail(db, input.email)) {
    await authRepo.countAttempt(db, [conflictKey], windowSince());
    throw new AppError('CONFLICT', 'An account with this email already exists');
  }
  const code = input.setup_code || undefined;
  const seatFree = !(await seat.isTaken(db));
  if (seatFree && code && !seat.codeMatches(code)) {
    throw new AppError('VALIDATION', 'The setup code is not right. Copy it from the server log, or leave it empty for an ordinary account.');
  }
  const claim = seatFree && (seat.codeMatches(code) || seat.isAdminEmail(input.email));
  const passwordHash = await hash(input.password, ARGON2);
  const row = await authRepo.createUser(db, { email: input.email, passwordHash, givenName: input.given_name }, claim);
  if (row.isAdmin) seat.markTaken();
  await startSubscription(db, row.id, row.isAdmin);
  return presentUser(row);
}

/** An argon2id hash of a random password: verified against when the email is unknown, so both take as long. */
let dummyHash: Promise<string> | null = null;
const timingDummy = () => (dummyHash ??= hash(randomBytes(16).toString('hex'), ARGON2));

/**
 * Checks credentials, rate-limited over a 15-minute window per IP (`clientKey`, the caller's rate-limit bucket), per account
 * from that IP, and per account overall (MAX_FAILURES). The attempt is counted under all three
 * keys in one atomic upsert before the password is checked, so attempts sent at once cannot all
 * pass the check of the count (at most MAX_FAILURES.accountFromIp wrong passwords are verified);
 * a refused attempt is taken back from the counters still under their limits, a successful one
 * from all (its account-from-IP counter cleared). An unknown email costs one argon2 verify like a
 * known one (no timing oracle).
 * Errors: RATE_LIMITED (429) once a counter is over its limit (the right password too, until the
 * window ends), UNAUTHORIZED (401) on a wrong email or password, FORBIDDEN (403) ACCOUNT_DISABLED
 * for a user an administrator disabled (told only after the right password).
 */
export async function logIn(ctx: AppContext, input: { email: string; password: string; clientKey: string }): Promise<TUser> {
  const { db } = ctx;
  const ip = input.clientKey;
  const keys = { ip: `ip:${ip}`, accountFromIp: `email-ip:${input.email}|${ip}`, account: `email:${input.email}` };
  const counts = await authRepo.countAttempt(db, Object.values(keys), windowSince());
  const within = (Object.keys(keys) as Array<keyof typeof keys>).filter((kind) => (counts[keys[kind]] ?? 0) <= MAX_FAILURES[kind]);
  if (within.length < Object.keys(keys).length) {
    // A refused attempt checked no password: it stays counted only where a limit was already reached.
    await authRepo.uncountAttempt(db, within.map((kind) => keys[kind]));
    throw new AppError('RATE_LIMITED', TOO_MANY);
  }
  const user = await authRepo.findUserByEmail(db, input.email);
  const ok = await verify(user?.passwordHash ?? (await timingDummy()), input.password);
  if (!user || !ok) throw new AppError('UNAUTHORIZED', 'Invalid email or password');
  await authRepo.clearAttempts(db, keys.accountFromIp);
  await authRepo.uncountAttempt(db, [keys.ip, keys.account]);
  if (user.disabledAt) throw new AppError('FORBIDDEN', ACCOUNT_DISABLED);
  return presentUser(user);
}

/**
 * Checks a signed-in user's current password before a sensitive account change (email, password,
 * deletion: modules/account). Wrong guesses count like failed sign-ins (5 per account in 15
 * minutes, then 429), so a stolen session cannot be used to guess the password.
 * Errors: RATE_LIMITED (429) after too many wrong passwords; FORBIDDEN (403) 'The current password is incorrect'.
 */
export async function checkCurrentPassword(db: Db, user: UserRow, password: string): Promise<void> {
  const key = `account-password:${user.id}`;
  // Counted before the check, atomically, so parallel guesses cannot all pass it.
  const { [key]: tries } = await authRepo.countAttempt(db, [key], windowSince());
  if (tries > MAX_FAILURES.accountFromIp) {
    throw new AppError('RATE_LIMITED', 'Too many wrong passwords. Please try again in 15 minutes.');
  }
  if (!(await verify(user.passwordHash, password))) throw new AppError('FORBIDDEN', ACCOUNT_MESSAGES.wrongPassword);
  await authRepo.uncountAttempt(db, [key]);
}

/**
 * Starts a session of `userId`; returns the raw cookie token (only its hash is stored). `userAgent` and `ip` are recorded
 * for the account page's sessions list (docs/requirements/administration.md#administration): the User-Agent (first 300 characters) and address.
 */
export async function startSession(ctx: AppContext, input: { userId: string; userAgent?: string; ip?: string }): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await authRepo.createSession(ctx.db, tokenHash(token), input.userId, new Date(Date.now() + SESSION_IDLE_SECONDS * 1000), {
    userAgent: input.userAgent?.slice(0, 300) || null, ip: input.ip || null,
  });
  return token;
}

/**
 * Resolves a cookie token to its user and the time the session ends — unless idle past
 * SESSION_IDLE_SECONDS or older than SESSION_MAX_AGE_SECONDS (30 days) — and, when `slide`
 * (every request but a session check, docs/requirements/account-and-settings.md#session-check), moves the inactivity expiry forward
 * (at most once a minute, so reads do not each write). `expiresAt` is the earlier of the idle
 * expiry and the 30-day maximum. Returns null for an unknown or expired session.
 */
export async function resumeSession(db: Db, token: string, slide = true): Promise<{ user: TUser; expiresAt: Date } | null> {
  const id = tokenHash(token);
  const found = await authRepo.findSession(db, id, new Date(Date.now() - SESSION_MAX_AGE_SECONDS * 1000));
  if (!found) return null;
  let idleEnd = found.expiresAt;
  const fresh = Date.now() + SESSION_IDLE_SECONDS * 1000;
  if (slide && fresh - found.expiresAt.getTime() > 60_000) {
    await authRepo.extendSession(db, id, new Date(fresh));
    idleEnd = new Date(fresh);
  }
  const maxEnd = found.createdAt.getTime() + SESSION_MAX_AGE_SECONDS * 1000;
  return { user: presentUser(found.user), expiresAt: new Date(Math.min(idleEnd.getTime(), maxEnd)) };
}

/** Ends the session of cookie `token` (sign-out); nothing when there is none. */
export async function endSession(ctx: AppContext, token: string): Promise<void> {
  await authRepo.deleteSession(ctx.db, tokenHash(token));
}

/**
 * Deletes expired sessions, attempt counters whose window is over and reset links a day past their expiry (scheduled
 * hourly as 'auth.purge'). Returns nothing; safe to run at any time.
 */
export async function purgeAuthRecords(db: Db): Promise<void> {
  await authRepo.deleteExpiredSessions(db, new Date(Date.now() - SESSION_MAX_AGE_SECONDS * 1000));
  await authRepo.deleteAttemptsBefore(db, windowSince());
  await authRepo.deletePasswordResetsBefore(db, new Date(Date.now() - 24 * 3600 * 1000));
}
