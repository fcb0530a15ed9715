import { LIST_MESSAGES, type TListPreview, type TMailingList, type TMailingListDetail } from '@mailcraft/shared';
import type { Db } from '../../db/client.js';
import { invalidate } from '../../platform/cache-invalidation.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { ownedFiles, type OwnedFilesReader } from '../../platform/owned-files.js';
import type { Principal } from '../../platform/principal.js';
import { purgeStorage } from '../../jobs/storage-purge.js';
import { countProjectsUsingList, getOwnedProject } from '../projects/projects.service.js';
import { planLimit } from '../subscriptions/subscriptions.service.js';
import { mailingListsRepo, type EditedRecordRow, type MailingListRow, type RecordMatch } from './mailing-lists.repo.js';

/** A mailing list as stored, for the modules that work on one. */
export type { EditedRecordRow, MailingListRow };

/** A list as GET /api/lists presents it (docs/requirements/mailing-lists.md#mailing-list list). */
export const presentList = (row: MailingListRow): TMailingList => ({
  id: row.id,
  name: row.name,
  row_count: row.rowCount,
  created_at: row.createdAt.toISOString(),
  project_id: row.projectId,
  column_count: row.headers.length,
});

/** Raw values padded to the header width (rows read before the header grew are shorter). */
const padRow = (values: string[], width: number) =>
  values.length >= width ? values : [...values, ...new Array<string>(width - values.length).fill('')];

/**
 * One of the principal's lists as stored (id, name, headers, row count, …), for the modules that
 * work on a list (column mappings, print). Errors: NOT_FOUND (404) unless it is the principal's.
 */
export async function getOwnedList(db: Db, principal: Principal, listId: string): Promise<MailingListRow> {
  const list = await mailingListsRepo.findOwned(db, principal.userId, listId);
  if (!list) throw notFound('Mailing list');
  return list;
}

/**
 * A list's records in list order from record `from` (0-based), `batchSize` at a time (keyset on
 * row_index), so a whole list is never in memory; stops after `limit` records. Each is `{ id, rowIndex, values }` with the raw
 * values in header order. The caller has checked ownership (`getOwnedList`).
 */
export function recordBatches(db: Db, list: Pick<MailingListRow, 'id'>, batchSize: number, limit = Infinity, from = 0) {
  return mailingListsRepo.recordBatches(db, list.id, batchSize, limit, from);
}

/**
 * The records that print (docs/requirements/print.md#print: not excluded at the address check), as `recordBatches` reads
 * them, each with its `overrides` (standard field → accepted fix, for `mapRecord`); `from` is still
 * a record's 0-based place in the list (record number − 1). The caller has checked ownership.
 */
export function printableRecordBatches(db: Db, list: Pick<MailingListRow, 'id'>, batchSize: number, limit = Infinity, from = 0) {
  return mailingListsRepo.recordBatches(db, list.id, batchSize, limit, from, { printable: true });
}

/**
 * A presort sequence value's place: numbers by value, then any other text in code-point order,
 * empty last (USPS presort software numbers pieces 1…n in mailing order).
 */
function compareSequence(a: { rowIndex: number; key: string | null }, b: { rowIndex: number; key: string | null }): number {
  const rank = (k: string | null) => (k === null || k.trim() === '' ? 2 : Number.isFinite(Number(k.trim())) ? 0 : 1);
  const ra = rank(a.key);
  const rb = rank(b.key);
  if (ra !== rb) return ra - rb;
  if (ra === 0) return Number(a.key!.trim()) - Number(b.key!.trim()) || a.rowIndex - b.rowIndex;
  if (ra === 1) return (a.key!.trim() < b.key!.trim() ? -1 : a.key!.trim() > b.key!.trim() ? 1 : 0) || a.rowIndex - b.rowIndex;
  return a.rowIndex - b.rowIndex;
}

/**
 * The printable records in presort order (docs/requirements/print.md#presort-order): by the `sequence` value in
 * column `column` (0-based; see `compareSequence`), ties and blanks in list order, `batchSize` at a
 * time, at most `limit`. Only the row indexes and sequence values of the whole list are held in
 * memory (about 50 bytes a record), never the records. The caller has checked ownership.
 */
