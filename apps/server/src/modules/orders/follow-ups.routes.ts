import { ZDeliveryFollowUpSaveSchema, ZDeliveryFollowUpSchema, ZIdParams } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { route } from '../../platform/route.js';
import { getDeliveryFollowUp, setDeliveryFollowUp } from './follow-ups.service.js';

/**
 * A project's delivered-piece follow-up (docs/requirements/mail-tracking.md#delivery-events) on the web app, for the signed-in
 * user; another user's project → 404:
 * - GET /api/projects/{id}/delivery-follow-up → TDeliveryFollowUp (the defaults, off, until saved)
 * - PUT /api/projects/{id}/delivery-follow-up {enabled, reinforcement_slot, delay_days} → TDeliveryFollowUp
 *   (400 delay out of range or an empty reinforcement slot, 402 without the plan's on-demand orders)
 */
export async function followUpsRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const tags = ['orders'];
  route(app, {
    method: 'GET', url: '/api/projects/:id/delivery-follow-up', auth: 'user', summary: 'The project\'s follow-up order after a delivery', tags,
    params: ZIdParams, response: ZDeliveryFollowUpSchema, errors: [400, 404],
  }, (principal, { params }) => getDeliveryFollowUp(ctx, principal, params.id));

  route(app, {
    method: 'PUT', url: '/api/projects/:id/delivery-follow-up', auth: 'user', summary: 'Order a reinforcement N days after each piece is delivered', tags,
    params: ZIdParams, body: ZDeliveryFollowUpSaveSchema, response: ZDeliveryFollowUpSchema, errors: [400, 402, 404],
  }, (principal, { params, body }) => setDeliveryFollowUp(ctx, principal, { ...body, projectId: params.id }));
}
