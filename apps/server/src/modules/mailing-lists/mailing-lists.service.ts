import { LIST_MESSAGES, mapRecord, type TListPreview, type TMailingList, type TMailingListDetail } from '@mailcraft/shared';
import type { Db } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { resolveMappings } from '../column-mappings/column-mappings.service.js';
import { mailingListsRepo, type MailingListRow } from './mailing-lists.repo.js';

/** A list as GET /api/lists presents it (spec 000 §3 Mailing list). */
export const presentList = (row: MailingListRow): TMailingList => ({
  id: row.id,
  name: row.name,
  row_count: row.rowCount,
  created_at: row.createdAt.toISOString(),
  project_id: row.projectId,
});

/** Raw values padded to the header width (rows read before the header grew are shorter). */
const padRow = (values: string[], width: number) =>
  values.length >= width ? values : [...values, ...new Array<string>(width - values.length).fill('')];

async function ownedList(db: Db, userId: string, listId: string): Promise<MailingListRow> {
  const list = await mailingListsRepo.findOwned(db, userId, listId);
  if (!list) throw notFound('Mailing list');
  return list;
}

/** GET /api/lists: the user's lists, newest first (spec 000 §7). */
export async function listLists(db: Db, userId: string): Promise<TMailingList[]> {
  return (await mailingListsRepo.listByUser(db, userId)).map(presentList);
}

/** GET /api/lists/{id}: one list with its headers. Errors: NOT_FOUND (404) unless it is the user's. */
export async function getList(db: Db, userId: string, listId: string): Promise<TMailingListDetail> {
  const list = await ownedList(db, userId, listId);
  return { ...presentList(list), headers: list.headers };
}

/**
 * DELETE /api/lists/{id} (spec 000 §2 Upload screen, §4 Deletion): removes the list, its
 * records, its mappings and its stored source file.
 * Errors: NOT_FOUND (404) unless it is the user's; CONFLICT (409) 'The current mailing list of
 * a project cannot be deleted' while any of the user's projects has it as `list_id`.
 */
export async function deleteList(ctx: Pick<AppContext, 'db' | 'storage'>, userId: string, listId: string): Promise<void> {
  const list = await ownedList(ctx.db, userId, listId);
  if ((await mailingListsRepo.countProjectsUsing(ctx.db, userId, list.id)) > 0) {
    throw new AppError('CONFLICT', LIST_MESSAGES.currentList);
  }
  await mailingListsRepo.delete(ctx.db, userId, list.id);
  if (list.fileKey) await ctx.storage.delete(list.fileKey).catch(() => undefined); // an orphan file is harmless
}

/**
 * GET /api/lists/{id}/preview (spec 000 §2 Mapping screen Data Preview, §7): `limit` records
 * from `offset` (0-based), raw values exactly as imported, in list order, each row as wide as
 * `headers`; `total` is the list's row count.
 * Errors: NOT_FOUND (404) unless it is the user's list.
 */
export async function previewList(db: Db, userId: string, listId: string, page: { offset: number; limit: number }): Promise<TListPreview> {
  const list = await ownedList(db, userId, listId);
  const records = await mailingListsRepo.readRecords(db, list.id, page.offset, page.limit);
  return {
    headers: list.headers,
    rows: records.map((r) => padRow(r.values, list.headers.length)),
    total: list.rowCount,
    offset: page.offset,
    limit: page.limit,
  };
}

/** One record with its values by target field (first_name, zip, custom_1, …). */
export type MappedRecord = { id: string; rowIndex: number; fields: Record<string, string> };

/**
 * Records of a list by target field, for the print preview and the print renderer: the saved
 * column mappings (or the auto-mapping when none are saved) applied by shared `mapRecord`
 * (capitalization, ZIP zero-padding, derived full_name / city_state_zip / full_name_mail).
 * `id` is the record's stable UUID (carried by personal URLs), `rowIndex` its 0-based position.
 * Page through a large list with `offset` / `limit` (records `offset … offset + limit - 1`).
 * Errors: NOT_FOUND (404) unless the list is the user's.
 */
export async function getMappedRecords(
  db: Db,
  userId: string,
  listId: string,
  page: { offset: number; limit: number },
): Promise<{ records: MappedRecord[]; total: number }> {
  const list = await ownedList(db, userId, listId);
  const { mappings, fieldSettings } = await resolveMappings(db, list);
  const rows = await mailingListsRepo.readRecords(db, list.id, page.offset, page.limit);
  return {
    records: rows.map((r) => ({ id: r.id, rowIndex: r.rowIndex, fields: mapRecord(list.headers, r.values, mappings, fieldSettings) })),
    total: list.rowCount,
  };
}
