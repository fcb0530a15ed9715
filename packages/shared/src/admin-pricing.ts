import { z } from 'zod';
import { PLAN_IDS } from './plan-keys.js';
import { PIECE_PRICE_KEYS, ZPlanFeaturesSchema } from './plans.js';

/** Highest monthly plan price and per-piece price an administrator may set, US dollars (a typo guard). */
export const PRICE_LIMITS = { monthly: 100_000, piece: 1_000 } as const;

/** Names of the per-piece prices (docs/requirements/administration.md#administration admin pricing). */
export const PIECE_PRICE_LABELS: Record<(typeof PIECE_PRICE_KEYS)[number], string> = {
  print_piece: 'Mail piece in a print file',
  mailing: 'On-demand mailing piece',
  reinforcement: 'On-demand reinforcement piece',
};

const dollars = (max: number) => z.number({ error: 'Enter a price in dollars' }).min(0, 'A price cannot be negative').max(max, `A price may be at most $${max.toLocaleString('en-US')}`)
  .refine((v) => Math.round(v * 100) === Number((v * 100).toFixed(6)), 'Use whole cents');

/** PUT /api/admin/plans/{id} body: a plan's name, monthly price and features (docs/requirements/administration.md#administration admin pricing). */
export const ZPlanUpdateSchema = z.object({
  name: z.string().trim().min(1, 'Plan name is required').max(60, 'Plan name may be at most 60 characters').describe('Name shown on the pricing page'),
  monthly_price: dollars(PRICE_LIMITS.monthly).describe('Price per month, US dollars (whole cents)'),
  features: ZPlanFeaturesSchema.refine((f) => f.max_projects >= 1 && f.max_list_rows >= 1, 'Limits must be at least 1').describe('Features on or off and the plan\'s limits'),
}).meta({ id: 'PlanUpdate' });
export type TPlanUpdate = z.infer<typeof ZPlanUpdateSchema>;

/** One dated per-piece price (docs/requirements/administration.md#administration: prices effective from a date). */
export const ZPiecePriceSchema = z.object({
  id: z.string().describe('Schedule entry id'),
  key: z.enum(PIECE_PRICE_KEYS).describe('What is priced: print_piece, mailing or reinforcement'),
  amount: z.number().describe('Price of one piece, US dollars'),
  effective_from: z.string().describe('First day the price applies, YYYY-MM-DD (UTC)'),
  status: z.enum(['past', 'current', 'upcoming']).describe('Replaced by a later price, in force today, or from a later day'),
}).meta({ id: 'PiecePrice' });
export type TPiecePrice = z.infer<typeof ZPiecePriceSchema>;

/** POST /api/admin/prices body: schedule a price from today or a later day (earlier days are history and stay). */
export const ZPiecePriceInputSchema = z.object({
  key: z.enum(PIECE_PRICE_KEYS, { error: `Price must be one of ${PIECE_PRICE_KEYS.join(', ')}` }).describe('What is priced'),
  amount: dollars(PRICE_LIMITS.piece).describe('Price of one piece, US dollars (whole cents)'),
  effective_from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date as YYYY-MM-DD').describe('First day the price applies, YYYY-MM-DD (UTC); today or later'),
}).meta({ id: 'PiecePriceToSchedule' });
export type TPiecePriceInput = z.infer<typeof ZPiecePriceInputSchema>;

/** GET /api/admin/pricing: every plan as the editor shows it and the per-piece price schedule. */
export const ZAdminPricingSchema = z.object({
  plans: z.array(z.object({
    id: z.enum(PLAN_IDS).describe('Plan id'),
    name: z.string().describe('Name shown on the pricing page'),
    monthly_price: z.number().describe('Price per month, US dollars'),
    features: ZPlanFeaturesSchema,
    subscribers: z.number().int().describe('Users on this plan now'),
  }).describe('A plan')).describe('Every plan, cheapest first'),
  prices: z.array(ZPiecePriceSchema).describe('The per-piece price schedule, newest day first per key'),
}).meta({ id: 'AdminPricing' });
export type TAdminPricing = z.infer<typeof ZAdminPricingSchema>;

/** Admin pricing messages (docs/requirements/administration.md#administration). */
export const PRICING_MESSAGES = {
  pastDate: 'A price can only be scheduled from today or a later day: earlier prices are history',
  notUpcoming: 'Only a price that has not started yet can be removed',
} as const;
