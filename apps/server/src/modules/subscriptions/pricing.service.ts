import {
  PIECE_PRICE_LABELS, PRICING_MESSAGES as M, ZPlanFeaturesSchema, type PiecePriceKey, type PlanId, type TAdminPricing, type TPiecePrice, type TPiecePriceInput, type TPlanUpdate,
} from '@mailcraft/shared';
import type { Db } from '../../db/client.js';
import { invalidate } from '../../platform/cache-invalidation.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { isUuid } from '../../platform/ids.js';
import type { Principal } from '../../platform/principal.js';
import { recordAdminChange } from '../audit/audit.service.js';
import { pricingRepo, type PriceRow } from './pricing.repo.js';

/** Today's date in UTC, YYYY-MM-DD (prices change at 00:00 UTC). */
const utcDay = (now: Date) => now.toISOString().slice(0, 10);
const cents = (dollars: number) => Math.round(dollars * 100);
const money = (c: number) => `$${(c / 100).toFixed(2)}`;

/** Marks each schedule row past, current (the latest not after today, per key) or upcoming. */
function presentSchedule(rows: PriceRow[], today: string): TPiecePrice[] {
  const currentOf = new Map<string, string>();
  for (const r of rows) if (r.effectiveFrom <= today && !currentOf.has(r.key)) currentOf.set(r.key, r.id); // rows: newest day first per key
  return rows.map((r) => ({
    id: r.id, key: r.key as PiecePriceKey, amount: r.amountCents / 100, effective_from: r.effectiveFrom,
    status: r.effectiveFrom > today ? 'upcoming' : currentOf.get(r.key) === r.id ? 'current' : 'past',
  }));
}

/** GET /api/admin/pricing (docs/requirements/administration.md#administration; administrators — the route checks): plans with their subscribers, and the price schedule. */
export async function adminPricing(ctx: AppContext, _admin: Principal): Promise<TAdminPricing> {
  return pricingAt(ctx.db, new Date());
}

/** `adminPricing` as of `now` (the schedule's past, current and upcoming prices). */
async function pricingAt(db: Db, now: Date): Promise<TAdminPricing> {
  const [plans, schedule] = await Promise.all([pricingRepo.plansWithSubscribers(db), pricingRepo.schedule(db)]);
  return {
    plans: plans.map(({ plan, subscribers }) => ({
      id: plan.id as PlanId, name: plan.name, monthly_price: plan.monthlyPriceCents / 100, features: ZPlanFeaturesSchema.parse(plan.features), subscribers,
    })),
    prices: presentSchedule(schedule, utcDay(now)),
  };
}

/**
 * PUT /api/admin/plans/{id} (docs/requirements/administration.md#administration admin pricing): plan `id`'s name, monthly price and features;
 * users on it have the new features on their next request, and their running work in every process at once
 * (`plans` invalidated for every user, docs/architecture.md#caches-across-processes). Audited with the changed fields.
 * Errors: NOT_FOUND (404) unknown plan.
 */
export async function updatePlan(ctx: AppContext, admin: Principal, input: { id: string } & TPlanUpdate): Promise<TAdminPricing> {
  const { db } = ctx;
  const { id } = input;
  const plan = await pricingRepo.planById(db, id);
  if (!plan) throw notFound('Plan');
  const before = { name: plan.name, monthly_price: plan.monthlyPriceCents / 100, features: plan.features };
  const after = { name: input.name, monthly_price: cents(input.monthly_price) / 100, features: input.features };
  const changed = (Object.keys(after) as Array<keyof typeof after>).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  if (changed.length) {
    await db.transaction(async (tx) => {
      await pricingRepo.updatePlan(tx, id, { name: input.name, monthlyPriceCents: cents(input.monthly_price), features: input.features });
      await recordAdminChange(tx, admin, {
        area: 'pricing', action: 'plan.update', targetId: id, summary: `Changed the ${plan.name} plan (${changed.join(', ').replaceAll('_', ' ')})`,
        before: Object.fromEntries(changed.map((k) => [k, before[k]])), after: Object.fromEntries(changed.map((k) => [k, after[k]])),
      });
    });
    await invalidate(ctx, 'plans', null);
  }
  return pricingAt(db, new Date());
}

/**
 * POST /api/admin/prices (docs/requirements/administration.md#administration: per-piece prices effective from a date): the price of `key`
 * from `effective_from` (UTC day, today or later; a price already set for that day is replaced).
 * Orders and print files use the price in force on their day. Audited.
 * Errors: VALIDATION (400) for a day before today.
 */
export async function schedulePrice(ctx: AppContext, admin: Principal, input: TPiecePriceInput): Promise<TAdminPricing> {
  const { db } = ctx;
  const now = new Date();
  const today = utcDay(now);
  if (Number.isNaN(Date.parse(`${input.effective_from}T00:00:00Z`))) throw new AppError('VALIDATION', 'Enter the date as YYYY-MM-DD');
  if (input.effective_from < today) throw new AppError('VALIDATION', M.pastDate);
  await db.transaction(async (tx) => {
    const { replaced } = await pricingRepo.schedulePrice(tx, input.key, cents(input.amount), input.effective_from);
    await recordAdminChange(tx, admin, {
      area: 'pricing', action: 'price.schedule', targetId: input.key,
      summary: `${PIECE_PRICE_LABELS[input.key]}: ${money(cents(input.amount))} from ${input.effective_from}`,
      before: replaced ? { amount: replaced.amountCents / 100, effective_from: replaced.effectiveFrom } : null,
      after: { amount: cents(input.amount) / 100, effective_from: input.effective_from },
    });
  });
  return pricingAt(db, now);
}

/**
 * DELETE /api/admin/prices/{id}: removes price `id` when it has not started yet (its day is after today).
 * Audited. Errors: NOT_FOUND (404); CONFLICT (409) 'Only a price that has not started yet can be removed'.
 */
export async function deleteUpcomingPrice(ctx: AppContext, admin: Principal, id: string): Promise<TAdminPricing> {
  const { db } = ctx;
  const now = new Date();
  const row = isUuid(id) ? await pricingRepo.priceById(db, id) : undefined;
  if (!row) throw notFound('Price');
  await db.transaction(async (tx) => {
    const deleted = await pricingRepo.deleteUpcoming(tx, id, utcDay(now));
    if (!deleted) throw new AppError('CONFLICT', M.notUpcoming);
    await recordAdminChange(tx, admin, {
      area: 'pricing', action: 'price.remove', targetId: row.key,
      summary: `${PIECE_PRICE_LABELS[row.key as PiecePriceKey] ?? row.key}: removed ${money(row.amountCents)} from ${row.effectiveFrom}`,
      before: { amount: row.amountCents / 100, effective_from: row.effectiveFrom }, after: null,
    });
  });
  return pricingAt(db, now);
}
