import {
  ZCarrierSchema, ZEmailTestSchema, ZIdParams, ZNoContent, ZNotificationDeliverySchema, ZNotificationInputSchema, ZNotificationSchema,
  ZNotificationsQuerySchema, ZNotificationTestResultSchema, ZOutboxSchema, ZSmsTestSchema, ZWebhookNotificationTestSchema,
} from '@mailcraft/shared';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { route } from '../../platform/route.js';
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
  const errors = [400, 404] as const;

  route(app, { method: 'GET', url: '/api/carriers', auth: 'user', summary: 'US carriers and their email-to-SMS gateways', tags, response: z.array(ZCarrierSchema) },
    (principal) => listCarriers(ctx, principal, false));

  route(app, { method: 'GET', url: '/api/carriers/all', auth: 'user', summary: 'Every carrier, international ones included', tags, response: z.array(ZCarrierSchema) },
    (principal) => listCarriers(ctx, principal, true));

  route(app, {
    method: 'GET', url: '/api/notifications', auth: 'user', summary: 'The user\'s notifications of a project or list', tags, query: ZNotificationsQuerySchema,
    response: z.array(ZNotificationSchema), errors,
  }, (principal, { query }) => listNotifications(ctx, principal, query));

  route(app, {
    method: 'GET', url: '/api/notifications/:id', auth: 'user', summary: 'One notification', tags, params: ZIdParams, response: ZNotificationSchema, errors,
  }, (principal, { params }) => getNotification(ctx, principal, params.id));

  route(app, {
    method: 'POST', url: '/api/notifications', auth: 'user', summary: 'Create an SMS, email or webhook notification', tags, body: ZNotificationInputSchema,
    response: ZNotificationSchema, status: 201, errors: [...errors, 402],
  }, (principal, { body }) => createNotification(ctx, principal, body));

  route(app, {
    method: 'PUT', url: '/api/notifications/:id', auth: 'user', summary: 'Replace a notification\'s settings (same type)', tags, params: ZIdParams,
    body: ZNotificationInputSchema, response: ZNotificationSchema, errors: [...errors, 402],
  }, (principal, { params, body }) => updateNotification(ctx, principal, { ...body, id: params.id }));

  route(app, {
    method: 'DELETE', url: '/api/notifications/:id', auth: 'user', summary: 'Delete a notification and its history', tags, params: ZIdParams,
    response: ZNoContent, status: 204, errors,
  }, (principal, { params }) => deleteNotification(ctx, principal, params.id));

  route(app, {
    method: 'GET', url: '/api/notifications/:id/history', auth: 'user', summary: 'A notification\'s delivery history', tags, params: ZIdParams,
    response: z.array(ZNotificationDeliverySchema), errors,
  }, (principal, { params }) => notificationHistory(ctx, principal, params.id));

  const testSend = {
    auth: 'user' as const, tags, response: ZNotificationTestResultSchema, errors: [...errors, 402, 403, 429, 502] as const,
    config: {
      rateLimit: {
        max: 20, timeWindow: '10 minutes', hook: 'preHandler' as const,
        keyGenerator: (req: { principal?: { userId: string } | null; ip: string }) => `notification-test:${req.principal?.userId ?? req.ip}`,
        errorResponseBuilder: (_req: unknown, c: { statusCode: number }) => Object.assign(new Error('Too many test sends; try again in a few minutes'), { statusCode: c.statusCode }),
      },
    },
  };

  route(app, {
    ...testSend, method: 'POST', url: '/api/notifications/sms/test', summary: 'Send a test SMS through the carrier\'s email-to-SMS gateway', body: ZSmsTestSchema,
  }, (principal, { body }) => sendTestSms(ctx, principal, body));

  route(app, { ...testSend, method: 'POST', url: '/api/notifications/email/test', summary: 'Send a test email', body: ZEmailTestSchema },
    (principal, { body }) => sendTestEmail(ctx, principal, body));

  route(app, {
    ...testSend, method: 'POST', url: '/api/notifications/webhook/test', summary: 'Send a signed test call to a composed webhook URL', body: ZWebhookNotificationTestSchema,
  }, (principal, { body }) => sendTestWebhook(ctx, principal, body));

  route(app, { method: 'GET', url: '/api/outbox', auth: 'user', summary: 'Mail kept instead of sent when no SMTP server is configured', tags, response: ZOutboxSchema },
    (principal) => listOutbox(ctx, principal));
}
