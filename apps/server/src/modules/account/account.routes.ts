import type { FastifyRequest } from 'fastify';
import {
  binary, ZAccountDeleteSchema, ZAccountNameSchema, ZAccountSchema, ZAccountSessionSchema, ZEmailChangeSchema, ZNoContent,
  ZPasswordChangedSchema, ZPasswordChangeSchema, ZSessionParams, ZSessionsEndedSchema, ZSettingsSchema, ZSettingsUpdateSchema,
} from '@mailcraft/shared';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { route } from '../../platform/route.js';
import {
  changeEmail, changePassword, endOneSession, endOtherSessions, getAccount, listSessions, renameAccount,
} from './account.service.js';
import { SESSION_COOKIE } from '../auth/session-auth.js';
import { deleteAccount } from './account-delete.service.js';
import { exportAccount } from './account-export.service.js';
import { getSettings, saveSettings } from './settings.service.js';

/** The session cookie of the request, to tell the current session from the others. */
const cookieToken = (req: FastifyRequest): string | undefined => req.cookies[SESSION_COOKIE];

/**
 * Account and settings routes (docs/requirements/administration.md#administration /account, /settings), for the signed-in user only (401 otherwise):
 * - GET    /api/account → TAccount; PATCH /api/account {given_name} → TAccount
 * - PUT    /api/account/email {email, current_password} → TAccount (403 wrong password, 409 taken, 429)
 * - PUT    /api/account/password {current_password, new_password} → {sessions_ended}: other sessions end
 * - GET    /api/account/sessions → TAccountSession[]; DELETE /api/account/sessions/{id} → 204;
 *   DELETE /api/account/sessions → {sessions_ended} (all but the current one)
 * - POST   /api/account/delete {confirm_email, current_password} → 204, session cookie cleared
 *   (400 wrong email, 403 wrong password, 409 last administrator)
 * - GET    /api/account/export → application/zip, streamed (429 while one runs)
 * - GET    /api/account/settings → TSettings; PUT /api/account/settings {time_zone, project_defaults, mailer_id?, imb_service_type_id?, imb_barcode_id?} → TSettings
 */
export async function accountRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const tags = ['account'];
  const errors = [400, 404] as const;
  const passwordErrors = [...errors, 403, 429] as const;
  const limit = { rateLimit: { max: 10, timeWindow: '1 minute' } };

  route(app, { method: 'GET', url: '/api/account', auth: 'user', summary: 'Your profile', tags, response: ZAccountSchema, errors },
    (principal) => getAccount(ctx, principal));

  route(app, {
    method: 'PATCH', url: '/api/account', auth: 'user', summary: 'Change your name', tags, body: ZAccountNameSchema, response: ZAccountSchema, errors,
  }, (principal, { body }) => renameAccount(ctx, principal, body));

  route(app, {
    method: 'PUT', url: '/api/account/email', auth: 'user', summary: 'Change your email (asks for the current password)', tags, config: limit,
    body: ZEmailChangeSchema, response: ZAccountSchema, errors: [...passwordErrors, 409],
  }, (principal, { body }) => changeEmail(ctx, principal, body));

  route(app, {
    method: 'PUT', url: '/api/account/password', auth: 'user', summary: 'Change your password; your other sessions are signed out', tags, config: limit,
    body: ZPasswordChangeSchema, response: ZPasswordChangedSchema, errors: passwordErrors,
  }, async (principal, { body }, { req }) => ({ sessions_ended: await changePassword(ctx, principal, { ...body, currentToken: cookieToken(req) }) }));

  route(app, {
    method: 'GET', url: '/api/account/sessions', auth: 'user', summary: 'Your active sessions', tags, response: z.array(ZAccountSessionSchema), errors,
  }, (principal, _input, { req }) => listSessions(ctx, principal, { currentToken: cookieToken(req) }));

  route(app, {
    method: 'DELETE', url: '/api/account/sessions/:id', auth: 'user', summary: 'Sign out one of your other sessions', tags,
    params: ZSessionParams, response: ZNoContent, status: 204, errors,
  }, (principal, { params }, { req }) => endOneSession(ctx, principal, { id: params.id, currentToken: cookieToken(req) }));

  route(app, {
    method: 'DELETE', url: '/api/account/sessions', auth: 'user', summary: 'Sign out all your other sessions', tags, response: ZSessionsEndedSchema, errors,
  }, async (principal, _input, { req }) => ({ sessions_ended: await endOtherSessions(ctx, principal, { currentToken: cookieToken(req) }) }));

  route(app, {
    method: 'POST', url: '/api/account/delete', auth: 'user', summary: 'Delete your account with its projects, lists, files and keys', tags, config: limit,
    body: ZAccountDeleteSchema, response: ZNoContent, status: 204, errors: [...passwordErrors, 409],
  }, async (principal, { body }, { reply }) => {
    await deleteAccount(ctx, principal, body);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
  });

  route(app, {
    method: 'GET', url: '/api/account/export', auth: 'user', summary: 'Download your data (ZIP)', tags,
    response: binary('application/zip', 'Your projects, designs, lists and print files'), errors: [...errors, 429],
  }, async (principal, _input, { reply }) => {
    const stream = await exportAccount(ctx, principal);
    const name = `mailcraft-data-${new Date().toISOString().slice(0, 10)}.zip`;
    return reply.type('application/zip').header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${name}"`).send(stream);
  });

  route(app, { method: 'GET', url: '/api/account/settings', auth: 'user', summary: 'Your settings', tags, response: ZSettingsSchema, errors },
    (principal) => getSettings(ctx, principal));

  route(app, {
    method: 'PUT', url: '/api/account/settings', auth: 'user', summary: 'Save your settings', tags, body: ZSettingsUpdateSchema, response: ZSettingsSchema, errors,
  }, (principal, { body }) => saveSettings(ctx, principal, body));
}
