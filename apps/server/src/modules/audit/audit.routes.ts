import { ZAuditEntrySchema, ZAuditQuerySchema } from '@mailcraft/shared';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { route } from '../../platform/route.js';
import { listAudit } from './audit.service.js';

/**
 * The administrators' audit log (docs/requirements/administration.md#administration):
 * - GET /api/admin/audit?area&limit → TAuditEntry[] newest first (403 for non-administrators)
 */
export async function auditRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  route(app, {
    method: 'GET', url: '/api/admin/audit', auth: 'admin', summary: 'Administrators\' changes, newest first (administrators)', tags: ['admin'],
    query: ZAuditQuerySchema, response: z.array(ZAuditEntrySchema),
  }, (principal, { query }) => listAudit(ctx, principal, query));
}
