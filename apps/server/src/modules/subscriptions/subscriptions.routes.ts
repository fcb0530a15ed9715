import { ZErrorSchema, ZIdParams, ZPlansSchema, ZSetPlanSchema, ZSubscriptionSchema } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { adminOnly, requirePrincipal, signedIn } from '../../platform/principal.js';
import { currentSubscription, listPlans, setUserPlan } from './subscriptions.service.js';

/**
 * Subscription routes (docs/requirements/workflow.md#api; docs/requirements/plans-and-billing.md#plans):
 * - GET /api/plans → { plans, piece_prices } (public: the pricing page; docs/requirements/administration.md#administration).
 * - GET /api/subscriptions/current → TSubscription (401 anonymous).
 * - PUT /api/admin/users/{id}/plan {plan_id} → that user's TSubscription (401, 403 non-admin, 404 unknown user).
 */
export async function subscriptionsRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  app.get('/api/plans', {
    schema: { summary: 'The plans with their prices, features and limits, and per-piece prices', tags: ['subscriptions'], response: { 200: ZPlansSchema } },
  }, async () => listPlans(ctx.db));

  app.get('/api/subscriptions/current', {
    ...signedIn,
    schema: { summary: 'The signed-in user\'s plan and features', tags: ['subscriptions'], response: { 200: ZSubscriptionSchema, 401: ZErrorSchema } },
  }, async (req) => currentSubscription(ctx.db, requirePrincipal(req)));

  app.put('/api/admin/users/:id/plan', {
    ...adminOnly,
    schema: {
      summary: 'Put a user on a plan (administrators)', tags: ['admin'],
      params: ZIdParams, body: ZSetPlanSchema,
      response: { 200: ZSubscriptionSchema, 400: ZErrorSchema, 401: ZErrorSchema, 403: ZErrorSchema, 404: ZErrorSchema },
    },
  }, async (req) => setUserPlan(ctx.db, requirePrincipal(req), req.params.id, req.body));
}
