import { z } from 'zod';
import { UPLOAD_MAX_ROWS } from './constants.js';
import { LIST_NAME_MAX, PREVIEW_MAX_LIMIT } from './list-messages.js';

/**
 * Mailing lists as the API presents them (docs/requirements/mailing-lists.md#mailing-list list, §7 /api/lists), and the
 * messages of every upload failure, written once for the server and the web app.
 */

/** One list in GET /api/lists (newest first) and GET /api/lists/{id}. */
export const ZMailingListSchema = z.object({
  id: z.string().describe('List id (UUID)'),
  name: z.string().describe('File name the list was uploaded from'),
  row_count: z.number().int().describe('Records in the list'),
  created_at: z.string().describe('ISO 8601 upload time'),
  project_id: z.string().nullable().describe('The project the list was uploaded for, or null'),
  column_count: z.number().int().describe('Columns in the list (tells same-named uploads apart)'),
}).meta({ id: 'MailingList' });
export type TMailingList = z.infer<typeof ZMailingListSchema>;

/** GET /api/lists/{id} adds the column names. */
export const ZMailingListDetailSchema = ZMailingListSchema.extend({
  headers: z.array(z.string()).describe('Column names in file order'),
}).meta({ id: 'MailingListDetail' });
export type TMailingListDetail = z.infer<typeof ZMailingListDetailSchema>;

/** PATCH /api/lists/{id}: rename a list (docs/requirements/workflow.md#clear-states-and-fast-pages: lists can be renamed). */
export const ZListRenameSchema = z.object({
  name: z.string().trim().min(1, 'List name is required').max(LIST_NAME_MAX, `List name must be at most ${LIST_NAME_MAX} characters`)
    .describe('New list name, 1–255 characters after trimming'),
}).meta({ id: 'ListRename' });
export type TListRename = z.infer<typeof ZListRenameSchema>;

/** POST /api/lists/upload answers 201 with this. */
export const ZUploadedListSchema = z.object({
  id: z.string().describe('The new list'),
  name: z.string().describe('List name'),
  row_count: z.number().int().describe('Records imported'),
  headers: z.array(z.string()).describe('Column names in file order'),
  project_list: z.boolean().describe(
    'True when the upload became the project\'s current list (the project had none). False when no projectId was '
    + 'sent or the project already prints from another list: it keeps that list until PUT /api/projects/{id}/list',
  ),
}).meta({ id: 'UploadedList' });
export type TUploadedList = z.infer<typeof ZUploadedListSchema>;

/** GET /api/lists/{id}/preview: raw values exactly as imported, in list order. */
export const ZListPreviewSchema = z.object({
  headers: z.array(z.string()).describe('Column names'),
  rows: z.array(z.array(z.string())).describe('Records offset … offset + limit - 1, one value per column'),
  total: z.number().int().describe('Records in the list'),
  offset: z.number().int().describe('Index of the first row'),
  limit: z.number().int().describe('Page size asked for'),
}).meta({ id: 'ListPreview' });
export type TListPreview = z.infer<typeof ZListPreviewSchema>;

/** Query of GET /api/lists/{id}/preview: offset ≥ 0, 1 ≤ limit ≤ 100 (default 10); `step=mapping` is accepted. */
export const ZListPreviewQuerySchema = z.object({
  offset: z.coerce.number().int().min(0, 'offset must be 0 or more').max(UPLOAD_MAX_ROWS, `offset must be at most ${UPLOAD_MAX_ROWS}`)
    .default(0).describe('Index of the first row (0-based)'),
  limit: z.coerce.number().int().min(1, 'limit must be at least 1').max(PREVIEW_MAX_LIMIT, `limit must be at most ${PREVIEW_MAX_LIMIT}`)
    .default(10).describe('Rows per page (1–100)'),
  step: z.string().max(50).optional().describe('Accepted for the spec\'s call (step=mapping); no effect'),
});
export type TListPreviewQuery = z.infer<typeof ZListPreviewQuerySchema>;

