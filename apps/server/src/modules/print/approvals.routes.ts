import { ZDesignApprovalsSchema, ZDesignApproveSchema, ZIdParams } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { route } from '../../platform/route.js';
import { approveDesign, listApprovals } from './approvals.service.js';

/**
 * Design approvals before the final print file (docs/requirements/print.md#proofs), for the project's owner:
 * - GET  /api/projects/{id}/approvals → TDesignApprovals
 * - POST /api/projects/{id}/approvals {design_version} → 201 TDesignApprovals (409 when the design changed since, 422 without a design)
 */
export async function approvalsRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const tags = ['print'];
  const errors = [400, 404] as const;
  route(app, {
    method: 'GET', url: '/api/projects/:id/approvals', auth: 'user', summary: 'Who approved which design version for printing', tags, params: ZIdParams,
    response: ZDesignApprovalsSchema, errors,
  }, (principal, { params }) => listApprovals(ctx, principal, params.id));

  route(app, {
    method: 'POST', url: '/api/projects/:id/approvals', auth: 'user', summary: 'Approve the proofed design version for printing', tags, params: ZIdParams,
    body: ZDesignApproveSchema, response: ZDesignApprovalsSchema, status: 201, errors: [...errors, 409, 422],
  }, (principal, { params, body }) => approveDesign(ctx, principal, { projectId: params.id, design_version: body.design_version }));
}
