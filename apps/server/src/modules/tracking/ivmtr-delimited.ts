import { Readable } from 'node:stream';
import { createInterface } from 'node:readline';
import { IVMTR_FIELD_ALIASES, ivmtrFieldKey, type IvmtrField } from '@mailcraft/shared';
import { scanError } from './ivmtr-scan.js';

/** One row of a delimited file as IV-MTR fields, with its line for error messages. */
export type DelimitedRecord = { fields: Partial<Record<IvmtrField, unknown>>; where: string };

/** Longest line read (a piece scan row is a few hundred characters). */
const LINE_MAX_CHARS = 64 * 1024;

/** The fields of one line split at `delimiter`; double-quoted fields (RFC 4180, `""` inside) are unquoted. No line breaks inside fields. */
export function splitDelimited(line: string, delimiter: string): string[] {
  if (!line.includes('"')) return line.split(delimiter);
  const out: string[] = [];
  let i = 0;
  for (;;) {
    if (line[i] === '"') {
      let value = '';
      i++;
      for (;;) {
        const q = line.indexOf('"', i);
        if (q < 0) { value += line.slice(i); i = line.length; break; }
        value += line.slice(i, q);
        if (line[q + 1] === '"') { value += '"'; i = q + 2; continue; }
        i = q + 1;
        break;
      }
      const next = line.indexOf(delimiter, i);
      out.push(value + (next < 0 ? line.slice(i) : line.slice(i, next)));
      if (next < 0) return out;
      i = next + delimiter.length;
    } else {
      const next = line.indexOf(delimiter, i);
      if (next < 0) { out.push(line.slice(i)); return out; }
      out.push(line.slice(i, next));
      i = next + delimiter.length;
    }
  }
}

/**
 * Reads an IV-MTR delimited file (pipe `|`, tab or comma separated, a header row first, as the IV-MTR data
 * dictionary's delimited layout has it) line by line from a stream of text chunks, never holding the whole file
 * (docs/requirements/mail-tracking.md#scan-data). The header names are matched to IV-MTR fields whatever their spelling
 * ("Scan Date Time", "scan_date_time", "scanDatetime"); columns the product does not read are passed over; empty lines
 * are skipped. The delimiter is the header's: `|` if it has one, else a tab, else a comma.
 * Errors (UNPROCESSABLE): 'Line 1: the header names no IMb column …', 'Line 1: the header names no scan time column …',
 * 'Line N: the line is longer than 64 KB'.
 */
export async function* readIvmtrDelimited(chunks: AsyncIterable<string>): AsyncGenerator<DelimitedRecord> {
  const lines = createInterface({ input: Readable.from(chunks), crlfDelay: Infinity });
  let lineNo = 0;
  let delimiter = '';
  let columns: Array<IvmtrField | undefined> = [];
  for await (const raw of lines) {
    lineNo++;
    const text = lineNo === 1 ? raw.replace(/^\uFEFF/, '') : raw;
    if (text.length > LINE_MAX_CHARS) throw scanError(`Line ${lineNo}`, 'the line is longer than 64 KB');
    if (text.trim() === '') continue;
    if (!delimiter) {
      delimiter = text.includes('|') ? '|' : text.includes('\t') ? '\t' : ',';
      columns = splitDelimited(text, delimiter).map((h) => IVMTR_FIELD_ALIASES[ivmtrFieldKey(h)]);
      if (!columns.includes('imb') && !columns.includes('imbTrackingCode')) {
        throw scanError(`Line ${lineNo}`, 'the header names no IMb column (e.g. "imb", "IMb" or "imbTrackingCode"): is this an IV-MTR piece scan file?');
      }
      if (!columns.includes('scanDatetime')) {
        throw scanError(`Line ${lineNo}`, 'the header names no scan time column (e.g. "scanDatetime" or "Scan Date Time")');
      }
      continue;
    }
    const values = splitDelimited(text, delimiter);
    const fields: Partial<Record<IvmtrField, unknown>> = {};
    for (let c = 0; c < columns.length; c++) {
      const field = columns[c];
      if (field && fields[field] === undefined && values[c] !== undefined) fields[field] = values[c];
    }
    yield { fields, where: `Line ${lineNo}` };
  }
}
