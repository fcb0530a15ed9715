import { ZAuditEntrySchema, ZAuditQuerySchema, ZErrorSchema } from '@mailcraft/shared';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { adminOnly } from '../../platform/principal.js';
import { listAudit } from './audit.service.js';

/**
 * The administrators' audit log (docs/requirements/administration.md#administration):
 * - GET /api/admin/audit?area&limit → TAuditEntry[] newest first (403 for non-administrators)
 */
export async function auditRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  app.get('/api/admin/audit', {
    ...adminOnly,
    schema: {
      summary: 'Administrators\' changes, newest first (administrators)', tags: ['admin'], querystring: ZAuditQuerySchema,
      response: { 200: z.array(ZAuditEntrySchema), 401: ZErrorSchema, 403: ZErrorSchema },
    },
  }, async (req) => listAudit(ctx.db, req.query.area, req.query.limit));
}
