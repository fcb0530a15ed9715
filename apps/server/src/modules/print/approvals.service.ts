import { APPROVAL_MESSAGES as M, type TDesignApprovals } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { Principal } from '../../platform/principal.js';
import { findSavedDesign } from '../designs/designs.service.js';
import { getOwnedProject } from '../projects/projects.service.js';
import { approvalsRepo } from './approvals.repo.js';

const LIST_LIMIT = 50;

/**
 * GET /api/projects/{id}/approvals (docs/requirements/print.md#proofs): the saved design's version, whether that
 * version is approved, and the project's approvals newest first. NOT_FOUND for another user's project.
 */
export async function listApprovals(ctx: AppContext, principal: Principal, projectId: string): Promise<TDesignApprovals> {
  const project = await getOwnedProject(ctx.db, principal, projectId);
  const [design, rows] = await Promise.all([findSavedDesign(ctx.db, project.id), approvalsRepo.list(ctx.db, project.id, LIST_LIMIT)]);
  const current = design?.hasContent ? design.version : null;
  return {
    current_version: current,
    approved: current !== null && rows.some((r) => r.designVersion === current),
    approvals: rows.map((r) => ({ design_version: r.designVersion, approved_by: r.email ?? 'deleted user', approved_at: r.approvedAt.toISOString() })),
  };
}

/**
 * POST /api/projects/{id}/approvals {design_version} → `approveDesign(ctx, principal, { projectId, design_version })`
 * (docs/requirements/print.md#print): records that the principal
 * approved that design version for printing, after proofing it; the final print file of an approved
 * version is named after it (`printFileName`). Errors: NOT_FOUND; UNPROCESSABLE (422) 'Design the
 * mailer before approving it'; CONFLICT (409) when the design has been saved again since the proof.
 */
export async function approveDesign(ctx: AppContext, principal: Principal, input: { projectId: string; design_version: number }): Promise<TDesignApprovals> {
  const { projectId, design_version: designVersion } = input;
  const project = await getOwnedProject(ctx.db, principal, projectId);
  const design = await findSavedDesign(ctx.db, project.id);
  if (!design?.hasContent) throw new AppError('UNPROCESSABLE', M.noDesign);
  if (design.version !== designVersion) throw new AppError('CONFLICT', M.stale(design.version));
  await approvalsRepo.add(ctx.db, project.id, designVersion, principal.userId);
  return listApprovals(ctx, principal, projectId);
}

/** Whether a project's design version is approved (the print file's name says so). */
export function isApprovedVersion(ctx: AppContext, projectId: string, designVersion: number): Promise<boolean> {
  return approvalsRepo.isApproved(ctx.db, projectId, designVersion);
}
