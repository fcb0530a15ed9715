import {
  ZDeliveryParams, ZErrorSchema, ZIdParams, ZMailingListIdParams, ZNoContent, ZWebhookAttemptSchema, ZWebhookCreateSchema,
  ZWebhookDeliveriesQuerySchema, ZWebhookDeliveriesSchema, ZWebhookDeliverySchema, ZWebhookPatchSchema, ZWebhookSchema,
} from '@mailcraft/shared';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { requirePrincipal, signedIn } from '../../platform/principal.js';
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
  const tags = ['webhooks'];
  const errors = { 400: ZErrorSchema, 401: ZErrorSchema, 404: ZErrorSchema };

  app.get('/api/webhooks/:mailingListId', {
    ...signedIn,
    schema: { summary: 'A list\'s webhooks', tags, params: ZMailingListIdParams, response: { 200: z.array(ZWebhookSchema), ...errors } },
  }, async (req) => listWebhooks(ctx, requirePrincipal(req), req.params.mailingListId));

  app.post('/api/webhooks', {
    ...signedIn,
    schema: { summary: 'Add a webhook to a list', tags, body: ZWebhookCreateSchema, response: { 201: ZWebhookSchema, 402: ZErrorSchema, ...errors } },
  }, async (req, reply) => reply.status(201).send(await createWebhook(ctx, requirePrincipal(req), req.body)));

  app.patch('/api/webhooks/:id', {
    ...signedIn,
    schema: { summary: 'Turn a webhook on or off', tags, params: ZIdParams, body: ZWebhookPatchSchema, response: { 200: ZWebhookSchema, ...errors } },
  }, async (req) => setWebhookActive(ctx, requirePrincipal(req), req.params.id, req.body.is_active));

  app.delete('/api/webhooks/:id', {
    ...signedIn,
    schema: { summary: 'Delete a webhook', tags, params: ZIdParams, response: { 204: ZNoContent, ...errors } },
  }, async (req, reply) => {
    await deleteWebhook(ctx, requirePrincipal(req), req.params.id);
    return reply.status(204).send(null);
  });

  app.post('/api/webhooks/:id/rotate-secret', {
    ...signedIn,
    schema: { summary: 'Replace a webhook\'s signing secret', tags, params: ZIdParams, response: { 200: ZWebhookSchema, ...errors } },
  }, async (req) => rotateSecret(ctx, requirePrincipal(req), req.params.id));

  app.post('/api/webhooks/:id/test', {
    ...signedIn,
    schema: { summary: 'Send a test event', tags, params: ZIdParams, response: { 202: ZWebhookDeliverySchema, ...errors } },
  }, async (req, reply) => reply.status(202).send(await sendTestEvent(ctx, requirePrincipal(req), req.params.id)));

  app.get('/api/webhooks/:id/deliveries', {
    ...signedIn,
    schema: {
      summary: 'A webhook\'s delivery log', tags, params: ZIdParams, querystring: ZWebhookDeliveriesQuerySchema,
      response: { 200: ZWebhookDeliveriesSchema, ...errors },
    },
  }, async (req) => listDeliveries(ctx, requirePrincipal(req), req.params.id, req.query));

  app.get('/api/webhooks/:id/deliveries/:deliveryId/attempts', {
    ...signedIn,
    schema: { summary: 'Every attempt of one delivery', tags, params: ZDeliveryParams, response: { 200: z.array(ZWebhookAttemptSchema), ...errors } },
  }, async (req) => listAttempts(ctx, requirePrincipal(req), req.params.id, req.params.deliveryId));

  app.post('/api/webhooks/:id/deliveries/:deliveryId/resend', {
    ...signedIn,
    schema: { summary: 'Send a delivery again', tags, params: ZDeliveryParams, response: { 202: ZWebhookDeliverySchema, 409: ZErrorSchema, ...errors } },
  }, async (req, reply) => reply.status(202).send(await resendDelivery(ctx, requirePrincipal(req), req.params.id, req.params.deliveryId)));
}
