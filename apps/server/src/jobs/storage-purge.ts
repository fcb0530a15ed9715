import pLimit from 'p-limit';
import { z } from 'zod';
import type { AppContext } from '../platform/context.js';
import type { StoredFiles } from '../platform/owned-files.js';
import { checkStorageKey, type Storage } from '../platform/storage.js';
import { defineJob } from './job.js';

/** Files and folders one 'storage.purge' job removes at most (a bigger purge is sent as several jobs). */
export const PURGE_BATCH = 1000;
/** Single files deleted at once by one job (folders go one at a time: each is a listing and batch deletes). */
const FILE_DELETES_AT_ONCE = 8;

const isStorageKey = (key: string): boolean => {
  try {
    checkStorageKey(key);
    return true;
  } catch {
    return false;
  }
};
const ZStorageKey = z.string().max(1024).refine(isStorageKey, 'a storage key: relative, slash-separated, no empty, "." or ".." segment');

/**
 * Removes `what` from `storage`: each folder with everything under it (`deletePrefix`), then each
 * file (`delete`, 8 at a time). Missing files and folders are no error, so running it again is
 * harmless. It goes on past a failure and throws at the end, `Could not remove {n} of {m} stored
 * files or folders: {first failure}`, so a retry redoes what failed.
 */
export async function removeStoredFiles(storage: Storage, what: StoredFiles): Promise<void> {
  const failures: string[] = [];
  const failed = (target: string) => (err: unknown) => {
    failures.push(`${target}: ${err instanceof Error ? err.message : String(err)}`);
  };
  for (const folder of what.folders) await storage.deletePrefix(folder).catch(failed(`${folder}/`));
  const limit = pLimit(FILE_DELETES_AT_ONCE);
  await Promise.all(what.files.map((key) => limit(() => storage.delete(key).catch(failed(key)))));
  if (failures.length) {
    throw new Error(`Could not remove ${failures.length} of ${what.files.length + what.folders.length} stored files or folders: ${failures[0]}`);
  }
}

/**
 * 'storage.purge' `{ files, folders }` (docs/architecture.md#storage): removes the stored files of
 * owners whose rows are already deleted (`removeStoredFiles`). A failure (the store unreachable)
 * is retried 10 times, the wait doubling from a minute (about 17 hours in all); the rows stay
 * deleted whatever happens here.
 */
export const storagePurgeJob = defineJob({
  id: 'storage.purge',
  payload: z.object({
    files: z.array(ZStorageKey).max(PURGE_BATCH).describe('Storage keys of single files to remove, e.g. print/{jobId}.pdf'),
    folders: z.array(ZStorageKey).max(PURGE_BATCH).describe('Storage folders to remove with everything under them, e.g. maps/{listId}'),
  }),
  handler: (payload, ctx) => removeStoredFiles(ctx.storage, payload),
  retry: { limit: 10, delaySeconds: 60, backoff: true },
  // A folder may hold a 250,000-record list's map images.
  expireInSeconds: 3600,
});

/** `what` cut into payloads of at most `PURGE_BATCH` files and folders together. */
function purgeBatches(what: StoredFiles): StoredFiles[] {
  const targets = [...what.folders.map((key) => ({ key, folder: true })), ...what.files.map((key) => ({ key, folder: false }))];
  const batches: StoredFiles[] = [];
  for (let i = 0; i < targets.length; i += PURGE_BATCH) {
    const part = targets.slice(i, i + PURGE_BATCH);
    batches.push({ files: part.filter((t) => !t.folder).map((t) => t.key), folders: part.filter((t) => t.folder).map((t) => t.key) });
  }
  return batches;
}

/**
 * Removes the stored files of owners just deleted (docs/architecture.md#storage): call it after
 * their rows are gone. It queues 'storage.purge' jobs (one insert, `PURGE_BATCH` targets a job),
 * so a request never waits on thousands of deletions; nothing is queued for nothing. Should the
 * queue refuse, the files are removed here and now instead, and what cannot be removed is logged
 * (orphan files, never rows without their files). Never throws: the rows are deleted either way.
 */
export async function purgeStorage(ctx: Pick<AppContext, 'queue' | 'storage'>, what: StoredFiles): Promise<void> {
  const batches = purgeBatches(what);
  if (batches.length === 0) return;
  try {
    await ctx.queue.sendMany(storagePurgeJob, batches);
  } catch (err) {
    console.error('[storage] could not queue the removal of stored files; removing them now', err);
    for (const batch of batches) {
      await removeStoredFiles(ctx.storage, batch).catch((e: unknown) => console.error('[storage] orphan files left:', e));
    }
  }
}
