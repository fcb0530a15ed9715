import { ADMIN_USER_SEARCH_LIMIT, BILLING_MESSAGES as M, type PlanId, type TAdminUser, type TAdminUserDetail, type TBilling, type TPlanChangeResult, type TUpgradeRequest } from '@mailcraft/shared';
import type { Db } from '../../db/client.js';
import { invalidate } from '../../platform/cache-invalidation.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { isUuid } from '../../platform/ids.js';
import type { Principal } from '../../platform/principal.js';
import { approvalBillingProvider, type BillingProvider } from './billing-provider.js';

/** The billing provider plan changes go through (docs/requirements/plans-and-billing.md#billing-page): approval by an administrator for paid plans. */
const billingProvider: BillingProvider = approvalBillingProvider;
import { adminUserById, billingRepo, searchUsers, type RequestStatus, type UpgradeRequestRecord } from './billing.repo.js';
import { recordAdminChange } from '../audit/audit.service.js';
import { subscriptionsRepo } from './subscriptions.repo.js';

/** Requests an administrator's list shows at most. */
const REQUEST_LIST_LIMIT = 200;

const presentRequest = (r: UpgradeRequestRecord): TUpgradeRequest => ({
  id: r.id, user_id: r.userId, email: r.email, plan_id: r.planId as PlanId, plan_name: r.planName, current_plan_id: r.currentPlanId,
  status: r.status, created_at: r.createdAt.toISOString(), decided_at: r.decidedAt?.toISOString() ?? null,
});

/** The calendar month of `now` in UTC: its first instant and 'YYYY-MM'. */
function monthOf(now: Date): { from: Date; month: string } {
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return { from, month: from.toISOString().slice(0, 7) };
}

/**
 * GET /api/billing (docs/requirements/administration.md#administration): the principal's plan, their pending upgrade request, and this
 * month's usage (UTC) counted from real events — print-file pieces, live orders, API calls, scans.
 */
export async function getBilling(ctx: AppContext, principal: Principal): Promise<TBilling> {
  const { db } = ctx;
  const { from, month } = monthOf(new Date());
  const [{ plan }, pending, usage] = await Promise.all([
    subscriptionsRepo.currentPlan(db, principal.userId),
    billingRepo.pendingOf(db, principal.userId),
    billingRepo.usageSince(db, principal.userId, from, month),
  ]);
  return {
    plan_id: plan.id, plan_name: plan.name, monthly_price: plan.monthlyPriceCents / 100,
    pending_request: pending ? presentRequest(pending) : null,
    usage: { month, pieces_printed: usage.pieces, orders_placed: usage.orders, api_calls: usage.apiCalls, scans: usage.scans },
  };
}

/**
 * POST /api/billing/plan (docs/requirements/administration.md#administration): moves the principal to `input.plan` through the billing provider
 * (default: free plans at once, paid plans by an administrator's approval). Asking for the current
 * plan changes nothing and withdraws no request. A change made at once reaches running work of
 * every process at once (`plans` invalidated, docs/architecture.md#caches-across-processes).
 */
export async function changePlan(ctx: AppContext, principal: Principal, input: { plan: PlanId }): Promise<TPlanChangeResult> {
  const { db } = ctx;
  const planId = input.plan;
  const { plan } = await subscriptionsRepo.currentPlan(db, principal.userId);
  if (plan.id === planId) return { status: 'unchanged', plan_id: plan.id, request: null, message: M.unchanged };
  const outcome = await billingProvider.changePlan(db, principal.userId, planId);
  if (outcome.status === 'changed') {
    await invalidate(ctx, 'plans', principal.userId);
    return { status: 'changed', plan_id: planId, request: null, message: M.changed };
  }
  const request = await billingRepo.byId(db, outcome.requestId);
  return { status: 'pending', plan_id: plan.id, request: request ? presentRequest(request) : null, message: M.pending };
}

/** DELETE /api/billing/request: withdraws the principal's pending request. Errors: NOT_FOUND 'There is no pending upgrade request'. */
export async function withdrawRequest(ctx: AppContext, principal: Principal): Promise<void> {
  if (!(await billingRepo.cancelPending(ctx.db, principal.userId))) throw new AppError('NOT_FOUND', M.noRequest);
}

