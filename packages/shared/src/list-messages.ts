import { CELL_MAX_CHARS, UPLOAD_MAX_BLANK_ROWS, UPLOAD_MAX_BYTES, UPLOAD_MAX_ROWS, XLSX_MAX_PART_BYTES } from './constants.js';

// Limits and failure messages of mailing lists, apart from the zod schemas in mailing-lists.ts so
// that the upload screen does not load zod for them (issue 6: first load ≤ 300 KB gzip).

/** Longest list name, in characters. */
export const LIST_NAME_MAX = 255;

/** Largest page GET /api/lists/{id}/preview serves. */
export const PREVIEW_MAX_LIMIT = 100;

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
  expandsTooMuch: `The file expands too much when opened (at most ${XLSX_MAX_PART_BYTES / 1024 / 1024} MB per part, less for formatting). Save it as .csv, or remove unused rows, columns and formatting.`,
  tooManyBlankRows: `The file has more than ${UPLOAD_MAX_BLANK_ROWS.toLocaleString('en-US')} empty rows. Delete the empty rows and upload it again.`,
  busy: 'Another upload is being processed. Please try again in a moment.',
} as const;

/** Message when a list has more rows than the user's plan allows (plan feature `max_list_rows`). */
export const planRowsMessage = (max: number) =>
  `Your plan allows lists of up to ${max.toLocaleString('en-US')} rows. Upgrade at /pricing?feature=max_list_rows`;

/** Message for a cell over CELL_MAX_CHARS characters, naming it (row 1 is the header). */
export const cellTooLongMessage = (row: number, column: string) =>
  `Row ${row.toLocaleString('en-US')}, column "${column}" is longer than ${CELL_MAX_CHARS.toLocaleString('en-US')} characters`;
