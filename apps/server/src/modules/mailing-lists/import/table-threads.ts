import { IMPORTS_AT_ONCE, IMPORT_PARSE_SECONDS, LIST_MESSAGES } from '@mailcraft/shared';
import { BoundedWorkers } from '../../../platform/bounded-worker.js';
import { AppError } from '../../../platform/errors.js';
import type { SourceFormat } from './open-table.js';
import type { ImportTable, RowsJson } from './table.js';
import type { TableMessage } from './table-task.js';

/**
 * Heap of a spreadsheet thread, in MB: an .xls of XLS_MAX_CELLS cells takes ~470 MB in SheetJS
 * (read whole), the streaming .csv and .xlsx readers well under 200 MB (shared strings of at most
 * XLSX_MAX_SHARED_STRINGS_BYTES held whole).
 */
const SPREADSHEET_HEAP_MB = 640;

let threads: BoundedWorkers | null = null;

/**
 * The spreadsheet threads: IMPORTS_AT_ONCE of them (the import slots let no more run), each of
 * SPREADSHEET_HEAP_MB, a file's parsing held to IMPORT_PARSE_SECONDS; created on first use.
 */
function spreadsheetThreads(): BoundedWorkers {
  threads ??= new BoundedWorkers(new URL('./table-task.js', import.meta.url), {
    heapMb: SPREADSHEET_HEAP_MB, timeoutMs: IMPORT_PARSE_SECONDS * 1000, threads: IMPORTS_AT_ONCE,
  }, { code: 'UNPROCESSABLE', tooBig: LIST_MESSAGES.readTooBig, tooSlow: LIST_MESSAGES.readTooSlow, failed: LIST_MESSAGES.invalid });
  return threads;
}

/**
 * `openTable` in a spreadsheet thread (off the HTTP thread, with its own heap and time limits):
 * an uploaded file as an ImportTable whose batches (as JSON, `RowsJson`) the thread posts as they are read — at most
 * two ahead of the caller, so rows still stream into the database in batches. `headers` grows
 * as `openTable`'s does. Read `batches` to the end or call `close()`: either frees the thread.
 * Errors: `openTable`'s (415, 422); 422 LIST_MESSAGES.readTooBig when the thread runs out of heap,
 * LIST_MESSAGES.readTooSlow after IMPORT_PARSE_SECONDS of parsing, LIST_MESSAGES.invalid when a
 * reader fails in any other way.
 */
export async function openTableInThread(bytes: Uint8Array, filename: string): Promise<{ table: ImportTable<RowsJson>; format: SourceFormat }> {
  const copy = new Uint8Array(bytes); // moved to the thread; the caller keeps `bytes` to store them
  const messages = spreadsheetThreads().stream<TableMessage>('readTableRows', { bytes: copy, filename }, [copy.buffer]);
  const first = await messages.next();
  if (first.done || first.value.kind !== 'open') throw new AppError('UNPROCESSABLE', LIST_MESSAGES.invalid);
  const { headers, format } = first.value;
  async function* batches(): AsyncGenerator<RowsJson> {
    for await (const message of messages) {
      if (message.kind !== 'batch') continue;
      headers.push(...message.newHeaders);
      yield { count: message.count, json: message.json };
    }
  }
  const close = async () => {
    await messages.return(undefined);
  };
  return { table: { headers, batches: batches(), close }, format };
}
