import { PLAN_IDS, ZAdminPricingSchema, ZErrorSchema, ZIdParams, ZPiecePriceInputSchema, ZPlanUpdateSchema } from '@mailcraft/shared';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { adminOnly, requirePrincipal } from '../../platform/principal.js';
import { adminPricing, deleteUpcomingPrice, schedulePrice, updatePlan } from './pricing.service.js';

/**
 * Administrators' pricing (docs/requirements/administration.md#administration admin pricing); every answer is the whole TAdminPricing:
 * - GET    /api/admin/pricing → plans (with subscribers) and the per-piece price schedule
 * - PUT    /api/admin/plans/{id} {name, monthly_price, features}
 * - POST   /api/admin/prices {key, amount, effective_from} (today or later)
 * - DELETE /api/admin/prices/{id} (only a price that has not started; 409 otherwise)
 */
export async function adminPricingRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const tags = ['admin'];
  const errors = { 400: ZErrorSchema, 401: ZErrorSchema, 403: ZErrorSchema, 404: ZErrorSchema };

  app.get('/api/admin/pricing', {
    ...adminOnly,
    schema: { summary: 'Plans and per-piece prices (administrators)', tags, response: { 200: ZAdminPricingSchema, ...errors } },
  }, async () => adminPricing(db));

  app.put('/api/admin/plans/:id', {
    ...adminOnly,
    schema: {
      summary: 'Change a plan\'s name, price and features (administrators)', tags,
      params: z.object({ id: z.enum(PLAN_IDS).describe('Plan id') }), body: ZPlanUpdateSchema, response: { 200: ZAdminPricingSchema, ...errors },
    },
  }, async (req) => updatePlan(db, requirePrincipal(req), req.params.id, req.body));

  app.post('/api/admin/prices', {
    ...adminOnly,
    schema: { summary: 'Set a per-piece price from a day (administrators)', tags, body: ZPiecePriceInputSchema, response: { 200: ZAdminPricingSchema, ...errors } },
  }, async (req) => schedulePrice(db, requirePrincipal(req), req.body));

  app.delete('/api/admin/prices/:id', {
    ...adminOnly,
    schema: { summary: 'Remove a price that has not started (administrators)', tags, params: ZIdParams, response: { 200: ZAdminPricingSchema, ...errors, 409: ZErrorSchema } },
  }, async (req) => deleteUpcomingPrice(db, requirePrincipal(req), req.params.id));
}
