import type { Readable } from 'node:stream';
import type { IvmtrField } from '@mailcraft/shared';
import { readIvmtrDelimited } from './ivmtr-delimited.js';
import { readIvmtrJson } from './ivmtr-json.js';
import { ivmtrFields } from './ivmtr-scan.js';

/** One piece scan of a file as IV-MTR fields, with where it is ('Line 7'). */
export type FileScan = { fields: Partial<Record<IvmtrField, unknown>>; where: string };

/** The text chunks of `first` followed by the rest of `iterator`. */
async function* prepend(first: string, iterator: AsyncIterator<string>): AsyncGenerator<string> {
  yield first;
  for (;;) {
    const next = await iterator.next();
    if (next.done) return;
    yield next.value;
  }
}

/**
 * The piece scans of an IV-MTR file read from `stream` (bytes, UTF-8), streamed (docs/requirements/mail-tracking.md#scan-data):
 * JSON (the first character that is not white space is `{` or `[`: `readIvmtrJson`) or delimited with a header row
 * (`readIvmtrDelimited`). An empty file has no scans. Errors are those of the two readers (UNPROCESSABLE naming the line).
 */
export async function* readIvmtrFile(stream: Readable): AsyncGenerator<FileScan> {
  stream.setEncoding('utf8');
  const iterator = (stream as AsyncIterable<string>)[Symbol.asyncIterator]();
  let head = '';
  for (;;) {
    const next = await iterator.next();
    if (next.done) break;
    head += next.value;
    if (/[^\s\uFEFF]/.test(head)) break;
  }
  const first = /[^\s\uFEFF]/.exec(head)?.[0];
  if (!first) return;
  const chunks = prepend(head, iterator);
  if (first === '{' || first === '[') {
    for await (const r of readIvmtrJson(chunks)) yield { fields: ivmtrFields(r.record), where: r.where };
  } else {
    yield* readIvmtrDelimited(chunks);
  }
}
