import { ZIdParams, ZPlansSchema, ZSetPlanSchema, ZSubscriptionSchema } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { route } from '../../platform/route.js';
import { currentSubscription, listPlans, setUserPlan } from './subscriptions.service.js';

/**
 * Subscription routes (docs/requirements/workflow.md#api; docs/requirements/plans-and-billing.md#plans):
 * - GET /api/plans → { plans, piece_prices } (public: the pricing page; docs/requirements/administration.md#administration).
 * - GET /api/subscriptions/current → TSubscription (401 anonymous).
 * - PUT /api/admin/users/{id}/plan {plan_id} → that user's TSubscription (401, 403 non-admin, 404 unknown user).
 */
export async function subscriptionsRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  route(app, {
    method: 'GET', url: '/api/plans', auth: 'public', summary: 'The plans with their prices, features and limits, and per-piece prices', tags: ['subscriptions'],
    response: ZPlansSchema,
  }, () => listPlans(ctx));

  route(app, {
    method: 'GET', url: '/api/subscriptions/current', auth: 'user', summary: 'The signed-in user\'s plan and features', tags: ['subscriptions'], response: ZSubscriptionSchema,
  }, (principal) => currentSubscription(ctx, principal));

  route(app, {
    method: 'PUT', url: '/api/admin/users/:id/plan', auth: 'admin', summary: 'Put a user on a plan (administrators)', tags: ['admin'],
    params: ZIdParams, body: ZSetPlanSchema, response: ZSubscriptionSchema, errors: [400, 404],
  }, (principal, { params, body }) => setUserPlan(ctx, principal, { id: params.id, ...body }));
}
