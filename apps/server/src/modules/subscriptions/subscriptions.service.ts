import { featureRequiredMessage, PIECE_PRICE_KEYS, type FeatureKey, type PiecePriceKey, type LimitKey, type TPlans, type TSetPlan, type TSubscription } from '@mailcraft/shared';
import type { Db } from '../../db/client.js';
import { cacheGeneration, invalidate } from '../../platform/cache-invalidation.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { Principal } from '../../platform/principal.js';
import { isUuid } from '../../platform/ids.js';
import { subscriptionsRepo } from './subscriptions.repo.js';
import { adminUserById } from './billing.repo.js';
import { recordAdminChange } from '../audit/audit.service.js';

/**
 * GET /api/subscriptions/current (docs/requirements/plans-and-billing.md#plans): the principal's plan with its
 * features map; no subscription row means `free`.
 */
export async function currentSubscription(ctx: AppContext, principal: Principal): Promise<TSubscription> {
  return subscriptionOf(ctx.db, principal.userId);
}

/** The subscription of user `userId` as `currentSubscription` answers it. */
async function subscriptionOf(db: Db, userId: string): Promise<TSubscription> {
  const { plan, status } = await subscriptionsRepo.currentPlan(db, userId);
  return {
    subscription: { plan: { id: plan.id, name: plan.id, display_name: plan.name, features: plan.features }, status },
    features: plan.features,
  };
}

/**
 * Throws PAYMENT_REQUIRED (402) unless the principal's plan allows `feature` (docs/requirements/plans-and-billing.md#plan-gating plan
 * gating, enforced on the server too), with `message` — the spec's wording of the refused action,
 * e.g. 'You need to upgrade your plan to save QR code configurations' (docs/requirements/plans-and-billing.md#plan-gating) — or one that
 * names the feature, the plan and the upgrade page. The error's `details` are `{ feature, plan_id,
 * plan_name, upgrade_url }` either way, so a client can name the plan and link the upgrade (docs/requirements/administration.md#administration).
 */
export async function requireFeature(db: Db, principal: Principal, feature: FeatureKey, message?: string): Promise<void> {
  const { plan } = await subscriptionsRepo.currentPlan(db, principal.userId);
  if (!plan.features[feature]) {
    throw new AppError('PAYMENT_REQUIRED', message ?? featureRequiredMessage(feature, plan.name),
      { feature, plan_id: plan.id, plan_name: plan.name, upgrade_url: `/pricing?feature=${feature}` });
  }
}

/**
 * GET /api/plans (docs/requirements/administration.md#administration; public): every plan cheapest first — name, monthly price in US dollars,
 * features and limits — and the per-piece prices of on-demand orders (docs/requirements/print-on-demand-api.md#limits), from the database.
 */
export async function listPlans(ctx: AppContext): Promise<TPlans> {
  const { db } = ctx;
  const [rows, piece] = await Promise.all([subscriptionsRepo.listPlans(db), subscriptionsRepo.piecePrices(db, PIECE_PRICE_KEYS)]);
  return {
    plans: rows.map((p) => ({ id: p.id, name: p.name, monthly_price: p.monthlyPriceCents / 100, features: p.features })),
    piece_prices: { print_piece: (piece.print_piece ?? 0) / 100, mailing: (piece.mailing ?? 0) / 100, reinforcement: (piece.reinforcement ?? 0) / 100 },
  };
}

/**
 * Today's price in US cents of one piece of `key` (docs/requirements/administration.md#administration admin pricing: prices effective from
 * a date): 'print_piece' (a piece in a print file), 'mailing' and 'reinforcement' (on-demand
 * orders, docs/requirements/print-on-demand-api.md#limits). 0 when no price is scheduled.
 */
export async function currentPieceCents(db: Db, key: PiecePriceKey): Promise<number> {
  return (await subscriptionsRepo.piecePrices(db, [key]))[key] ?? 0;
}

/** Whether the principal's plan has `feature` (docs/requirements/plans-and-billing.md#plan-gating). */
export async function featureAllowed(db: Db, principal: Principal, feature: FeatureKey): Promise<boolean> {
  const { plan } = await subscriptionsRepo.currentPlan(db, principal.userId);
  return !!plan.features[feature];
}

