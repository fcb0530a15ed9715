import { z } from 'zod';
import { PLAN_IDS } from './plan-keys.js';

/** A plan's features map: every feature key on or off, every limit a number. */
export const ZPlanFeaturesSchema = z.object({
  print_files: z.boolean().describe('Create print-ready PDF files'),
  qr_codes: z.boolean().describe('Save QR code configurations'),
  webhooks: z.boolean().describe('Webhooks on scans'),
  notifications: z.boolean().describe('SMS and email scan notifications'),
  maps: z.boolean().describe('Personalised route maps'),
  api: z.boolean().describe('The Print-on-Demand API (docs/requirements/print-on-demand-api.md#print-on-demand-api: Pro or higher)'),
  max_projects: z.number().int().describe('Most projects a user may have'),
  max_list_rows: z.number().int().describe('Most records in one mailing list'),
}).meta({ id: 'PlanFeatures' });
export type TPlanFeatures = z.infer<typeof ZPlanFeaturesSchema>;

/** GET /api/subscriptions/current (docs/requirements/plans-and-billing.md#plans). */
export const ZSubscriptionSchema = z.object({
  subscription: z.object({
    plan: z.object({
      id: z.enum(PLAN_IDS).describe('Plan id'),
      name: z.enum(PLAN_IDS).describe('Plan name as the spec uses it (free, pay_as_you_go, pro, business)'),
      display_name: z.string().describe('Plan name to show'),
      features: ZPlanFeaturesSchema,
    }).describe('The current plan'),
    status: z.string().describe('Subscription status, e.g. active'),
  }).describe('The user\'s subscription'),
  features: ZPlanFeaturesSchema,
}).meta({ id: 'Subscription' });
export type TSubscription = z.infer<typeof ZSubscriptionSchema>;

/** PUT /api/admin/users/{id}/plan body. */
export const ZSetPlanSchema = z.object({
  plan_id: z.enum(PLAN_IDS, { error: `Plan must be one of ${PLAN_IDS.join(', ')}` }).describe('The plan to put the user on'),
});
export type TSetPlan = z.infer<typeof ZSetPlanSchema>;


/** Keys of the per-piece price schedule (docs/requirements/administration.md#administration admin pricing). */
export const PIECE_PRICE_KEYS = ['print_piece', 'mailing', 'reinforcement'] as const;
export type PiecePriceKey = (typeof PIECE_PRICE_KEYS)[number];

/** A plan as GET /api/plans lists it (docs/requirements/administration.md#administration: the pricing page; docs/requirements/designer.md#limits plans). */
export const ZPlanSchema = z.object({
  id: z.enum(PLAN_IDS).describe('Plan id'),
  name: z.string().describe('Plan name to show'),
  monthly_price: z.number().describe('Price per month in US dollars; 0 for the free plans'),
  features: ZPlanFeaturesSchema,
}).meta({ id: 'Plan' });
export type TPlan = z.infer<typeof ZPlanSchema>;

/** GET /api/plans (public): the plans cheapest first and the per-piece prices of on-demand orders. */
export const ZPlansSchema = z.object({
  plans: z.array(ZPlanSchema).describe('Every plan, cheapest first'),
  piece_prices: z.object({
    print_piece: z.number().describe('One mail piece in a print file, US dollars'),
    mailing: z.number().describe('One on-demand mailing piece, US dollars (docs/requirements/print-on-demand-api.md#limits sample: 1.25)'),
    reinforcement: z.number().describe('One reinforcement piece, US dollars (docs/requirements/print-on-demand-api.md#limits sample: 0.25)'),
  }).describe('Per-piece prices of on-demand orders'),
}).meta({ id: 'Plans' });
export type TPlans = z.infer<typeof ZPlansSchema>;
