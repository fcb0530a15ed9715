import type { TAccountDelete } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import { mergeStoredFiles, ownedFiles, type StoredFiles } from '../../platform/owned-files.js';
import type { Principal } from '../../platform/principal.js';
import { purgeStorage } from '../../jobs/storage-purge.js';
import { confirmAccountDeletion, deleteAccountRows } from './account.service.js';
import { listLists } from '../mailing-lists/mailing-lists.service.js';
import { listProjects } from '../projects/projects.service.js';

/**
 * Every stored file and folder of the principal's account (docs/architecture.md#storage), asked of
 * the modules that write them (`ownedFiles`): each project's (its folder of thumbnails, its print
 * files and proofs), each list's (its uploaded file, its map images) and the account's own (marker
 * logos, order PDFs). Files the account shares with others — fonts it uploaded as an administrator,
 * sample templates — are not in it.
 */
export async function userStoredFiles(ctx: AppContext, principal: Principal): Promise<StoredFiles> {
  const projectIds = (await listProjects(ctx, principal)).map((p) => p.id);
  const listIds = (await listLists(ctx, principal)).map((l) => l.id);
  return mergeStoredFiles(
    await ownedFiles(ctx.db, 'project', projectIds),
    await ownedFiles(ctx.db, 'list', listIds),
    await ownedFiles(ctx.db, 'account', [principal.userId]),
  );
}

/**
 * POST /api/account/delete (docs/requirements/account-and-settings.md#account-deletion): after the
 * typed email, the password and the last-administrator check (`confirmAccountDeletion`), deletes
 * the account — its projects, lists, designs, keys, permits, sessions and every other row cascade
 * from the user — then queues the removal of its files (`userStoredFiles`, read before the rows go;
 * 'storage.purge', retried until the store answers: orphan files at worst, never rows without
 * files). Errors: as `confirmAccountDeletion` (400 wrong email, 403 wrong password, 409 last
 * administrator, 429).
 */
export async function deleteAccount(ctx: AppContext, principal: Principal, input: TAccountDelete): Promise<void> {
  await confirmAccountDeletion(ctx.db, principal, input);
  const files = await userStoredFiles(ctx, principal);
  await deleteAccountRows(ctx.db, principal);
  await purgeStorage(ctx, files);
}