export async function* presortedRecordBatches(db: Db, list: Pick<MailingListRow, 'id'>, column: number, batchSize: number, limit = Infinity) {
  const order = (await mailingListsRepo.sequenceKeys(db, list.id, column)).sort(compareSequence).map((k) => k.rowIndex);
  const end = Math.min(order.length, limit);
  for (let i = 0; i < end; i += batchSize) yield mailingListsRepo.recordsAtRows(db, list.id, order.slice(i, Math.min(end, i + batchSize)));
}

/**
 * The printable records at 1-based print positions `positions` (docs/requirements/print.md#print proofs of flagged pieces),
 * in the order given: positions in presort order when `column` (the `sequence` column, see
 * `presortedRecordBatches`) is given, else in list order; positions past the end are left out.
 * The caller has checked ownership.
 */
export async function printableRecordsAt(db: Db, list: Pick<MailingListRow, 'id'>, column: number | null, positions: number[]) {
  if (positions.length === 0) return [];
  const keys = await mailingListsRepo.sequenceKeys(db, list.id, column ?? 0);
  if (column !== null) keys.sort(compareSequence);
  const rows = positions.flatMap((p) => (p >= 1 && p <= keys.length ? [keys[p - 1].rowIndex] : []));
  return mailingListsRepo.recordsAtRows(db, list.id, rows);
}

/** One presort tray of a print file: its pieces are `count` pieces from piece `first` (1-based) on. */
export type TrayRun = { first: number; count: number; tray: string; date: string };

/**
 * The presort trays of a list in print order (docs/requirements/print.md#presort-order: a tray-break sheet between
 * trays): the printable records sorted as `presortedRecordBatches` sorts them, cut into runs of
 * the same `presorttrayid` (column `tray`), each with the presort date (column `date`) of its first
 * record. A blank tray id continues the tray before it. The caller has checked ownership.
 */
export async function presortTrays(db: Db, list: Pick<MailingListRow, 'id'>, column: number, tray: number, date: number | null): Promise<TrayRun[]> {
  const keys = (await mailingListsRepo.trayKeys(db, list.id, column, tray, date)).sort(compareSequence);
  const runs: TrayRun[] = [];
  keys.forEach((k, i) => {
    const id = (k.tray ?? '').trim();
    const last = runs[runs.length - 1];
    if (last && (id === '' || id === last.tray)) last.count += 1;
    else runs.push({ first: i + 1, count: 1, tray: id, date: (k.date ?? '').trim() });
  });
  return runs;
}

/** How many of a list's records print (not excluded at the address check, docs/requirements/print.md#print). */
export function printableRecordCount(db: Db, list: Pick<MailingListRow, 'id'>): Promise<number> {
  return mailingListsRepo.printableCount(db, list.id);
}

/**
 * Every record of a list with its address-check edits (`overrides`, `excluded`, `ignoredIssues`), in list order,
 * `batchSize` at a time, for the address check (docs/requirements/print.md#print). The caller has checked ownership.
 */
export function editedRecordBatches(db: Db, list: Pick<MailingListRow, 'id'>, batchSize: number) {
  return mailingListsRepo.editedRecordsAsJson(db, list.id, batchSize);
}

/** The list's records among `ids` with their edits, in list order; ids of other lists are ignored. */
export function findEditedRecords(db: Db, list: Pick<MailingListRow, 'id'>, ids: string[]) {
  return mailingListsRepo.recordsByIds(db, list.id, ids);
}

/**
 * Address-check edits of a list's records (docs/requirements/print.md#print), the imported values untouched: `merge`
 * adds overrides (standard field → value) per record, `clear` removes them, `exclude` / `include`
 * leave records out of printing or bring them back, `ignore` adds issue codes not to report again
 * (deduplicated), `unignore` removes some (`codes`) or all of them. Answers how many records
 * changed; ids of other lists change nothing. The caller has checked ownership and the codes.
 */
