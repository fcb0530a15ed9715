import { randomUUID } from 'node:crypto';
import { IMPORTS_AT_ONCE, IMPORTS_PER_USER, IMPORT_WAIT_SECONDS, LIST_MESSAGES, planRowsMessage, type TUploadedList } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { Principal } from '../../platform/principal.js';
import { adoptProjectListIfNone, getOwnedProject } from '../projects/projects.service.js';
import { planLimit } from '../subscriptions/subscriptions.service.js';
import { WorkSlots } from '../../platform/work-slots.js';
import { uploadExtension } from './import/open-table.js';
import { openTableInThread } from './import/table-threads.js';
import { mailingListsRepo } from './mailing-lists.repo.js';
import { indexListSearchJob } from './mailing-lists.jobs.js';

/** The import slots, shared by every upload in every process on the database: IMPORTS_PER_USER per user, IMPORTS_AT_ONCE in all, IMPORT_WAIT_SECONDS in line. */
const importSlots = new WorkSlots({
  kind: 'list-import', total: IMPORTS_AT_ONCE, perUser: IMPORTS_PER_USER, waitMs: IMPORT_WAIT_SECONDS * 1000, busyMessage: LIST_MESSAGES.busy,
});

/** An uploaded file as the route received it. */
export type UploadInput = { filename: string; bytes: Buffer; projectId?: string | null };

/** The list name: the file's own name without any client-side folder path. */
const listName = (filename: string) =>
  // eslint-disable-next-line no-control-regex -- control characters (NUL above all) are removed
  (filename.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 255) || 'Mailing list';

/**
 * POST /api/lists/upload (the Upload screen): imports a .csv, .xls or .xlsx file
 * as a new mailing list of the user. The list row, every record and the project link are
 * written in ONE transaction, so a failed upload leaves earlier lists and the project's current
 * list as they were. With `projectId` the new list becomes that project's current list only when
 * the project has none (`project_list` true); a project that already has a list keeps it until the
 * user confirms the switch (no silent list swap). The original file is stored as
 * `lists/{id}/source{ext}` after the commit.
 * Errors (AppError): UNSUPPORTED_MEDIA_TYPE 415 (extension); NOT_FOUND 404 (projectId not the
 * user's); UNPROCESSABLE 422 (empty, header only, over 250,000 rows, not a spreadsheet);
 * PAYMENT_REQUIRED 402 (more rows than the plan's `max_list_rows`); RATE_LIMITED 429 when the
 * user's import slot stays busy (`importSlots`); 422 for a file that expands or works too much:
 * more columns, cells or text than UPLOAD_MAX_COLUMNS, UPLOAD_MAX_CELLS, UPLOAD_MAX_TEXT_CHARS, an
 * .xls of more than XLS_MAX_CELLS, or a parse that runs out of its thread's memory or time
 * (`openTableInThread`).
 */
export async function uploadList(ctx: AppContext, principal: Principal, input: UploadInput): Promise<TUploadedList> {
  const { userId } = principal;
  const ext = uploadExtension(input.filename);
  if (!ext) throw new AppError('UNSUPPORTED_MEDIA_TYPE', LIST_MESSAGES.unsupportedType);
  const projectId = input.projectId || null;
  if (projectId) await getOwnedProject(ctx.db, principal, projectId);
  const planMaxRows = await planLimit(ctx.db, principal, 'max_list_rows');

  // One import per user and two in all at a time: parsing is the costly part.
  return importSlots.run(ctx.db, userId, () => importTable(ctx, principal, input, ext, planMaxRows));
}

async function importTable(
  ctx: Pick<AppContext, 'db' | 'storage' | 'queue'>, principal: Principal, input: UploadInput, ext: string, planMaxRows: number,
): Promise<TUploadedList> {
  const projectId = input.projectId || null;
  // Parsed in a spreadsheet thread with its own memory and time limits; rows arrive in batches.
  const { table, format } = await openTableInThread(input.bytes, input.filename);
  const id = randomUUID();
  const fileKey = `lists/${id}/source${ext}`;
  const name = listName(input.filename);

  const { rowCount, adopted } = await ctx.db.transaction(async (tx) => {
    await mailingListsRepo.create(tx, { id, userId: principal.userId, projectId, name, headers: table.headers, rowCount: 0, fileKey, sourceFormat: format });
    let count = 0;
    for await (const batch of table.batches) {
      if (count + batch.count > planMaxRows) throw new AppError('PAYMENT_REQUIRED', planRowsMessage(planMaxRows));
      await mailingListsRepo.insertRecords(tx, id, count, batch.json);
      count += batch.count;
    }
    await mailingListsRepo.finish(tx, id, count, table.headers);
    const adopted = projectId ? await adoptProjectListIfNone(tx, principal, projectId, id) : false;
    return { rowCount: count, adopted };
  }).finally(() => table.close());

  try {
    await ctx.storage.put(fileKey, input.bytes);
  } catch {
    // The records are the list; the stored original is a convenience. Say it is missing.
    await mailingListsRepo.setFileKey(ctx.db, id, null);
  }
  // The search index takes the records in the background: the upload does no index work.
  await ctx.queue.send(indexListSearchJob, { listId: id });
  return { id, name, row_count: rowCount, headers: table.headers, project_list: adopted };
}
