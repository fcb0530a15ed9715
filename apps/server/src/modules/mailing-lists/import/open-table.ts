import path from 'node:path';
import { LIST_MESSAGES, UPLOAD_EXTENSIONS } from '@mailcraft/shared/list-limits';
import { AppError } from '../../../platform/errors.js';
import { csvRows, looksBinary } from './csv-rows.js';
import { readTable, type ImportTable } from './table.js';

export type SourceFormat = 'csv' | 'xlsx' | 'xls';
export type UploadExtension = (typeof UPLOAD_EXTENSIONS)[number];

/** The lower-case extension of an accepted upload ('.csv', '.xls', '.xlsx'), or null (docs/requirements/projects.md#rules). */
export function uploadExtension(filename: string): UploadExtension | null {
  const ext = path.extname(filename).toLowerCase();
  return (UPLOAD_EXTENSIONS as readonly string[]).includes(ext) ? (ext as UploadExtension) : null;
}

const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((b, i) => bytes[i] === b);
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/**
 * Decides how to read an upload from its extension and its first bytes. A .csv is text; an
 * .xlsx or .xls must be a ZIP workbook (read as .xlsx, whatever the name says) or a BIFF
 * compound file (read as .xls); an "xls" that is really tab- or comma-separated text, as some
 * systems export, is read as CSV. Anything else is not a spreadsheet.
 */
export function detectFormat(bytes: Uint8Array, ext: UploadExtension): SourceFormat | null {
  if (ext !== '.csv') {
    if (startsWith(bytes, ZIP)) return 'xlsx';
    if (startsWith(bytes, OLE2)) return 'xls';
    if (ext === '.xlsx') return null;
  }
  return looksBinary(bytes) ? null : 'csv';
}

/**
 * Opens an uploaded file as an ImportTable (headers now, rows in batches), the import engine's
 * entry point. `filename` gives the extension. It parses untrusted bytes with no memory or time
 * bound of its own: the server calls it in a spreadsheet thread (`openTableInThread`).
 * Errors (AppError): UNSUPPORTED_MEDIA_TYPE (415) for another extension; UNPROCESSABLE (422)
 * 'The file is empty' (no bytes or no data), 'The file is not a valid spreadsheet' (binary
 * junk, a broken workbook, an image renamed), and while reading batches the header-only and
 * row-limit errors of `readTable`; 'The file expands to more than 200 MB …' for an .xlsx whose
 * parts inflate past their limits (`checkZipExpansion`).
 */
export async function openTable(
  bytes: Uint8Array,
  filename: string,
  opts: { batchRows?: number; maxRows?: number } = {},
): Promise<{ table: ImportTable; format: SourceFormat }> {
  const ext = uploadExtension(filename);
  if (!ext) throw new AppError('UNSUPPORTED_MEDIA_TYPE', LIST_MESSAGES.unsupportedType);
  if (bytes.length === 0) throw new AppError('UNPROCESSABLE', LIST_MESSAGES.empty);
  const format = detectFormat(bytes, ext);
  if (!format) throw new AppError('UNPROCESSABLE', LIST_MESSAGES.invalid);
  if (format === 'xlsx') await (await import('./zip-guard.js')).checkZipExpansion(bytes);
  // Spreadsheet readers load on first use: exceljs and SheetJS stay out of start-up memory.
  const rows = format === 'csv' ? csvRows(bytes)
    : format === 'xlsx' ? (await import('./xlsx-rows.js')).xlsxRows(bytes)
    : (await import('./xls-rows.js')).xlsRows(bytes);
  const table = await readTable(guardParse(rows), opts);
  return { table, format };
}

/** Library failures while parsing mean the file is not a readable spreadsheet (422). */
async function* guardParse(rows: AsyncGenerator<string[]>): AsyncGenerator<string[]> {
  try {
    yield* rows;
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('UNPROCESSABLE', LIST_MESSAGES.invalid);
  }
}

/** Reads a whole file into memory: headers (final) and all rows. For tests and small files. */
export async function readWholeTable(bytes: Uint8Array, filename: string): Promise<{ headers: string[]; rows: string[][]; format: SourceFormat }> {
  const { table, format } = await openTable(bytes, filename);
  const rows: string[][] = [];
  for await (const batch of table.batches) rows.push(...batch);
  return { headers: table.headers, rows, format };
}