/** GET /api/admin/upgrade-requests?status (administrators; the route checks): newest first, at most 200. */
export async function listUpgradeRequests(ctx: AppContext, _admin: Principal, input: { status: RequestStatus }): Promise<TUpgradeRequest[]> {
  return (await billingRepo.list(ctx.db, input.status, REQUEST_LIST_LIMIT)).map(presentRequest);
}

/**
 * POST /api/admin/upgrade-requests/{id}/approve|decline (administrators): decides (`decision`) the pending
 * request `id`; approving puts the user on the plan at once (their next request sees it, and running
 * work of every process: `plans` invalidated).
 * Errors: NOT_FOUND; CONFLICT 'This request has already been decided'.
 */
export async function decideUpgradeRequest(
  ctx: AppContext, admin: Principal, input: { id: string; decision: 'approved' | 'declined' },
): Promise<TUpgradeRequest> {
  const { db } = ctx;
  const { id, decision } = input;
  const found = isUuid(id) ? await billingRepo.byId(db, id) : undefined;
  if (!found) throw notFound('Upgrade request');
  const decided = await db.transaction(async (tx) => {
    if (!(await billingRepo.decide(tx, id, decision, admin.userId))) return false;
    if (decision === 'approved') await subscriptionsRepo.setPlan(tx, found.userId, found.planId as PlanId);
    await recordAdminChange(tx, admin, {
      area: 'users', action: `upgrade.${decision === 'approved' ? 'approve' : 'decline'}`, targetId: found.userId,
      summary: `${decision === 'approved' ? 'Approved' : 'Declined'} ${found.email}'s request for ${found.planName}`,
      before: { plan_id: found.currentPlanId, request: 'pending' }, after: { plan_id: decision === 'approved' ? found.planId : found.currentPlanId, request: decision },
    });
    return true;
  });
  if (!decided) throw new AppError('CONFLICT', M.notPending);
  if (decision === 'approved') await invalidate(ctx, 'plans', found.userId);
  return presentRequest((await billingRepo.byId(db, id))!);
}

type AdminUserRecord = Awaited<ReturnType<typeof searchUsers>>[number];
const presentAdminUser = (u: AdminUserRecord): TAdminUser => ({
  id: u.id, email: u.email, given_name: u.givenName, is_admin: u.isAdmin, plan_id: u.planId, created_at: u.createdAt.toISOString(),
  last_sign_in_at: u.lastSignInAt == null ? null : new Date(u.lastSignInAt).toISOString(), disabled: u.disabledAt !== null,
});

/** GET /api/admin/users?search= (administrators; the route checks): at most ADMIN_USER_SEARCH_LIMIT users, newest first. */
export async function findUsers(ctx: AppContext, _admin: Principal, input: { search: string }): Promise<TAdminUser[]> {
  return (await searchUsers(ctx.db, input.search, ADMIN_USER_SEARCH_LIMIT)).map(presentAdminUser);
}

/**
 * GET /api/admin/users/{id} (docs/requirements/administration.md#administration admin users; administrators — the route checks): the user as
 * the search lists them, this month's usage (as their /billing counts it) and how many projects,
 * mailing lists and API keys they have. Errors: NOT_FOUND (404) for an unknown user.
 */
export async function adminUserDetail(ctx: AppContext, _admin: Principal, id: string): Promise<TAdminUserDetail> {
  return adminUserDetailIn(ctx.db, id, new Date());
}

/** `adminUserDetail` on `db` (which may be a transaction) as of `now`, for other services (admin-users.service). */
export async function adminUserDetailIn(db: Db, id: string, now: Date): Promise<TAdminUserDetail> {
  const user = isUuid(id) ? await adminUserById(db, id) : undefined;
  if (!user) throw notFound('User');
  const { from, month } = monthOf(now);
  const usage = await billingRepo.usageSince(db, id, from, month);
  return {
    ...presentAdminUser(user), projects: user.projects, mailing_lists: user.lists, api_keys: user.keys,
    usage: { month, pieces_printed: usage.pieces, orders_placed: usage.orders, api_calls: usage.apiCalls, scans: usage.scans },
  };
}
