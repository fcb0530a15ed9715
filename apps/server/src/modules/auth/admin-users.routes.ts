import { ZAdminUserDetailSchema, ZAdminUserPatchSchema, ZErrorSchema, ZIdParams } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { adminOnly, requirePrincipal } from '../../platform/principal.js';
import { patchUser } from './admin-users.service.js';

/**
 * Administrators' changes to accounts (docs/requirements/administration.md#administration admin users):
 * - PATCH /api/admin/users/{id} {is_admin?, disabled?} → TAdminUserDetail (403 non-admins or a change
 *   to one's own account that would lock it out; 404 unknown user)
 */
export async function adminUsersRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  app.patch('/api/admin/users/:id', {
    ...adminOnly,
    schema: {
      summary: 'Make a user an administrator or not, disable or enable them (administrators)', tags: ['admin'], params: ZIdParams, body: ZAdminUserPatchSchema,
      response: { 200: ZAdminUserDetailSchema, 400: ZErrorSchema, 401: ZErrorSchema, 403: ZErrorSchema, 404: ZErrorSchema },
    },
  }, async (req) => patchUser(ctx.db, requirePrincipal(req), req.params.id, req.body));
}
