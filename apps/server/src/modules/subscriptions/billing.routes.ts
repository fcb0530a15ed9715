import {
  ZAdminUserDetailSchema, ZAdminUserSchema, ZAdminUsersQuerySchema, ZBillingSchema, ZErrorSchema, ZIdParams, ZNoContent, ZPlanChangeResultSchema, ZPlanChangeSchema, ZUpgradeRequestSchema, ZUpgradeRequestsQuerySchema,
} from '@mailcraft/shared';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { adminOnly, requirePrincipal, signedIn } from '../../platform/principal.js';
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
  const { db } = ctx;
  const tags = ['billing'];
  const errors = { 400: ZErrorSchema, 401: ZErrorSchema, 403: ZErrorSchema, 404: ZErrorSchema };

  app.get('/api/billing', {
    ...signedIn,
    schema: { summary: 'Your plan, a pending upgrade and this month\'s usage', tags, response: { 200: ZBillingSchema, ...errors } },
  }, async (req) => getBilling(db, requirePrincipal(req)));

  app.post('/api/billing/plan', {
    ...signedIn,
    schema: { summary: 'Change your plan (a paid plan waits for approval)', tags, body: ZPlanChangeSchema, response: { 200: ZPlanChangeResultSchema, ...errors } },
  }, async (req) => changePlan(db, requirePrincipal(req), req.body.plan));

  app.delete('/api/billing/request', {
    ...signedIn,
    schema: { summary: 'Withdraw your pending upgrade request', tags, response: { 204: ZNoContent, ...errors } },
  }, async (req, reply) => {
    await withdrawRequest(db, requirePrincipal(req));
    return reply.status(204).send(null);
  });

  app.get('/api/admin/upgrade-requests', {
    ...adminOnly,
    schema: { summary: 'Upgrade requests (administrators)', tags: ['admin'], querystring: ZUpgradeRequestsQuerySchema, response: { 200: z.array(ZUpgradeRequestSchema), ...errors } },
  }, async (req) => listUpgradeRequests(db, req.query.status));

  app.get('/api/admin/users', {
    ...adminOnly,
    schema: { summary: 'Find users by email or name (administrators)', tags: ['admin'], querystring: ZAdminUsersQuerySchema, response: { 200: z.array(ZAdminUserSchema), ...errors } },
  }, async (req) => findUsers(db, req.query.search));

  app.get('/api/admin/users/:id', {
    ...adminOnly,
    schema: { summary: 'One user with this month\'s usage (administrators)', tags: ['admin'], params: ZIdParams, response: { 200: ZAdminUserDetailSchema, ...errors } },
  }, async (req) => adminUserDetail(db, req.params.id));

  for (const [action, decision] of [['approve', 'approved'], ['decline', 'declined']] as const) {
    app.post(`/api/admin/upgrade-requests/:id/${action}`, {
      ...adminOnly,
      schema: {
        summary: `${action === 'approve' ? 'Approve' : 'Decline'} an upgrade request (administrators)`, tags: ['admin'], params: ZIdParams,
        response: { 200: ZUpgradeRequestSchema, ...errors, 409: ZErrorSchema },
      },
    }, async (req) => decideUpgradeRequest(db, requirePrincipal(req), req.params.id, decision));
  }
}
