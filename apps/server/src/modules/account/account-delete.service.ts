import type { TAccountDelete } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import type { Principal } from '../../platform/principal.js';
import { confirmAccountDeletion, deleteAccountRows } from './account.service.js';
import { getOwnedList, listLists } from '../mailing-lists/mailing-lists.service.js';
import { listLocations } from '../maps/maps.service.js';
import { markerKey } from '../maps/marker.service.js';
import { listMapImagesKey } from '../maps/route-drawing.js';
import { accountOrders, orderFileKey } from '../orders/orders.service.js';
import { printFileKeys } from '../print/print.service.js';
import { listProjects, projectFilesKey } from '../projects/projects.service.js';

const ORDER_PAGE = 500;

/**
 * Every storage key (file or folder) holding the principal's files, asked of the modules that
 * write them: project folders (design and reinforcement thumbnails), uploaded list files, map
 * images per list, marker logos, order PDFs and print files.
 */
export async function userStorageKeys(ctx: AppContext, principal: Principal): Promise<string[]> {
  const keys = (await listProjects(ctx, principal)).map((p) => projectFilesKey(p.id));
  for (const summary of await listLists(ctx, principal)) {
    const list = await getOwnedList(ctx.db, principal, summary.id);
    if (list.fileKey) keys.push(list.fileKey);
    keys.push(listMapImagesKey(list.id));
  }
  keys.push(...(await listLocations(ctx, principal)).map((l) => markerKey(l.id)));
  for (let offset = 0; ; offset += ORDER_PAGE) {
    const page = await accountOrders(ctx, principal, { limit: ORDER_PAGE, offset });
    keys.push(...page.map((o) => orderFileKey(o.id)));
    if (page.length < ORDER_PAGE) break;
  }
  keys.push(...(await printFileKeys(ctx, principal)));
  return keys;
}

/**
 * POST /api/account/delete (docs/requirements/administration.md#administration): after the typed email, the password and the
 * last-administrator check (`confirmAccountDeletion`), deletes the account — its projects, lists,
 * designs, keys, permits, sessions and every other row cascade from the user — then its files.
 * Files go after the rows: a failure part-way leaves orphan files (logged), never rows without files.
 * Errors: as `confirmAccountDeletion` (400 wrong email, 403 wrong password, 409 last administrator, 429).
 */
export async function deleteAccount(ctx: AppContext, principal: Principal, input: TAccountDelete): Promise<void> {
  await confirmAccountDeletion(ctx.db, principal, input);
  const keys = await userStorageKeys(ctx, principal);
  await deleteAccountRows(ctx.db, principal);
  for (const key of keys) {
    await ctx.storage.delete(key).catch((err: unknown) => console.error(`[account] could not delete ${key}:`, err));
  }
}
