import {
  ZCarrierSchema, ZEmailTestSchema, ZErrorSchema, ZIdParams, ZNoContent, ZNotificationDeliverySchema, ZNotificationInputSchema, ZNotificationSchema,
  ZNotificationsQuerySchema, ZNotificationTestResultSchema, ZOutboxSchema, ZSmsTestSchema, ZWebhookNotificationTestSchema,
} from '@mailcraft/shared';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { requirePrincipal, signedIn } from '../../platform/principal.js';
import { listCarriers } from './carriers.js';
import { sendTestEmail, sendTestSms, sendTestWebhook } from './notification-tests.service.js';
import { listOutbox } from './outbox.service.js';
import {
  createNotification, deleteNotification, getNotification, listNotifications, notificationHistory, updateNotification,
} from './notifications.service.js';

/**
 * Scan notifications (docs/requirements/maps.md#data); login required, another user's notification → 404:
 * - GET    /api/carriers → TCarrier[] (US) · GET /api/carriers/all → TCarrier[] (with international)
 * - GET    /api/notifications?project&listId → TNotification[]
 * - GET    /api/notifications/{id} → TNotification
 * - POST   /api/notifications → 201 TNotification (400 with the spec's messages, 402 upgrade)
 * - PUT    /api/notifications/{id} → TNotification (the update the spec leaves open: a full replace)
 * - DELETE /api/notifications/{id} → 204
 * - GET    /api/notifications/{id}/history → TNotificationDelivery[] (newest first)
 * - POST   /api/notifications/sms/test | email/test | webhook/test → TNotificationTestResult (400, 402, 502 when
 *   the mail server or endpoint refuses; 403 for an SMS or email recipient that is neither the account's own email
 *   nor saved in one of its notifications; 20 test sends per user per 10 minutes, then 429)
 * - GET    /api/outbox → TOutbox (mail kept because SMTP_URL is unset)
 */
export async function notificationsRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const tags = ['notifications'];
  const errors = { 400: ZErrorSchema, 401: ZErrorSchema, 404: ZErrorSchema };

  app.get('/api/carriers', {
    ...signedIn,
    schema: { summary: 'US carriers and their email-to-SMS gateways', tags, response: { 200: z.array(ZCarrierSchema), 401: ZErrorSchema } },
  }, async () => listCarriers(ctx, false));

  app.get('/api/carriers/all', {
    ...signedIn,
    schema: { summary: 'Every carrier, international ones included', tags, response: { 200: z.array(ZCarrierSchema), 401: ZErrorSchema } },
  }, async () => listCarriers(ctx, true));

  app.get('/api/notifications', {
    ...signedIn,
    schema: { summary: 'The user\'s notifications of a project or list', tags, querystring: ZNotificationsQuerySchema, response: { 200: z.array(ZNotificationSchema), ...errors } },
  }, async (req) => listNotifications(ctx, requirePrincipal(req), req.query));

  app.get('/api/notifications/:id', {
    ...signedIn,
    schema: { summary: 'One notification', tags, params: ZIdParams, response: { 200: ZNotificationSchema, ...errors } },
  }, async (req) => getNotification(ctx, requirePrincipal(req), req.params.id));

  app.post('/api/notifications', {
    ...signedIn,
    schema: { summary: 'Create an SMS, email or webhook notification', tags, body: ZNotificationInputSchema, response: { 201: ZNotificationSchema, 402: ZErrorSchema, ...errors } },
  }, async (req, reply) => reply.status(201).send(await createNotification(ctx, requirePrincipal(req), req.body)));

  app.put('/api/notifications/:id', {
    ...signedIn,
    schema: { summary: 'Replace a notification\'s settings (same type)', tags, params: ZIdParams, body: ZNotificationInputSchema, response: { 200: ZNotificationSchema, 402: ZErrorSchema, ...errors } },
  }, async (req) => updateNotification(ctx, requirePrincipal(req), req.params.id, req.body));

  app.delete('/api/notifications/:id', {
    ...signedIn,
    schema: { summary: 'Delete a notification and its history', tags, params: ZIdParams, response: { 204: ZNoContent, ...errors } },
  }, async (req, reply) => {
    await deleteNotification(ctx, requirePrincipal(req), req.params.id);
    return reply.status(204).send(null);
  });

  app.get('/api/notifications/:id/history', {
    ...signedIn,
    schema: { summary: 'A notification\'s delivery history', tags, params: ZIdParams, response: { 200: z.array(ZNotificationDeliverySchema), ...errors } },
  }, async (req) => notificationHistory(ctx, requirePrincipal(req), req.params.id));

  const testLimit = {
    rateLimit: {
      max: 20, timeWindow: '10 minutes', hook: 'preHandler' as const,
      keyGenerator: (req: { principal?: { userId: string } | null; ip: string }) => `notification-test:${req.principal?.userId ?? req.ip}`,
      errorResponseBuilder: (_req: unknown, c: { statusCode: number }) => Object.assign(new Error('Too many test sends; try again in a few minutes'), { statusCode: c.statusCode }),
    },
  };
  const testResponses = { 200: ZNotificationTestResultSchema, 402: ZErrorSchema, 403: ZErrorSchema, 429: ZErrorSchema, 502: ZErrorSchema, ...errors };

  app.post('/api/notifications/sms/test', {
    ...signedIn, config: testLimit,
    schema: { summary: 'Send a test SMS through the carrier\'s email-to-SMS gateway', tags, body: ZSmsTestSchema, response: testResponses },
  }, async (req) => sendTestSms(ctx, requirePrincipal(req), req.body));

  app.post('/api/notifications/email/test', {
    ...signedIn, config: testLimit,
    schema: { summary: 'Send a test email', tags, body: ZEmailTestSchema, response: testResponses },
  }, async (req) => sendTestEmail(ctx, requirePrincipal(req), req.body));

  app.post('/api/notifications/webhook/test', {
    ...signedIn, config: testLimit,
    schema: { summary: 'Send a signed test call to a composed webhook URL', tags, body: ZWebhookNotificationTestSchema, response: testResponses },
  }, async (req) => sendTestWebhook(ctx, requirePrincipal(req), req.body));

  app.get('/api/outbox', {
    ...signedIn,
    schema: { summary: 'Mail kept instead of sent when no SMTP server is configured', tags, response: { 200: ZOutboxSchema, 401: ZErrorSchema } },
  }, async (req) => listOutbox(ctx, requirePrincipal(req)));
}