export const recordEdits = {
  merge: (db: Db, list: Pick<MailingListRow, 'id'>, entries: Array<{ id: string; overrides: Record<string, string> }>) =>
    mailingListsRepo.mergeOverrides(db, list.id, entries),
  clear: (db: Db, list: Pick<MailingListRow, 'id'>, ids: string[]) => mailingListsRepo.clearOverrides(db, list.id, ids),
  exclude: (db: Db, list: Pick<MailingListRow, 'id'>, ids: string[]) => mailingListsRepo.setExcluded(db, list.id, ids, true),
  include: (db: Db, list: Pick<MailingListRow, 'id'>, ids: string[]) => mailingListsRepo.setExcluded(db, list.id, ids, false),
  ignore: (db: Db, list: Pick<MailingListRow, 'id'>, ids: string[], codes: string[]) => mailingListsRepo.ignoreIssues(db, list.id, ids, codes),
  unignore: (db: Db, list: Pick<MailingListRow, 'id'>, ids: string[], codes?: string[]) => mailingListsRepo.unignoreIssues(db, list.id, ids, codes),
};

/**
 * Up to `limit` records of a list (ownership checked by the caller) with any value containing
 * `text`, case-insensitively, in list order: `{ id, rowIndex, values }`.
 */
export function searchRecords(db: Db, list: Pick<MailingListRow, 'id' | 'searchReady'>, text: string, limit: number) {
  return mailingListsRepo.searchRecords(db, list, text, limit);
}

/**
 * A page of a list's records with their address-check edits (ownership checked by the caller) whose value in `column` (0-based;
 * any value when null) matches the SQL LIKE `pattern` case-insensitively — every record when
 * `pattern` is null — with how many match in all. `contains` (the search text) lets the trigram
 * index find the candidates first. The page starts after row index `afterRow` (a cursor's; -1 from the start), then skips `offset` matches.
 */
export function recordPage(db: Db, list: Pick<MailingListRow, 'id' | 'searchReady'>, match: RecordMatch, offset: number, limit: number, afterRow = -1) {
  return mailingListsRepo.recordPage(db, list, match, offset, limit, afterRow);
}

/**
 * Creates an empty list with `headers` for the Print-on-Demand API (docs/requirements/print-on-demand-api.md#api-lists-and-imports
 * /api/mailingLists), optionally for one of the principal's projects. Errors: NOT_FOUND (project).
 */
export async function createEmptyList(db: Db, principal: Principal, input: { name: string; projectId: string | null; headers: string[] }): Promise<TMailingList> {
  if (input.projectId) await getOwnedProject(db, principal, input.projectId);
  return presentList(await mailingListsRepo.create(db, {
    userId: principal.userId, projectId: input.projectId, name: input.name, headers: input.headers, rowCount: 0, sourceFormat: 'api',
  }));
}

/**
 * Appends records (values in the list's header order) to a list (ownership checked by the caller),
 * within the plan's `max_list_rows`. Answers the new row count. Errors: PAYMENT_REQUIRED (402) past the plan's rows.
 */
export async function appendRecords(db: Db, principal: Principal, list: MailingListRow, rows: string[][]): Promise<number> {
  const max = await planLimit(db, principal, 'max_list_rows');
  if (list.rowCount + rows.length > max) throw new AppError('PAYMENT_REQUIRED', `Your plan allows ${max.toLocaleString('en-US')} records per list`);
  return mailingListsRepo.appendRecords(db, list.id, rows);
}

/** A record of any of the principal's lists, with its list id; NOT_FOUND (404) 'Address not found' otherwise. */
export async function findOwnedRecord(db: Db, principal: Principal, recordId: string) {
  const found = await mailingListsRepo.recordOfUser(db, principal.userId, recordId);
  if (!found) throw notFound('Address');
  return found;
}

/** One record of a list (ownership checked by the caller), or undefined. */
export function findRecord(db: Db, list: Pick<MailingListRow, 'id'>, recordId: string) {
  return mailingListsRepo.record(db, list.id, recordId);
}

