import { z } from 'zod';
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_ROWS } from './constants.js';

/**
 * Mailing lists as the API presents them (spec 000 §3 Mailing list, §7 /api/lists), and the
 * messages of every upload failure, written once for the server and the web app.
 */

/** One list in GET /api/lists (newest first) and GET /api/lists/{id}. `created_at` is ISO 8601. */
export type TMailingList = {
  id: string;
  name: string;
  row_count: number;
  created_at: string;
  /** The project the list was uploaded for, or null. */
  project_id: string | null;
};

/** GET /api/lists/{id} adds the column names. */
export type TMailingListDetail = TMailingList & { headers: string[] };

/** POST /api/lists/upload answers 201 with this. */
export type TUploadedList = { id: string; name: string; row_count: number; headers: string[] };

/** GET /api/lists/{id}/preview: raw values exactly as imported, in list order. */
export type TListPreview = { headers: string[]; rows: string[][]; total: number; offset: number; limit: number };

/** Largest page GET /api/lists/{id}/preview serves. */
export const PREVIEW_MAX_LIMIT = 100;

/** Query of GET /api/lists/{id}/preview: offset ≥ 0, 1 ≤ limit ≤ 100 (default 10); `step=mapping` is accepted. */
export const ZListPreviewQuerySchema = z.object({
  offset: z.coerce.number().int().min(0, 'offset must be 0 or more').default(0),
  limit: z.coerce.number().int().min(1, 'limit must be at least 1').max(PREVIEW_MAX_LIMIT, `limit must be at most ${PREVIEW_MAX_LIMIT}`).default(10),
  step: z.string().optional(),
});
export type TListPreviewQuery = z.infer<typeof ZListPreviewQuerySchema>;

/** Failure messages of the list endpoints (spec 000 §5 upload types; limits of issue 2). */
export const LIST_MESSAGES = {
  unsupportedType: 'Only .csv, .xls and .xlsx files are accepted',
  tooLarge: `The file is larger than ${UPLOAD_MAX_BYTES / 1024 / 1024} MB`,
  tooManyRows: `The file has more than ${UPLOAD_MAX_ROWS.toLocaleString('en-US')} rows`,
  empty: 'The file is empty',
  headerOnly: 'The file has a header row but no data rows',
  invalid: 'The file is not a valid spreadsheet',
  noFile: 'Choose a .csv, .xls or .xlsx file to upload',
  currentList: 'The current mailing list of a project cannot be deleted',
} as const;

/** Message when a list has more rows than the user's plan allows (plan feature `max_list_rows`). */
export const planRowsMessage = (max: number) =>
  `Your plan allows lists of up to ${max.toLocaleString('en-US')} rows. Upgrade at /pricing?feature=max_list_rows`;
