import { featureRequiredMessage, PIECE_PRICE_KEYS, type FeatureKey, type PiecePriceKey, type LimitKey, type TPlans, type TSetPlan, type TSubscription } from '@mailcraft/shared';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { Principal } from '../../platform/principal.js';
import { isUuid } from '../../platform/ids.js';
import { subscriptionsRepo } from './subscriptions.repo.js';
import { adminUserById } from './billing.repo.js';
import { recordAdminChange } from '../audit/audit.service.js';

/**
 * GET /api/subscriptions/current (spec 000 §3 Subscription, §7): the principal's plan with its
 * features map; no subscription row means `free`.
 */
export async function currentSubscription(db: Db, principal: Principal): Promise<TSubscription> {
  const { plan, status } = await subscriptionsRepo.currentPlan(db, principal.userId);
  return {
    subscription: { plan: { id: plan.id, name: plan.id, display_name: plan.name, features: plan.features }, status },
    features: plan.features,
  };
}

/**
 * Throws PAYMENT_REQUIRED (402) unless the principal's plan allows `feature` (spec 000 §6 plan
 * gating, enforced on the server too), with `message` — the spec's wording of the refused action,
 * e.g. 'You need to upgrade your plan to save QR code configurations' (spec 001 §6) — or one that
 * names the feature, the plan and the upgrade page. The error's `details` are `{ feature, plan_id,
 * plan_name, upgrade_url }` either way, so a client can name the plan and link the upgrade (issue 11).
 */
export async function requireFeature(db: Db, principal: Principal, feature: FeatureKey, message?: string): Promise<void> {
  const { plan } = await subscriptionsRepo.currentPlan(db, principal.userId);
  if (!plan.features[feature]) {
    throw new AppError('PAYMENT_REQUIRED', message ?? featureRequiredMessage(feature, plan.name),
      { feature, plan_id: plan.id, plan_name: plan.name, upgrade_url: `/pricing?feature=${feature}` });
  }
}

/**
 * GET /api/plans (issue 11; public): every plan cheapest first — name, monthly price in US dollars,
 * features and limits — and the per-piece prices of on-demand orders (spec 002 §9), from the database.
 */
export async function listPlans(db: Db): Promise<TPlans> {
  const [rows, piece] = await Promise.all([subscriptionsRepo.listPlans(db), subscriptionsRepo.piecePrices(db, PIECE_PRICE_KEYS)]);
  return {
    plans: rows.map((p) => ({ id: p.id, name: p.name, monthly_price: p.monthlyPriceCents / 100, features: p.features })),
    piece_prices: { print_piece: (piece.print_piece ?? 0) / 100, mailing: (piece.mailing ?? 0) / 100, reinforcement: (piece.reinforcement ?? 0) / 100 },
  };
}

/**
 * Today's price in US cents of one piece of `key` (issue 11 admin pricing: prices effective from
 * a date): 'print_piece' (a piece in a print file), 'mailing' and 'reinforcement' (on-demand
 * orders, spec 002 §9). 0 when no price is scheduled.
 */
export async function currentPieceCents(db: Db, key: PiecePriceKey): Promise<number> {
  return (await subscriptionsRepo.piecePrices(db, [key]))[key] ?? 0;
}

/** Whether the principal's plan has `feature` (spec 000 §6). */
export async function featureAllowed(db: Db, principal: Principal, feature: FeatureKey): Promise<boolean> {
  const { plan } = await subscriptionsRepo.currentPlan(db, principal.userId);
  return !!plan.features[feature];
}

/** A numeric limit of the principal's plan, e.g. `max_projects`. */
export async function planLimit(db: Db, principal: Principal, limit: LimitKey): Promise<number> {
  return (await subscriptionsRepo.currentPlan(db, principal.userId)).plan.features[limit];
}

/**
 * PUT /api/admin/users/{id}/plan (issue 5 §5; admin only — the route checks): puts a user on a
 * plan at once, written to the audit log (issue 11). Returns that user's subscription. Errors: NOT_FOUND (404) for an unknown user.
 */
export async function setUserPlan(db: Db, admin: Principal, userId: string, input: TSetPlan): Promise<TSubscription> {
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
  return currentSubscription(db, { userId, isAdmin: false, via: 'session', scopes: [] });
}

/** Starts a new account on its plan: the operator's first account on `business` (issue 5 §5), others on `free`. */
export async function startSubscription(db: Db, userId: string, isFirstAccount: boolean): Promise<void> {
  if (isFirstAccount) await subscriptionsRepo.setPlan(db, userId, 'business');
}
