import type { AuditArea, TAuditEntry } from '@mailcraft/shared';
import type { Db } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { Principal } from '../../platform/principal.js';
import { auditRepo } from './audit.repo.js';

/**
 * One administrator's change, as every admin service records it (docs/requirements/administration.md#administration audit log): `action`
 * is `{thing}.{verb}` (e.g. 'font.upload', 'user.disable'), `summary` one sentence for people,
 * `before`/`after` only the fields that changed (null when the thing was created / deleted).
 */
export type AdminChange = { area: AuditArea; action: string; targetId: string | null; summary: string; before?: unknown; after?: unknown };

/**
 * Writes `change` to the audit log as made by `principal` (an administrator). Call it in the same
 * transaction as the change where there is one (`db` may be a transaction). Throws FORBIDDEN
 * (403) when the principal is not an administrator.
 */
export async function recordAdminChange(db: Db, principal: Principal, change: AdminChange): Promise<void> {
  if (!principal.isAdmin) throw new AppError('FORBIDDEN', 'Administrators only');
  await auditRepo.insert(db, { actorId: principal.userId, area: change.area, action: change.action, targetId: change.targetId, summary: change.summary, before: change.before ?? null, after: change.after ?? null });
}

/** GET /api/admin/audit?area&limit: the newest entries first, at most `limit` (administrators; the route checks). */
export async function listAudit(ctx: AppContext, _admin: Principal, input: { area?: AuditArea; limit: number }): Promise<TAuditEntry[]> {
  const rows = await auditRepo.list(ctx.db, input.area, input.limit);
  return rows.map((r) => ({
    id: r.id, actor_email: r.actorEmail, area: r.area, action: r.action, target_id: r.targetId, summary: r.summary,
    before: r.before ?? null, after: r.after ?? null, at: r.at.toISOString(),
  }));
}
