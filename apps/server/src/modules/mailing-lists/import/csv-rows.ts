import Papa from 'papaparse';
import { CELL_MAX_CHARS, LIST_MESSAGES, cellTooLongMessage } from '@mailcraft/shared/list-limits';
import { AppError } from '../../../platform/errors.js';
import { decodeChunks, detectEncoding, type DetectedEncoding } from './decode-text.js';

/** Delimiters a CSV upload may use, detected from the first rows (papaparse's guesser). */
export const CSV_DELIMITERS = [',', ';', '\t', '|'];

/** Text is parsed in pieces of this many bytes; the file never exists as one string. */
const CHUNK_BYTES = 256 * 1024;

/** Characters read before the delimiter and line break are guessed (papaparse looks at 10 rows). */
const GUESS_SAMPLE_CHARS = 64 * 1024;

/**
 * A record still open after this many characters means an unbalanced quote swallowed the rest
 * of the file; re-scanning it for every chunk would take minutes, so the file is refused.
 */
const MAX_RECORD_CHARS = 4 * 1024 * 1024;

/**
 * Why a record is still open after MAX_RECORD_CHARS: a cell too long to import (its row and
 * column named, docs/architecture.md#security-baseline), or else an unbalanced quote that swallowed the rest of the file.
 */
function openRecordError(record: string, row: number, header: string[], delimiter: string): AppError {
  const cells = record.split(delimiter);
  const long = cells.findIndex((cell) => cell.length > CELL_MAX_CHARS && !cell.startsWith('"'));
  if (long < 0) return new AppError('UNPROCESSABLE', LIST_MESSAGES.invalid);
  return new AppError('UNPROCESSABLE', cellTooLongMessage(row, header[long] ?? `Column ${long + 1}`));
}

/** True when decoded text holds NUL characters: a binary file (an image, a zip) named .csv. */
export function looksBinary(bytes: Uint8Array, detected: DetectedEncoding = detectEncoding(bytes)): boolean {
  const first = decodeChunks(bytes.subarray(0, 64 * 1024), detected).next();
  return !first.done && first.value.includes('\u0000');
}

/** Delimiter and line break of a CSV, guessed by papaparse from the first rows of `sample`. */
export function guessDialect(sample: string): { delimiter: string; newline: '\n' | '\r' | '\r\n' } {
  const { meta } = Papa.parse<string[]>(sample, { preview: 10, delimitersToGuess: CSV_DELIMITERS, skipEmptyLines: true });
  const newline = meta.linebreak === '\r\n' || meta.linebreak === '\r' ? meta.linebreak : '\n';
  return { delimiter: meta.delimiter || ',', newline };
}

/**
 * Streams the rows of CSV bytes as arrays of raw cell strings, the header row included
 * (docs/requirements/mailing-lists.md#file-formats: papaparse over text decoded first). Handles CR, LF and CRLF line ends, the
 * encodings of `detectEncoding`, delimiters `, ; tab |`, and quoted fields holding delimiters,
 * doubled quotes and newlines. Values are not trimmed; empty lines come as `['']` and rows of
 * empty cells as such, for the caller to skip.
 *
 * Papaparse's core `Parser` is driven chunk by chunk (the unfinished last record is carried to
 * the next chunk), as its own ChunkStreamer does: its Node stream pauses every 16 rows and
 * re-splits the rest of the chunk each time, which made 250,000 short rows take minutes.
 * Errors: AppError UNPROCESSABLE 'The file is not a valid spreadsheet' for an unbalanced quote
 * that leaves a record open for over 4 M characters.
 */
export async function* csvRows(bytes: Uint8Array, chunkBytes = CHUNK_BYTES): AsyncGenerator<string[]> {
  const detected = detectEncoding(bytes);
  let parser: Papa.Parser | null = null;
  let carry = '';
  let header: string[] | undefined;
  let rows = 0;
  let dialect = { delimiter: ',' };
  for (const chunk of decodeChunks(bytes, detected, chunkBytes)) {
    const text = carry + chunk;
    if (!parser) {
      // Guess delimiter and line break from a good sample, not from a sliver of the file.
      if (text.length < GUESS_SAMPLE_CHARS) {
        carry = text;
        continue;
      }
      dialect = guessDialect(text);
      parser = new Papa.Parser({ ...dialect, quoteChar: '"' });
    }
    const result = parser.parse(text, 0, true) as { data: string[][]; meta: { cursor: number } };
    carry = text.substring(result.meta.cursor);
    header ??= result.data[0];
    rows += result.data.length;
    if (carry.length > MAX_RECORD_CHARS) throw openRecordError(carry, rows + 1, header ?? [], dialect.delimiter);
    yield* result.data;
  }
  if (!carry) return;
  parser ??= new Papa.Parser({ ...guessDialect(carry), quoteChar: '"' });
  yield* (parser.parse(carry, 0, false) as { data: string[][] }).data;
}
