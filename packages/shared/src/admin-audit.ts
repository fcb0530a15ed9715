import { z } from 'zod';

/** The admin pages whose changes the audit log records (docs/requirements/administration.md#administration). */
export const AUDIT_AREAS = ['fonts', 'effects', 'sample-templates', 'pricing', 'users'] as const;
export type AuditArea = (typeof AUDIT_AREAS)[number];

/** One administrator's change (docs/requirements/administration.md#audit-log). */
export const ZAuditEntrySchema = z.object({
  id: z.string().describe('Entry id'),
  actor_email: z.string().describe('Email of the administrator who made the change'),
  area: z.enum(AUDIT_AREAS).describe('The admin page the change belongs to'),
  action: z.string().describe('What was done, e.g. font.upload, user.disable, plan.update'),
  target_id: z.string().nullable().describe('Id of what was changed (font, effect, sample template, plan, price key, user)'),
  summary: z.string().describe('One sentence saying what changed, for people'),
  before: z.unknown().nullable().describe('The changed fields before the change (null when created)'),
  after: z.unknown().nullable().describe('The changed fields after the change (null when deleted)'),
  at: z.string().describe('ISO 8601 time of the change'),
}).meta({ id: 'AuditEntry' });
export type TAuditEntry = z.infer<typeof ZAuditEntrySchema>;

/** GET /api/admin/audit query. */
export const ZAuditQuerySchema = z.object({
  area: z.enum(AUDIT_AREAS).optional().describe('Only this admin page\'s changes; every area when absent'),
  limit: z.coerce.number().int().min(1).max(200).default(50).describe('Most entries to answer, newest first (1–200)'),
});