/** The principal's lists, newest first, read with `db` (for services that hold only a database or a transaction). */
export async function listOwnedLists(db: Db, principal: Principal): Promise<TMailingList[]> {
  return (await mailingListsRepo.listByUser(db, principal.userId)).map(presentList);
}

/** GET /api/lists: the user's lists, newest first (docs/requirements/workflow.md#api). */
export async function listLists(ctx: AppContext, principal: Principal): Promise<TMailingList[]> {
  return listOwnedLists(ctx.db, principal);
}

/** GET /api/lists/{id}: one list with its headers. Errors: NOT_FOUND (404) unless it is the user's. */
export async function getList(ctx: AppContext, principal: Principal, listId: string): Promise<TMailingListDetail> {
  const list = await getOwnedList(ctx.db, principal, listId);
  return { ...presentList(list), headers: list.headers };
}

/**
 * PATCH /api/lists/{id} `{ name }` → `renameList(ctx, principal, { listId, name })` (docs/requirements/workflow.md#clear-states-and-fast-pages):
 * renames one of the principal's lists; the name is already trimmed and 1–255 characters (ZListRenameSchema). Scan events
 * of every process carry the new name from the next scan (`list-context` invalidated,
 * docs/architecture.md#caches-across-processes). Errors: NOT_FOUND (404).
 */
export async function renameList(ctx: AppContext, principal: Principal, input: { listId: string; name: string }): Promise<TMailingList> {
  const list = await getOwnedList(ctx.db, principal, input.listId);
  const renamed = await mailingListsRepo.rename(ctx.db, list.id, input.name);
  await invalidate(ctx, 'list-context', list.id);
  return presentList(renamed);
}

/** The storage folder of a list's own files (`lists/{id}/source{ext}`, the uploaded file); removed with the list. */
export const listFilesKey = (listId: string) => `lists/${listId}`;

/** The lists' folders of uploaded files (`listFilesKey`): what the mailing-lists module stores per list (docs/architecture.md#storage). */
export const listSourceFiles: OwnedFilesReader = async (_db, listIds) => ({ files: [], folders: listIds.map(listFilesKey) });

/**
 * DELETE /api/lists/{id} (docs/requirements/mailing-lists.md#list-deletion): removes the list, its
 * records, its mappings (and every process's cached scan context of it, `list-context`), then —
 * in the background, 'storage.purge' — every file it owns (`ownedFiles` 'list': its uploaded file,
 * its map images; docs/architecture.md#storage). Errors: NOT_FOUND (404) unless it is the user's;
 * CONFLICT (409) 'The current mailing list of a project cannot be deleted' while any of the user's
 * projects has it as `list_id`.
 */
export async function deleteList(ctx: AppContext, principal: Principal, listId: string): Promise<void> {
  const list = await getOwnedList(ctx.db, principal, listId);
  if ((await countProjectsUsingList(ctx.db, principal, list.id)) > 0) {
    throw new AppError('CONFLICT', LIST_MESSAGES.currentList);
  }
  const files = await ownedFiles(ctx.db, 'list', [list.id]);
  await mailingListsRepo.delete(ctx.db, principal.userId, list.id);
  await invalidate(ctx, 'list-context', list.id);
  await purgeStorage(ctx, files);
}

/**
 * GET /api/lists/{id}/preview → `previewList(ctx, principal, { listId, offset, limit })` (docs/requirements/mailing-lists.md#mapping-screen
 * screen Data Preview, §7): `limit` records
 * from `offset` (0-based), raw values exactly as imported, in list order, each row as wide as
 * `headers`; `total` is the list's row count.
 * Errors: NOT_FOUND (404) unless it is the user's list.
 */
export async function previewList(ctx: AppContext, principal: Principal, page: { listId: string; offset: number; limit: number }): Promise<TListPreview> {
  const list = await getOwnedList(ctx.db, principal, page.listId);
  const records = await mailingListsRepo.readRecords(ctx.db, list.id, page.offset, page.limit);
  return {
    headers: list.headers,
    rows: records.map((r) => padRow(r.values, list.headers.length)),
    total: list.rowCount,
    offset: page.offset,
    limit: page.limit,
  };
}
