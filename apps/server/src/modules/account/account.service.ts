import { hash } from '@node-rs/argon2';
import Bowser from 'bowser';
import {
  ACCOUNT_MESSAGES as M, SESSION_MAX_AGE_SECONDS,
  type TAccount, type TAccountSession, type TEmailChange, type TPasswordChange,
} from '@mailcraft/shared';
import type { Db } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import type { ProjectDefaults, UserRow } from '../../db/schema/index.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { Principal } from '../../platform/principal.js';
import { ARGON2, checkCurrentPassword, tokenHash } from '../auth/auth.service.js';
import { voidPasswordResets } from '../auth/password-reset.service.js';
import { accountRepo } from './account.repo.js';

/** Length of the opaque session id shown to the user: a prefix of the stored SHA-256, never the cookie. */
const OPAQUE_ID_CHARS = 16;
const opaqueId = (storedId: string) => storedId.slice(0, OPAQUE_ID_CHARS);

async function ownRow(db: Db, principal: Principal): Promise<UserRow> {
  const row = await accountRepo.findUser(db, principal.userId);
  if (!row) throw notFound('Account');
  return row;
}

const present = (u: UserRow): TAccount => ({
  id: u.id, email: u.email, given_name: u.givenName, is_admin: u.isAdmin, created_at: u.createdAt.toISOString(),
});

/** GET /api/account (docs/requirements/administration.md#administration): the principal's profile. Errors: NOT_FOUND when the account is gone. */
export async function getAccount(ctx: AppContext, principal: Principal): Promise<TAccount> {
  return present(await ownRow(ctx.db, principal));
}

/** PATCH /api/account {given_name} (docs/requirements/administration.md#administration): renames the user; answers the profile. */
export async function renameAccount(ctx: AppContext, principal: Principal, input: { given_name: string }): Promise<TAccount> {
  const row = await accountRepo.updateUser(ctx.db, principal.userId, { givenName: input.given_name });
  if (!row) throw notFound('Account');
  return present(row);
}

/**
 * PUT /api/account/email (docs/requirements/administration.md#administration): moves the account to a new email (already lower-cased by
 * the schema, as at sign-up) after the current password.
 * Errors: FORBIDDEN (403) wrong password; RATE_LIMITED (429); CONFLICT (409) 'An account with
 * this email already exists' (the sign-up message).
 */
