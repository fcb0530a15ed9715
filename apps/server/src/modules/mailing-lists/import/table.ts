import { CELL_MAX_CHARS, LIST_MESSAGES, UPLOAD_MAX_BLANK_ROWS, UPLOAD_MAX_ROWS, cellTooLongMessage } from '@mailcraft/shared';
import { AppError } from '../../../platform/errors.js';
import { cleanHeaders, extraColumnName } from './headers.js';

/** Rows are handed on in batches of this many (DESIGN.md: ~10k rows per bulk insert; 5k keeps PGlite's WASM heap, which never shrinks, ~40 MB smaller at the same speed). */
export const IMPORT_BATCH_ROWS = 5_000;

/**
 * An imported table being read. `headers` is known when the table opens; it can still grow
 * while `batches` is read, when a data row has more non-empty cells than the header (the extra
 * columns are named `Column N`), so read it again after the last batch. Every row of a batch
 * has the width of `headers` at the time it was read; earlier rows may be shorter.
 */
export type ImportTable = {
  headers: string[];
  batches: AsyncGenerator<string[][]>;
};

/** A row whose cells are all empty or whitespace; such rows are skipped (issue 2). */
export const isBlankRow = (row: string[]) => row.every((cell) => cell === undefined || cell.trim() === '');

/**
 * Turns raw rows (header first, any format) into an ImportTable: the first non-blank row is
 * the header (cleaned by `cleanHeaders`), blank rows are skipped, short rows padded with '',
 * trailing empty cells past the header dropped, values kept exactly.
 * Errors (AppError UNPROCESSABLE, 422): 'The file is empty' when no row has data (thrown here);
 * while reading batches, 'The file has a header row but no data rows' at the end, and 'The
 * file has more than 250,000 rows' as soon as row `maxRows + 1` is read (`maxRows` defaults to
 * UPLOAD_MAX_ROWS, which the message names; a smaller one is for tests); and, to bound the work a
 * file can cause (issue 5 §7), more than UPLOAD_MAX_BLANK_ROWS blank rows, or a cell over
 * CELL_MAX_CHARS characters (the message names its row and column).
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
  checkCells(raw, line, raw.map((_, i) => `Column ${i + 1}`));
  const headers = cleanHeaders(raw);

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
        checkCells(row, line, headers);
        batch.push(fitRow(row, headers));
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
  return { headers, batches: batches() };
}

/** Refuses a row with a cell over CELL_MAX_CHARS characters, naming the row and the column (422). */
function checkCells(row: string[], line: number, headers: string[]): void {
  for (let i = 0; i < row.length; i++) {
    if ((row[i]?.length ?? 0) > CELL_MAX_CHARS) {
      throw new AppError('UNPROCESSABLE', cellTooLongMessage(line, headers[i] ?? `Column ${i + 1}`));
    }
  }
}

/** Pads `row` to the header width; non-empty cells past it add `Column N` headers. */
function fitRow(row: string[], headers: string[]): string[] {
  if (row.length === headers.length) return row; // the usual case: no copy
  let width = row.length;
  while (width > headers.length && (row[width - 1] ?? '').trim() === '') width--;
  while (headers.length < width) headers.push(extraColumnName(headers.length + 1, headers));
  const out = new Array<string>(headers.length);
  for (let i = 0; i < headers.length; i++) out[i] = row[i] ?? '';
  return out;
}
