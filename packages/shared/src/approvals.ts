import { z } from 'zod';

/** One approval of a design version for printing (docs/requirements/print.md#proofs). */
export const ZDesignApprovalSchema = z.object({
  design_version: z.number().int().describe('The design version approved (1 for the first save, +1 per save)'),
  approved_by: z.string().describe('Email of who approved it (\'deleted user\' when their account is gone)'),
  approved_at: z.string().describe('ISO 8601 time of the approval'),
}).meta({ id: 'DesignApproval' });
export type TDesignApproval = z.infer<typeof ZDesignApprovalSchema>;

/** GET /api/projects/{id}/approvals: the saved design's version, whether it is approved, and every approval newest first. */
export const ZDesignApprovalsSchema = z.object({
  current_version: z.number().int().nullable().describe('The saved design\'s version, null before the first save'),
  approved: z.boolean().describe('Whether the current version is approved for printing'),
  approvals: z.array(ZDesignApprovalSchema).describe('Every approval of the project, newest first (at most 50)'),
}).meta({ id: 'DesignApprovals' });
export type TDesignApprovals = z.infer<typeof ZDesignApprovalsSchema>;

/** POST /api/projects/{id}/approvals body: the version the user proofed and approves. */
export const ZDesignApproveSchema = z.object({
  design_version: z.number().int().min(1).describe('The design version shown in the proof; refused when the design has changed since'),
});

/** Approval messages (docs/requirements/print.md#print). */
export const APPROVAL_MESSAGES = {
  noDesign: 'Design the mailer before approving it',
  stale: (current: number) => `The design has changed since this proof (it is now version ${current}): download a new proof and approve that`,
} as const;
