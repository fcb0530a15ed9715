import {
  CELL_MAX_CHARS, LIST_MESSAGES, UPLOAD_MAX_BLANK_ROWS, UPLOAD_MAX_CELLS, UPLOAD_MAX_COLUMNS, UPLOAD_MAX_ROWS, UPLOAD_MAX_TEXT_CHARS, cellTooLongMessage,
} from '@mailcraft/shared/list-limits';
import { AppError } from '../../../platform/errors.js';
import { cleanHeaders, extraColumnName } from './headers.js';

/** Rows are handed on in batches of this many (docs/decisions/README.md#records: ~10k rows per bulk insert; 5k keeps PGlite's WASM heap, which never shrinks, ~40 MB smaller at the same speed). */
export const IMPORT_BATCH_ROWS = 5_000;

/**
 * An imported table being read. `headers` is known when the table opens; it can still grow
 * while `batches` is read, when a data row has more non-empty cells than the header (the extra
 * columns are named `Column N`), so read it again after the last batch. Every row of a batch
 * has the width of `headers` at the time it was read; earlier rows may be shorter.
 */
export type ImportTable<Batch = string[][]> = {
  headers: string[];
  batches: AsyncGenerator<Batch>;
  /** Frees the reader (its file, its thread) when `batches` is not read to the end; harmless after. */
  close(): Promise<void>;
};

/** A batch of `count` rows as one JSON array of arrays of strings, ready for `insertRecords`. */
export type RowsJson = { count: number; json: string };

/** A row whose cells are all empty or whitespace; such rows are skipped (docs/requirements/mailing-lists.md#upload). */
export const isBlankRow = (row: string[]) => row.every((cell) => cell === undefined || cell.trim() === '');

/**
 * Turns raw rows (header first, any format) into an ImportTable: the first non-blank row is
 * the header (cleaned by `cleanHeaders`), blank rows are skipped, short rows padded with '',
 * trailing empty cells past the header dropped, values kept exactly.
 * Errors (AppError UNPROCESSABLE, 422): 'The file is empty' when no row has data (thrown here);
 * while reading batches, 'The file has a header row but no data rows' at the end, and 'The
 * file has more than 250,000 rows' as soon as row `maxRows + 1` is read (`maxRows` defaults to
 * UPLOAD_MAX_ROWS, which the message names; a smaller one is for tests); and, to bound the work a
 * file can cause, more than UPLOAD_MAX_BLANK_ROWS blank rows, a cell over
 * CELL_MAX_CHARS characters (the message names its row and column), more than UPLOAD_MAX_COLUMNS
 * columns, more than UPLOAD_MAX_CELLS cells (data rows × columns) or more than
 * UPLOAD_MAX_TEXT_CHARS characters of cell text in all — each as soon as it is passed.
 */
export async function readTable(
  rows: AsyncIterable<string[]>,
  opts: { batchRows?: number; maxRows?: number } = {},
): Promise<ImportTable> {
  const batchRows = opts.batchRows ?? IMPORT_BATCH_ROWS;
  const maxRows = opts.maxRows ?? UPLOAD_MAX_ROWS;
  const source = rows[Symbol.asyncIterator]();
  let line = 0; // 1-based row number in the file, as the user sees it
  let blank = 0;
  const skipBlank = () => {
    if (++blank > UPLOAD_MAX_BLANK_ROWS) throw new AppError('UNPROCESSABLE', LIST_MESSAGES.tooManyBlankRows);
  };
  let first = await source.next();
  line++;
  while (!first.done && isBlankRow(first.value)) {
    skipBlank();
    first = await source.next();
    line++;
  }
  if (first.done) throw new AppError('UNPROCESSABLE', LIST_MESSAGES.empty);

  const raw = [...first.value];
  while (raw.length && raw[raw.length - 1].trim() === '') raw.pop();
  checkColumns(raw.length);
  let chars = checkCells(raw, line, raw.map((_, i) => `Column ${i + 1}`));
  const headers = cleanHeaders(raw);
  let cells = 0;

  async function* batches(): AsyncGenerator<string[][]> {
    let batch: string[][] = [];
    let count = 0;
    try {
      for (let next = await source.next(); !next.done; next = await source.next()) {
        const row = next.value;
        line++;
        if (isBlankRow(row)) {
          skipBlank();
          continue;
        }
        if (++count > maxRows) throw new AppError('UNPROCESSABLE', LIST_MESSAGES.tooManyRows);
        chars += checkCells(row, line, headers);
        if (chars > UPLOAD_MAX_TEXT_CHARS) throw new AppError('UNPROCESSABLE', LIST_MESSAGES.tooMuchText);
        const fitted = fitRow(row, headers);
        cells += fitted.length;
        if (cells > UPLOAD_MAX_CELLS) throw new AppError('UNPROCESSABLE', LIST_MESSAGES.tooManyCells);
        batch.push(fitted);
        if (batch.length >= batchRows) {
          const full = batch;
          batch = []; // not held here while the caller writes it
          yield full;
        }
      }
    } finally {
      await source.return?.();
    }
    if (count === 0) throw new AppError('UNPROCESSABLE', LIST_MESSAGES.headerOnly);
    if (batch.length) yield batch;
  }
  const reader = batches();
  return {
    headers,
    batches: reader,
    close: async () => {
      await reader.return(undefined);
      await source.return?.();
    },
  };
}

/**
 * Refuses a row with a cell over CELL_MAX_CHARS characters, naming the row and the column (422);
 * returns the row's characters of text.
 */
function checkCells(row: string[], line: number, headers: string[]): number {
  let chars = 0;
  for (let i = 0; i < row.length; i++) {
    const length = row[i]?.length ?? 0;
    if (length > CELL_MAX_CHARS) throw new AppError('UNPROCESSABLE', cellTooLongMessage(line, headers[i] ?? `Column ${i + 1}`));
    chars += length;
  }
  return chars;
}

/** Refuses a sheet wider than UPLOAD_MAX_COLUMNS (422). */
function checkColumns(columns: number): void {
  if (columns > UPLOAD_MAX_COLUMNS) throw new AppError('UNPROCESSABLE', LIST_MESSAGES.tooManyColumns);
}

/**
 * Pads `row` to the header width; non-empty cells past it add `Column N` headers (refused past
 * UPLOAD_MAX_COLUMNS before any is named).
 */
function fitRow(row: string[], headers: string[]): string[] {
  if (row.length === headers.length) return row; // the usual case: no copy
  let width = row.length;
  while (width > headers.length && (row[width - 1] ?? '').trim() === '') width--;
  checkColumns(width);
  while (headers.length < width) headers.push(extraColumnName(headers.length + 1, headers));
  const out = new Array<string>(headers.length);
  for (let i = 0; i < headers.length; i++) out[i] = row[i] ?? '';
  return out;
}
