import { ADMIN_USER_MESSAGES as M, type TAdminUserDetail, type TAdminUserPatch } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { isUuid } from '../../platform/ids.js';
import type { Principal } from '../../platform/principal.js';
import { recordAdminChange } from '../audit/audit.service.js';
import { adminUserDetailIn } from '../subscriptions/billing.service.js';
import { adminUsersRepo } from './admin-users.repo.js';

/**
 * PATCH /api/admin/users/{id} (docs/requirements/administration.md#administration admin users; administrators — the route checks): makes
 * user `id` an administrator or not, disables or enables the account. Disabling ends every session of
 * the user in the same transaction and, from then on, sign-in, sessions and their API keys are
 * refused (auth.repo `findSession`, api-key-auth) — at once, not at the next expiry. Each change is
 * written to the audit log with its before and after. Answers the user as GET /api/admin/users/{id}.
 * Errors: NOT_FOUND (404); FORBIDDEN (403) 'You cannot disable your own account' /
 * 'You cannot remove your own administrator role' (so a server always keeps an administrator).
 */
export async function patchUser(ctx: AppContext, admin: Principal, input: { id: string } & TAdminUserPatch): Promise<TAdminUserDetail> {
  const { db } = ctx;
  const { id, ...patch } = input;
  const user = isUuid(id) ? await adminUsersRepo.byId(db, id) : undefined;
  if (!user) throw notFound('User');
  if (id === admin.userId && patch.disabled === true) throw new AppError('FORBIDDEN', M.notSelfDisable);
  if (id === admin.userId && patch.is_admin === false) throw new AppError('FORBIDDEN', M.notSelfDemote);
  await db.transaction(async (tx) => {
    if (patch.is_admin !== undefined && patch.is_admin !== user.isAdmin) {
      await adminUsersRepo.setAdmin(tx, id, patch.is_admin);
      await recordAdminChange(tx, admin, {
        area: 'users', action: patch.is_admin ? 'user.make-admin' : 'user.remove-admin', targetId: id,
        summary: `${patch.is_admin ? 'Made' : 'Removed'} ${user.email} ${patch.is_admin ? 'an administrator' : 'as administrator'}`,
        before: { is_admin: user.isAdmin }, after: { is_admin: patch.is_admin },
      });
    }
    const disabled = user.disabledAt !== null;
    if (patch.disabled !== undefined && patch.disabled !== disabled) {
      await adminUsersRepo.setDisabled(tx, id, patch.disabled);
      await recordAdminChange(tx, admin, {
        area: 'users', action: patch.disabled ? 'user.disable' : 'user.enable', targetId: id,
        summary: `${patch.disabled ? 'Disabled' : 'Enabled'} ${user.email}`,
        before: { disabled }, after: { disabled: patch.disabled },
      });
    }
  });
  return adminUserDetailIn(db, id, new Date());
}
