import { ivmtrFieldKey } from '@mailcraft/shared';
import { scanError } from './ivmtr-scan.js';

/** One record read from a file, with where it is for error messages ('Line 7', or 'Line 1, scan 12' when a line holds several). */
export type SourceRecord = { record: Record<string, unknown>; where: string };

/** Names of the array an IV-MTR JSON envelope carries its piece scans in (as `ivmtrFieldKey` reduces them). */
const ENVELOPE_KEYS = new Set(['data', 'events', 'scans', 'pieces', 'piecescans', 'records', 'results', 'items']);
/** Largest single scan object read (a bigger one is refused: piece scans are a few hundred bytes). */
const OBJECT_MAX_CHARS = 1024 * 1024;

const QUOTE = 34, BACKSLASH = 92, NEWLINE = 10, OPEN_OBJECT = 123, CLOSE_OBJECT = 125, OPEN_ARRAY = 91, CLOSE_ARRAY = 93, COLON = 58;

/**
 * Reads the piece scans of an IV-MTR JSON file as a stream of text chunks, never holding more than one scan object
 * (docs/requirements/mail-tracking.md#scan-data): a root array of scans, one scan object, objects one after another
 * (JSON Lines), or an envelope object whose `data` (or `events`, `scans`, `pieces`, `records`, `results`, `items`)
 * array holds them (other envelope fields such as `feedId` or `recordCount` are passed over). Each scan object is cut
 * out of the text by a small scanner that tracks strings and nesting, then parsed with JSON.parse.
 * Errors (UNPROCESSABLE): 'Line N: the JSON is not valid (…)', 'Line N: the file is not IV-MTR JSON (unexpected "x")',
 * 'Line N: the JSON ends before its last scan is complete', 'Line N: a scan is larger than 1 MB'.
 */
export async function* readIvmtrJson(chunks: AsyncIterable<string>): AsyncGenerator<SourceRecord> {
  let line = 1;
  /** Open containers, outermost first: 'o' object, 'a' array. */
  const stack: Array<'o' | 'a'> = [];
  let inString = false;
  let escaped = false;
  /** Whether the array open at depth 2 is an envelope's scan array. */
  let envelopeArray = false;
  /** The text of the string being read at the root object's level (its keys), and the last such key. */
  let keyParts: string[] | null = null;
  let keyStart = -1;
  let lastString = '';
  let currentKey = '';
  /** The object being cut out: its text so far, where it started, its depth, and whether it is the root object (maybe an envelope). */
  let capture: { parts: string[]; start: number; size: number; line: number; depth: number; root: boolean } | null = null;
  let scans = 0;
  let lastLine = 0;

  const whereOf = (at: number) => {
    scans++;
    const where = at === lastLine ? `Line ${at}, scan ${scans}` : `Line ${at}`;
    lastLine = at;
    return where;
  };

  for await (const chunk of chunks) {
    const found: Array<{ text: string; line: number }> = [];
    if (capture) capture.start = 0;
    if (keyParts) keyStart = 0;
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (inString) {
        if (escaped) { escaped = false; continue; }
        if (c === BACKSLASH) { escaped = true; continue; }
        if (c !== QUOTE) continue;
        inString = false;
        if (keyParts) {
          keyParts.push(chunk.slice(keyStart, i));
          lastString = keyParts.join('');
          keyParts = null;
        }
        continue;
      }
      switch (c) {
        case NEWLINE: line++; break;
        case QUOTE:
          inString = true;
          if (stack.length === 1 && stack[0] === 'o') { keyParts = []; keyStart = i + 1; }
          else if (stack.length === 0) throw scanError(`Line ${line}`, 'the file is not IV-MTR JSON (unexpected text outside an object)');
          break;
        case COLON:
          if (stack.length === 1) currentKey = lastString;
          break;
        case OPEN_OBJECT: {
          const depth = stack.length;
          const isScan = depth === 0 || (depth === 1 && stack[0] === 'a') || (depth === 2 && envelopeArray);
          if (isScan && !capture) capture = { parts: [], start: i, size: 0, line, depth, root: depth === 0 };
          stack.push('o');
          break;
        }
        case OPEN_ARRAY:
          if (stack.length === 1 && stack[0] === 'o' && ENVELOPE_KEYS.has(ivmtrFieldKey(currentKey))) {
            envelopeArray = true;
            if (capture?.root) capture = null; // an envelope, not a scan: its scans are cut out one by one
          }
          stack.push('a');
          break;
        case CLOSE_OBJECT:
        case CLOSE_ARRAY: {
          const open = stack.pop();
          if (open !== (c === CLOSE_OBJECT ? 'o' : 'a')) throw scanError(`Line ${line}`, `the JSON is not valid (unexpected "${String.fromCharCode(c)}")`);
          if (c === CLOSE_ARRAY && stack.length === 1) envelopeArray = false;
          if (capture && c === CLOSE_OBJECT && stack.length === capture.depth) {
            capture.parts.push(chunk.slice(capture.start, i + 1));
            found.push({ text: capture.parts.join(''), line: capture.line });
            capture = null;
          }
          break;
        }
        default:
          if (stack.length === 0 && c !== 32 && c !== 9 && c !== 13 && c !== 44 && c !== 0xfeff) {
            throw scanError(`Line ${line}`, `the file is not IV-MTR JSON (unexpected "${String.fromCharCode(c)}")`);
          }
      }
    }
    if (capture) {
      const rest = chunk.slice(capture.start);
      capture.size += rest.length;
      if (capture.size > OBJECT_MAX_CHARS) throw scanError(`Line ${capture.line}`, 'a scan is larger than 1 MB');
      capture.parts.push(rest);
    }
    if (keyParts) {
      keyParts.push(chunk.slice(keyStart));
      if (keyParts.join('').length > 1000) keyParts = [keyParts.join('').slice(0, 1000)];
    }
    for (const f of found) {
      let value: unknown;
      try {
        value = JSON.parse(f.text);
      } catch (err) {
        throw scanError(`Line ${f.line}`, `the JSON is not valid (${(err as Error).message.replace(/ in JSON at position \d+.*$/, '')})`);
      }
      yield { record: value as Record<string, unknown>, where: whereOf(f.line) };
    }
  }
  if (stack.length > 0 || inString) throw scanError(`Line ${line}`, 'the JSON ends before its last scan is complete');
}
