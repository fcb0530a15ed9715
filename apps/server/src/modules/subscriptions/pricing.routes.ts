import { PLAN_IDS, ZAdminPricingSchema, ZIdParams, ZPiecePriceInputSchema, ZPlanUpdateSchema } from '@mailcraft/shared';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { route } from '../../platform/route.js';
import { adminPricing, deleteUpcomingPrice, schedulePrice, updatePlan } from './pricing.service.js';

/**
 * Administrators' pricing (docs/requirements/administration.md#administration admin pricing); every answer is the whole TAdminPricing:
 * - GET    /api/admin/pricing → plans (with subscribers) and the per-piece price schedule
 * - PUT    /api/admin/plans/{id} {name, monthly_price, features}
 * - POST   /api/admin/prices {key, amount, effective_from} (today or later)
 * - DELETE /api/admin/prices/{id} (only a price that has not started; 409 otherwise)
 */
export async function adminPricingRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const tags = ['admin'];
  const errors = [400, 404] as const;

  route(app, { method: 'GET', url: '/api/admin/pricing', auth: 'admin', summary: 'Plans and per-piece prices (administrators)', tags, response: ZAdminPricingSchema, errors },
    (principal) => adminPricing(ctx, principal));

  route(app, {
    method: 'PUT', url: '/api/admin/plans/:id', auth: 'admin', summary: 'Change a plan\'s name, price and features (administrators)', tags,
    params: z.object({ id: z.enum(PLAN_IDS).describe('Plan id') }), body: ZPlanUpdateSchema, response: ZAdminPricingSchema, errors,
  }, (principal, { params, body }) => updatePlan(ctx, principal, { id: params.id, ...body }));

  route(app, {
    method: 'POST', url: '/api/admin/prices', auth: 'admin', summary: 'Set a per-piece price from a day (administrators)', tags,
    body: ZPiecePriceInputSchema, response: ZAdminPricingSchema, errors,
  }, (principal, { body }) => schedulePrice(ctx, principal, body));

  route(app, {
    method: 'DELETE', url: '/api/admin/prices/:id', auth: 'admin', summary: 'Remove a price that has not started (administrators)', tags,
    params: ZIdParams, response: ZAdminPricingSchema, errors: [...errors, 409],
  }, (principal, { params }) => deleteUpcomingPrice(ctx, principal, params.id));
}
