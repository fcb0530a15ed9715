import { ZAdminUserDetailSchema, ZAdminUserPatchSchema, ZIdParams } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { route } from '../../platform/route.js';
import { patchUser } from './admin-users.service.js';

/**
 * Administrators' changes to accounts (docs/requirements/administration.md#administration admin users):
 * - PATCH /api/admin/users/{id} {is_admin?, disabled?} → TAdminUserDetail (403 non-admins or a change
 *   to one's own account that would lock it out; 404 unknown user)
 */
export async function adminUsersRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  route(app, {
    method: 'PATCH', url: '/api/admin/users/:id', auth: 'admin',
    summary: 'Make a user an administrator or not, disable or enable them (administrators)', tags: ['admin'], params: ZIdParams, body: ZAdminUserPatchSchema,
    response: ZAdminUserDetailSchema, errors: [400, 404],
  }, (principal, { params, body }) => patchUser(ctx, principal, { id: params.id, ...body }));
}
