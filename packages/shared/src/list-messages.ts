import {
  CELL_MAX_CHARS, IMPORT_PARSE_SECONDS, UPLOAD_MAX_BLANK_ROWS, UPLOAD_MAX_BYTES, UPLOAD_MAX_CELLS, UPLOAD_MAX_COLUMNS, UPLOAD_MAX_ROWS,
  UPLOAD_MAX_TEXT_CHARS, XLS_MAX_CELLS, XLSX_MAX_PART_BYTES,
} from './constants.js';

// Limits and failure messages of mailing lists, apart from the zod schemas in mailing-lists.ts so
// that the upload screen does not load zod for them (docs/requirements/workflow.md#clear-states-and-fast-pages: first load ≤ 300 KB gzip).

/** Longest list name, in characters. */
export const LIST_NAME_MAX = 255;

/** Largest page GET /api/lists/{id}/preview serves. */
export const PREVIEW_MAX_LIMIT = 100;

/** Failure messages of the list endpoints (docs/requirements/projects.md#rules upload types; limits of docs/requirements/mailing-lists.md#upload). */
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
  tooManyColumns: `This spreadsheet has more than ${UPLOAD_MAX_COLUMNS.toLocaleString('en-US')} columns. Delete the columns you do not need and upload it again.`,
  tooManyCells: `This spreadsheet has more than ${UPLOAD_MAX_CELLS.toLocaleString('en-US')} cells (rows × columns). Delete the columns you do not need, or split the list, and upload it again.`,
  xlsTooManyCells: `This spreadsheet has more than ${XLS_MAX_CELLS.toLocaleString('en-US')} cells, the most a legacy .xls file may have. Save it as .xlsx or .csv and upload it again.`,
  tooMuchText: `This spreadsheet holds more than ${UPLOAD_MAX_TEXT_CHARS.toLocaleString('en-US')} characters of text. Split the list and upload it again.`,
  readTooBig: 'This spreadsheet needs more memory to read than an upload may use. Save it as .csv and upload it again.',
  readTooSlow: `Reading this spreadsheet took longer than ${IMPORT_PARSE_SECONDS} seconds. Save it as .csv and upload it again.`,
} as const;

/** Message when a list has more rows than the user's plan allows (plan feature `max_list_rows`). */
export const planRowsMessage = (max: number) =>
  `Your plan allows lists of up to ${max.toLocaleString('en-US')} rows. Upgrade at /pricing?feature=max_list_rows`;

/** Message for a cell over CELL_MAX_CHARS characters, naming it (row 1 is the header). */
export const cellTooLongMessage = (row: number, column: string) =>
  `Row ${row.toLocaleString('en-US')}, column "${column}" is longer than ${CELL_MAX_CHARS.toLocaleString('en-US')} characters`;
