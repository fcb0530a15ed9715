import type { FastifyRequest } from 'fastify';
import {
  binary, ZAccountDeleteSchema, ZAccountNameSchema, ZAccountSchema, ZAccountSessionSchema, ZEmailChangeSchema, ZErrorSchema, ZNoContent,
  ZPasswordChangedSchema, ZPasswordChangeSchema, ZSessionParams, ZSessionsEndedSchema, ZSettingsSchema, ZSettingsUpdateSchema,
} from '@mailcraft/shared';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { requirePrincipal, signedIn } from '../../platform/principal.js';
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
 * - GET    /api/account/settings → TSettings; PUT /api/account/settings {time_zone, project_defaults} → TSettings
 */
export async function accountRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const tags = ['account'];
  const errors = { 400: ZErrorSchema, 401: ZErrorSchema, 404: ZErrorSchema };
  const passwordErrors = { ...errors, 403: ZErrorSchema, 429: ZErrorSchema };

  app.get('/api/account', {
    ...signedIn,
    schema: { summary: 'Your profile', tags, response: { 200: ZAccountSchema, ...errors } },
  }, async (req) => getAccount(db, requirePrincipal(req)));

  app.patch('/api/account', {
    ...signedIn,
    schema: { summary: 'Change your name', tags, body: ZAccountNameSchema, response: { 200: ZAccountSchema, ...errors } },
  }, async (req) => renameAccount(db, requirePrincipal(req), req.body.given_name));

  app.put('/api/account/email', {
    ...signedIn,
    config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    schema: {
      summary: 'Change your email (asks for the current password)', tags, body: ZEmailChangeSchema,
      response: { 200: ZAccountSchema, ...passwordErrors, 409: ZErrorSchema },
    },
  }, async (req) => changeEmail(db, requirePrincipal(req), req.body));

  app.put('/api/account/password', {
    ...signedIn,
    config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    schema: {
      summary: 'Change your password; your other sessions are signed out', tags, body: ZPasswordChangeSchema,
      response: { 200: ZPasswordChangedSchema, ...passwordErrors },
    },
  }, async (req) => ({ sessions_ended: await changePassword(db, requirePrincipal(req), req.body, cookieToken(req)) }));

  app.get('/api/account/sessions', {
    ...signedIn,
    schema: { summary: 'Your active sessions', tags, response: { 200: z.array(ZAccountSessionSchema), ...errors } },
  }, async (req) => listSessions(db, requirePrincipal(req), cookieToken(req)));

  app.delete('/api/account/sessions/:id', {
    ...signedIn,
    schema: { summary: 'Sign out one of your other sessions', tags, params: ZSessionParams, response: { 204: ZNoContent, ...errors } },
  }, async (req, reply) => {
    await endOneSession(db, requirePrincipal(req), req.params.id, cookieToken(req));
    return reply.status(204).send(null);
  });

  app.delete('/api/account/sessions', {
    ...signedIn,
    schema: { summary: 'Sign out all your other sessions', tags, response: { 200: ZSessionsEndedSchema, ...errors } },
  }, async (req) => ({ sessions_ended: await endOtherSessions(db, requirePrincipal(req), cookieToken(req)) }));

  app.post('/api/account/delete', {
    ...signedIn,
    config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    schema: {
      summary: 'Delete your account with its projects, lists, files and keys', tags, body: ZAccountDeleteSchema,
      response: { 204: ZNoContent, ...passwordErrors, 409: ZErrorSchema },
    },
  }, async (req, reply) => {
    await deleteAccount(ctx, requirePrincipal(req), req.body);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.status(204).send(null);
  });

  app.get('/api/account/export', {
    ...signedIn,
    schema: { summary: 'Download your data (ZIP)', tags, response: { 200: binary('application/zip', 'Your projects, designs, lists and print files'), ...errors, 429: ZErrorSchema } },
  }, async (req, reply) => {
    const stream = exportAccount(ctx, requirePrincipal(req));
    const name = `mailcraft-data-${new Date().toISOString().slice(0, 10)}.zip`;
    return reply.type('application/zip').header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${name}"`).send(stream);
  });

  app.get('/api/account/settings', {
    ...signedIn,
    schema: { summary: 'Your settings', tags, response: { 200: ZSettingsSchema, ...errors } },
  }, async (req) => getSettings(ctx, requirePrincipal(req)));

  app.put('/api/account/settings', {
    ...signedIn,
    schema: { summary: 'Save your settings', tags, body: ZSettingsUpdateSchema, response: { 200: ZSettingsSchema, ...errors } },
  }, async (req) => saveSettings(ctx, requirePrincipal(req), req.body));
}
