import { ZDesignApprovalsSchema, ZDesignApproveSchema, ZErrorSchema, ZIdParams } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { requirePrincipal, signedIn } from '../../platform/principal.js';
import { approveDesign, listApprovals } from './approvals.service.js';

/**
 * Design approvals before the final print file (docs/requirements/print.md#proofs), for the project's owner:
 * - GET  /api/projects/{id}/approvals → TDesignApprovals
 * - POST /api/projects/{id}/approvals {design_version} → 201 TDesignApprovals (409 when the design changed since, 422 without a design)
 */
export async function approvalsRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const tags = ['print'];
  const errors = { 400: ZErrorSchema, 401: ZErrorSchema, 404: ZErrorSchema };
  app.get('/api/projects/:id/approvals', {
    ...signedIn,
    schema: { summary: 'Who approved which design version for printing', tags, params: ZIdParams, response: { 200: ZDesignApprovalsSchema, ...errors } },
  }, async (req) => listApprovals(ctx, requirePrincipal(req), req.params.id));

  app.post('/api/projects/:id/approvals', {
    ...signedIn,
    schema: {
      summary: 'Approve the proofed design version for printing', tags, params: ZIdParams, body: ZDesignApproveSchema,
      response: { 201: ZDesignApprovalsSchema, ...errors, 409: ZErrorSchema, 422: ZErrorSchema },
    },
  }, async (req, reply) => reply.status(201).send(await approveDesign(ctx, requirePrincipal(req), req.params.id, req.body.design_version)));
}
