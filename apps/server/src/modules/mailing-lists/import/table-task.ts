import { boundedStream } from '../../../platform/bounded-task.js';
import { openTable, type SourceFormat } from './open-table.js';

/** What the spreadsheet thread posts: the table's opening, then each batch of rows. */
export type TableMessage =
  | { kind: 'open'; headers: string[]; format: SourceFormat }
  /**
   * A batch of `count` rows as one JSON array of arrays (serialised here, so the HTTP thread neither copies nor
   * stringifies them); `newHeaders` are the columns named since the last message (rows wider than the header).
   */
  | { kind: 'batch'; count: number; json: string; newHeaders: string[] };

/**
 * The spreadsheet thread's task (loaded by piscina in each thread of `table-threads.ts`): opens
 * the upload with `openTable` — format detection, the .xlsx expansion guard, the .xls cell count,
 * the streaming readers and `readTable`'s limits all run here — and posts the headers, then the
 * rows in batches of IMPORT_BATCH_ROWS as the reader asks for them. Errors are `openTable`'s.
 */
export const readTableRows = boundedStream(async function* (input: { bytes: Uint8Array; filename: string }): AsyncGenerator<TableMessage> {
  const { table, format } = await openTable(input.bytes, input.filename);
  let known = table.headers.length;
  yield { kind: 'open', headers: [...table.headers], format };
  for await (const rows of table.batches) {
    yield { kind: 'batch', count: rows.length, json: JSON.stringify(rows), newHeaders: table.headers.slice(known) };
    known = table.headers.length;
  }
});
