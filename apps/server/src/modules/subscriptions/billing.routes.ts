import {
  ZAdminUserDetailSchema, ZAdminUserSchema, ZAdminUsersQuerySchema, ZBillingSchema, ZIdParams, ZNoContent, ZPlanChangeResultSchema, ZPlanChangeSchema, ZUpgradeRequestSchema, ZUpgradeRequestsQuerySchema,
} from '@mailcraft/shared';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { route } from '../../platform/route.js';
import { adminUserDetail, changePlan, decideUpgradeRequest, findUsers, getBilling, listUpgradeRequests, withdrawRequest } from './billing.service.js';

/**
 * Billing (docs/requirements/administration.md#administration), for the signed-in user, and its administration:
 * - GET    /api/billing → TBilling (plan, pending request, this month's usage)
 * - POST   /api/billing/plan {plan} → TPlanChangeResult (changed | pending | unchanged)
 * - DELETE /api/billing/request → 204 (404 without a pending request)
 * - GET    /api/admin/upgrade-requests?status → TUpgradeRequest[] (administrators; 403 others)
 * - POST   /api/admin/upgrade-requests/{id}/approve | /decline → TUpgradeRequest (409 when already decided)
 * - GET    /api/admin/users?search= → TAdminUser[] (administrators: email or name contains, newest first, at most 50)
 * - GET    /api/admin/users/{id} → TAdminUserDetail (usage this month, projects, lists, keys; 404 unknown)
 */
export async function billingRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const tags = ['billing'];
  const errors = [400, 403, 404] as const;

  route(app, { method: 'GET', url: '/api/billing', auth: 'user', summary: 'Your plan, a pending upgrade and this month\'s usage', tags, response: ZBillingSchema, errors },
    (principal) => getBilling(ctx, principal));

  route(app, {
    method: 'POST', url: '/api/billing/plan', auth: 'user', summary: 'Change your plan (a paid plan waits for approval)', tags,
    body: ZPlanChangeSchema, response: ZPlanChangeResultSchema, errors,
  }, (principal, { body }) => changePlan(ctx, principal, body));

  route(app, {
    method: 'DELETE', url: '/api/billing/request', auth: 'user', summary: 'Withdraw your pending upgrade request', tags, response: ZNoContent, status: 204, errors,
  }, (principal) => withdrawRequest(ctx, principal));

  route(app, {
    method: 'GET', url: '/api/admin/upgrade-requests', auth: 'admin', summary: 'Upgrade requests (administrators)', tags: ['admin'],
    query: ZUpgradeRequestsQuerySchema, response: z.array(ZUpgradeRequestSchema), errors,
  }, (principal, { query }) => listUpgradeRequests(ctx, principal, query));

  route(app, {
    method: 'GET', url: '/api/admin/users', auth: 'admin', summary: 'Find users by email or name (administrators)', tags: ['admin'],
    query: ZAdminUsersQuerySchema, response: z.array(ZAdminUserSchema), errors,
  }, (principal, { query }) => findUsers(ctx, principal, query));

  route(app, {
    method: 'GET', url: '/api/admin/users/:id', auth: 'admin', summary: 'One user with this month\'s usage (administrators)', tags: ['admin'],
    params: ZIdParams, response: ZAdminUserDetailSchema, errors,
  }, (principal, { params }) => adminUserDetail(ctx, principal, params.id));

  for (const [action, decision] of [['approve', 'approved'], ['decline', 'declined']] as const) {
    route(app, {
      method: 'POST', url: `/api/admin/upgrade-requests/:id/${action}`, auth: 'admin',
      summary: `${action === 'approve' ? 'Approve' : 'Decline'} an upgrade request (administrators)`, tags: ['admin'], params: ZIdParams,
      response: ZUpgradeRequestSchema, errors: [...errors, 409],
    }, (principal, { params }) => decideUpgradeRequest(ctx, principal, { id: params.id, decision }));
  }
}