/** How long (ms) an `ownerFeatureCheck` keeps its answers at most (a plan change reaches running work at once through `plans` invalidation; this bounds a lost one). */
export const OWNER_FEATURE_CACHE_MS = 2_000;

/**
 * A check of one plan feature per owner, for work that runs without a request — fan-outs of scans
 * and order events, delivery dispatchers — since a gate applies when the work runs, not only when
 * settings are saved (docs/requirements/plans-and-billing.md#plan-gating): `(userId) => allowed`.
 * An answer that allows is kept for `cacheMs` milliseconds (all dropped together when that much
 * time has passed since the first of them), and concurrent asks for one owner share a read — so a
 * dispatcher making thousands of attempts reads each owner's plan once per `cacheMs`, not once per
 * attempt. Every plan change in any process (`setUserPlan`, an approved upgrade request, a
 * move to a free plan, an administrator's edit of a plan) publishes `plans`, which drops every
 * answer kept here at once (docs/architecture.md#caches-across-processes), so a downgrade stops
 * that owner's work from the next ask, and at most `cacheMs` later should the notification be lost.
 * A refusal is not kept, so a move back to a plan with the feature counts at once (what a fan-out
 * let through is never refused by a dispatcher's older answer). Rejects when the database fails (nothing is kept).
 */
export function ownerFeatureCheck(db: Db, feature: FeatureKey, cacheMs = OWNER_FEATURE_CACHE_MS): (userId: string) => Promise<boolean> {
  let answers = new Map<string, Promise<boolean>>();
  let since = 0;
  let generation = cacheGeneration('plans');
  return (userId) => {
    // A change heard while an answer was being read drops it too: it may have read the old plan.
    if (Date.now() - since >= cacheMs || cacheGeneration('plans') !== generation) {
      answers = new Map();
      since = Date.now();
      generation = cacheGeneration('plans');
    }
    const kept = answers.get(userId);
    if (kept) return kept;
    const from = answers;
    const answer = subscriptionsRepo.currentPlan(db, userId).then(({ plan }) => !!plan.features[feature]);
    const forget = () => { if (from.get(userId) === answer) from.delete(userId); };
    answer.then((allowed) => { if (!allowed) forget(); }, forget);
    from.set(userId, answer);
    return answer;
  };
}

/** A numeric limit of the principal's plan, e.g. `max_projects`. */
export async function planLimit(db: Db, principal: Principal, limit: LimitKey): Promise<number> {
  return (await subscriptionsRepo.currentPlan(db, principal.userId)).plan.features[limit];
}

/**
 * PUT /api/admin/users/{id}/plan (docs/requirements/plans-and-billing.md#plans; admin only — the route checks): puts user `id` on
 * plan `plan_id` at once, written to the audit log (docs/requirements/administration.md#administration); running work of every process sees it at once (`plans` invalidated). Returns that user's subscription. Errors: NOT_FOUND (404) for an unknown user.
 */
export async function setUserPlan(ctx: AppContext, admin: Principal, input: { id: string } & TSetPlan): Promise<TSubscription> {
  const { db } = ctx;
  const userId = input.id;
  const user = isUuid(userId) ? await adminUserById(db, userId) : undefined;
  if (!user) throw notFound('User');
  const before = (await subscriptionsRepo.currentPlan(db, userId)).plan;
  const after = (await subscriptionsRepo.listPlans(db)).find((p) => p.id === input.plan_id)!;
  await db.transaction(async (tx) => {
    await subscriptionsRepo.setPlan(tx, userId, input.plan_id);
    if (before.id !== input.plan_id) {
      await recordAdminChange(tx, admin, {
        area: 'users', action: 'user.plan', targetId: userId, summary: `Moved ${user.email} from ${before.name} to ${after.name}`,
        before: { plan_id: before.id }, after: { plan_id: input.plan_id },
      });
    }
  });
  await invalidate(ctx, 'plans', userId);
  return subscriptionOf(db, userId);
}

/** Starts a new account on its plan: the operator's first account on `business` (docs/requirements/plans-and-billing.md#plans), others on `free`. */
export async function startSubscription(db: Db, userId: string, isFirstAccount: boolean): Promise<void> {
  if (isFirstAccount) await subscriptionsRepo.setPlan(db, userId, 'business');
}