export async function changeEmail(ctx: AppContext, principal: Principal, input: TEmailChange): Promise<TAccount> {
  const { db } = ctx;
  const user = await ownRow(db, principal);
  await checkCurrentPassword(db, user, input.current_password);
  if (input.email === user.email) return present(user);
  if (await accountRepo.emailTaken(db, input.email, user.id)) throw new AppError('CONFLICT', M.emailTaken);
  try {
    return present((await accountRepo.updateUser(db, user.id, { email: input.email }))!);
  } catch (err) {
    // Two changes to one free address at once: the unique index decides.
    if (String((err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code) === '23505') throw new AppError('CONFLICT', M.emailTaken);
    throw err;
  }
}

/**
 * PUT /api/account/password (docs/requirements/administration.md#administration): sets a new password (argon2id, the sign-up parameters)
 * after the current one, ends every other session of the user — `currentToken`'s (the request's cookie) stays — and voids
 * open reset links. Returns how many sessions ended.
 * Errors: FORBIDDEN (403) wrong password; RATE_LIMITED (429); VALIDATION (400) same password.
 */
export async function changePassword(ctx: AppContext, principal: Principal, input: TPasswordChange & { currentToken?: string }): Promise<number> {
  const { db } = ctx;
  const { currentToken } = input;
  const user = await ownRow(db, principal);
  await checkCurrentPassword(db, user, input.current_password);
  if (input.new_password === input.current_password) throw new AppError('VALIDATION', M.samePassword);
  const passwordHash = await hash(input.new_password, ARGON2);
  return db.transaction(async (tx) => {
    await accountRepo.updateUser(tx, user.id, { passwordHash });
    await voidPasswordResets(tx, user.id);
    return accountRepo.deleteOtherSessions(tx, user.id, currentToken ? tokenHash(currentToken) : '');
  });
}

/** 'Chrome on Linux' from a User-Agent header (bowser); 'Unknown device' without one. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  let info: Bowser.Parser.ParsedResult | null = null;
  try { info = Bowser.parse(userAgent); } catch { info = null; }
  const browser = info?.browser.name;
  const os = info?.os.name;
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? 'Unknown device';
}

/**
 * GET /api/account/sessions (docs/requirements/administration.md#administration): the principal's sessions that are still valid, newest
 * first, each with an opaque id (a prefix of the stored hash), the device, the address and
 * whether it is the one making the request (`currentToken`, the request's cookie).
 */
export async function listSessions(ctx: AppContext, principal: Principal, input: { currentToken?: string }): Promise<TAccountSession[]> {
  const { currentToken } = input;
  const current = currentToken ? tokenHash(currentToken) : null;
  const oldest = Date.now() - SESSION_MAX_AGE_SECONDS * 1000;
  return (await accountRepo.listSessions(ctx.db, principal.userId))
    .filter((s) => s.createdAt.getTime() > oldest)
    .map((s) => ({
      id: opaqueId(s.id),
      created_at: s.createdAt.toISOString(),
      expires_at: new Date(Math.min(s.expiresAt.getTime(), s.createdAt.getTime() + SESSION_MAX_AGE_SECONDS * 1000)).toISOString(),
      device: describeDevice(s.userAgent),
      ip: s.ip,
      current: s.id === current,
    }));
}

/**
 * DELETE /api/account/sessions/{id} (docs/requirements/administration.md#administration): signs out one of the principal's other sessions,
 * found by its opaque `id` among the principal's own sessions only (`currentToken`: the request's cookie).
 * Errors: NOT_FOUND (404) 'Session not found' (unknown or another user's); VALIDATION (400) for the current session.
 */
export async function endOneSession(ctx: AppContext, principal: Principal, input: { id: string; currentToken?: string }): Promise<void> {
  const { db } = ctx;
  const { id, currentToken } = input;
  const found = (await accountRepo.listSessions(db, principal.userId)).filter((s) => opaqueId(s.id) === id);
  if (found.length === 0) throw new AppError('NOT_FOUND', M.sessionNotFound);
  if (currentToken && found.some((s) => s.id === tokenHash(currentToken))) throw new AppError('VALIDATION', M.currentSession);
  for (const s of found) await accountRepo.deleteSession(db, principal.userId, s.id);
}

/**
 * DELETE /api/account/sessions (docs/requirements/administration.md#administration): signs out every session of the principal but the
 * current one (`currentToken`, the request's cookie); returns how many.
 */
export async function endOtherSessions(ctx: AppContext, principal: Principal, input: { currentToken?: string }): Promise<number> {
  const { currentToken } = input;
  return accountRepo.deleteOtherSessions(ctx.db, principal.userId, currentToken ? tokenHash(currentToken) : '');
}

/**
 * The checks before an account is deleted (docs/requirements/administration.md#administration): the typed email must be the account's
 * (case-insensitive), the password right, and the user not the last administrator.
 * Errors: VALIDATION (400) 'Type your account email exactly to confirm'; FORBIDDEN (403) wrong
 * password; RATE_LIMITED (429); CONFLICT (409) for the last administrator.
 */
export async function confirmAccountDeletion(db: Db, principal: Principal, input: { confirm_email: string; current_password: string }): Promise<void> {
  const user = await ownRow(db, principal);
  if (input.confirm_email.trim().toLowerCase() !== user.email) throw new AppError('VALIDATION', M.confirmMismatch);
  await checkCurrentPassword(db, user, input.current_password);
  if (user.isAdmin && (await accountRepo.countOtherAdmins(db, user.id)) === 0) throw new AppError('CONFLICT', M.lastAdmin);
}

/**
 * Deletes the principal's account row; every row holding its user id goes with it (foreign keys
 * cascade; see db/schema). Call `confirmAccountDeletion` first and delete stored files after.
 */
export async function deleteAccountRows(db: Db, principal: Principal): Promise<void> {
  if (!(await accountRepo.deleteUser(db, principal.userId))) throw notFound('Account');
}

/**
 * The user's mail-tracking settings (docs/requirements/mail-tracking.md#imb-assignment): the Mailer ID IMbs are assigned
 * under (null: none), their Service Type ID (null: none chosen) and Barcode ID (null: never set, read as '00').
 */
export type UserImbSettings = { mailerId: string | null; imbServiceTypeId: string | null; imbBarcodeId: string | null };

/** The user's stored settings (docs/requirements/administration.md#administration /settings): time zone (null = the browser's), new-project defaults and the mail-tracking settings. */
export async function readUserSettings(db: Db, principal: Principal): Promise<{ timeZone: string | null; projectDefaults: ProjectDefaults } & UserImbSettings> {
  const row = await ownRow(db, principal);
  return { timeZone: row.timeZone, projectDefaults: row.projectDefaults, mailerId: row.mailerId, imbServiceTypeId: row.imbServiceTypeId, imbBarcodeId: row.imbBarcodeId };
}

/** Stores the user's settings (validated by the caller); mail-tracking settings left out keep their stored values. */
export async function saveUserSettings(
  db: Db, principal: Principal, settings: { timeZone: string | null; projectDefaults: ProjectDefaults } & Partial<UserImbSettings>,
): Promise<void> {
  if (!(await accountRepo.updateUser(db, principal.userId, settings))) throw notFound('Account');
}

/**
 * The principal's mail-tracking settings, as print reads them (docs/requirements/mail-tracking.md#imb-assignment); NOT_FOUND
 * when the account is gone.
 */
export async function readImbSettings(db: Db, principal: Principal): Promise<UserImbSettings> {
  const row = await ownRow(db, principal);
  return { mailerId: row.mailerId, imbServiceTypeId: row.imbServiceTypeId, imbBarcodeId: row.imbBarcodeId };
}
