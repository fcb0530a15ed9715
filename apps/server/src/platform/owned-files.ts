import type { Db } from '../db/client.js';

/**
 * Stored files to remove (docs/architecture.md#storage): `files` are exact storage keys
 * (`print/{jobId}.pdf`), `folders` are removed with everything under `{folder}/` (`maps/{listId}`).
 */
export type StoredFiles = { files: string[]; folders: string[] };

/** Whose files a reader names: a mailing list, a project, or an account (by user id). */
export type FileOwner = 'list' | 'project' | 'account';

/**
 * Names the files that owners of one kind hold, by owner ids (uuids), read before their rows are
 * deleted. A reader answers only what those owners alone hold: a list's files are not a project's
 * (a project's lists outlive it), a font an administrator uploaded is nobody's.
 */
export type OwnedFilesReader = (db: Db, ownerIds: string[]) => Promise<StoredFiles>;

/** The readers of each kind of owner, registered once by `registerOwnedFiles` (modules/index.ts). */
const readers = new Map<FileOwner, OwnedFilesReader[]>();

/**
 * Registers the modules' readers of owned files (docs/architecture.md#storage): every module that
 * writes files keyed by a list, a project or an account names them here, so the module deleting
 * the owner finds them without importing the writer (which usually imports it). Called once by
 * `modules/index.ts`; registering the same reader twice keeps one.
 */
export function registerOwnedFiles(byOwner: Partial<Record<FileOwner, readonly OwnedFilesReader[]>>): void {
  for (const [owner, list] of Object.entries(byOwner) as Array<[FileOwner, readonly OwnedFilesReader[]]>) {
    const known = readers.get(owner) ?? [];
    readers.set(owner, [...known, ...list.filter((r) => !known.includes(r))]);
  }
}

/** Every file and folder in any of `parts`, each once, in first-seen order. */
export function mergeStoredFiles(...parts: StoredFiles[]): StoredFiles {
  return {
    files: [...new Set(parts.flatMap((p) => p.files))],
    folders: [...new Set(parts.flatMap((p) => p.folders))],
  };
}

/**
 * The files the owners `ownerIds` (uuids) of kind `owner` hold, asked of every registered reader;
 * none for no ids. Read it before deleting the owners' rows (which may cascade to the rows naming
 * the files), remove the files after (`purgeStorage`).
 */
export async function ownedFiles(db: Db, owner: FileOwner, ownerIds: string[]): Promise<StoredFiles> {
  if (ownerIds.length === 0) return { files: [], folders: [] };
  const parts: StoredFiles[] = [];
  for (const read of readers.get(owner) ?? []) parts.push(await read(db, ownerIds));
  return mergeStoredFiles(...parts);
}
