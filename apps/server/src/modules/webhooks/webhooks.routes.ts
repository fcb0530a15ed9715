import {
  ZDeliveryParams, ZIdParams, ZMailingListIdParams, ZNoContent, ZWebhookAttemptSchema, ZWebhookCreateSchema,
  ZWebhookDeliveriesQuerySchema, ZWebhookDeliveriesSchema, ZWebhookDeliverySchema, ZWebhookPatchSchema, ZWebhookSchema,
} from '@mailcraft/shared';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { route } from '../../platform/route.js';
import {
  createWebhook, deleteWebhook, listAttempts, listDeliveries, listWebhooks, resendDelivery, rotateSecret, sendTestEvent, setWebhookActive,
} from './webhooks.service.js';

/**
 * Per-list webhooks (docs/requirements/webhooks.md#webhook; deliveries as Standard Webhooks);
 * login required, another user's list, webhook or delivery → 404:
 * - GET    /api/webhooks/{mailingListId} → TWebhook[]
 * - POST   /api/webhooks → 201 TWebhook (400 validation, 402 'You need to upgrade your plan to save webhooks')
 * - PATCH  /api/webhooks/{id} {is_active} → TWebhook
 * - DELETE /api/webhooks/{id} → 204
 * - POST   /api/webhooks/{id}/rotate-secret → TWebhook
 * - POST   /api/webhooks/{id}/test → 202 TWebhookDelivery
 * - GET    /api/webhooks/{id}/deliveries?page&limit → TWebhookDeliveries
 * - GET    /api/webhooks/{id}/deliveries/{deliveryId}/attempts → TWebhookAttempt[]
 * - POST   /api/webhooks/{id}/deliveries/{deliveryId}/resend → 202 TWebhookDelivery (409 while pending)
 */
export async function webhooksRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const webhooks = { auth: 'user' as const, tags: ['webhooks'], errors: [400, 404] as const };

  route(app, {
    ...webhooks, method: 'GET', url: '/api/webhooks/:mailingListId', summary: 'A list\'s webhooks', params: ZMailingListIdParams, response: z.array(ZWebhookSchema),
  }, (principal, { params }) => listWebhooks(ctx, principal, params.mailingListId));

  route(app, {
    ...webhooks, method: 'POST', url: '/api/webhooks', summary: 'Add a webhook to a list', body: ZWebhookCreateSchema, response: ZWebhookSchema, status: 201,
    errors: [400, 402, 404],
  }, (principal, { body }) => createWebhook(ctx, principal, body));

  route(app, {
    ...webhooks, method: 'PATCH', url: '/api/webhooks/:id', summary: 'Turn a webhook on or off', params: ZIdParams, body: ZWebhookPatchSchema, response: ZWebhookSchema,
  }, (principal, { params, body }) => setWebhookActive(ctx, principal, { ...body, id: params.id }));

  route(app, {
    ...webhooks, method: 'DELETE', url: '/api/webhooks/:id', summary: 'Delete a webhook', params: ZIdParams, response: ZNoContent, status: 204,
  }, (principal, { params }) => deleteWebhook(ctx, principal, params.id));

  route(app, {
    ...webhooks, method: 'POST', url: '/api/webhooks/:id/rotate-secret', summary: 'Replace a webhook\'s signing secret', params: ZIdParams, response: ZWebhookSchema,
  }, (principal, { params }) => rotateSecret(ctx, principal, params.id));

  route(app, {
    ...webhooks, method: 'POST', url: '/api/webhooks/:id/test', summary: 'Send a test event', params: ZIdParams, response: ZWebhookDeliverySchema, status: 202,
  }, (principal, { params }) => sendTestEvent(ctx, principal, params.id));

  route(app, {
    ...webhooks, method: 'GET', url: '/api/webhooks/:id/deliveries', summary: 'A webhook\'s delivery log', params: ZIdParams, query: ZWebhookDeliveriesQuerySchema,
    response: ZWebhookDeliveriesSchema,
  }, (principal, { params, query }) => listDeliveries(ctx, principal, { ...query, id: params.id }));

  route(app, {
    ...webhooks, method: 'GET', url: '/api/webhooks/:id/deliveries/:deliveryId/attempts', summary: 'Every attempt of one delivery', params: ZDeliveryParams,
    response: z.array(ZWebhookAttemptSchema),
  }, (principal, { params }) => listAttempts(ctx, principal, params));

  route(app, {
    ...webhooks, method: 'POST', url: '/api/webhooks/:id/deliveries/:deliveryId/resend', summary: 'Send a delivery again', params: ZDeliveryParams,
    response: ZWebhookDeliverySchema, status: 202, errors: [400, 404, 409],
  }, (principal, { params }) => resendDelivery(ctx, principal, params));
}
