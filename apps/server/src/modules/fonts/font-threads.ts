import { FONT_CHECK_HEAP_MB, FONT_CHECK_SECONDS, FONT_MESSAGES as FM } from '@mailcraft/shared';
import { BoundedWorkers } from '../../platform/bounded-worker.js';
import type { FontFacts } from './font-file.js';

/** Fonts checked at once: uploads are for administrators and rare; more wait in line. */
const FONT_THREADS = 1;

let threads: BoundedWorkers | null = null;

/**
 * Checks an uploaded font with `inspectFontFile` in a font thread (off the HTTP thread): a heap of
 * FONT_CHECK_HEAP_MB and FONT_CHECK_SECONDS per font, so a damaged or hostile font costs its
 * upload, never the server. Resolves with the font's facts.
 * Errors: `inspectFontFile`'s VALIDATION (400) refusals; VALIDATION FM.tooBig or FM.tooSlow when
 * the check runs out of memory or time; VALIDATION FM.notFont when fontkit or pdf-lib fail in
 * any other way.
 */
export function inspectFontInThread(bytes: Buffer): Promise<FontFacts> {
  threads ??= new BoundedWorkers(new URL('./font-task.js', import.meta.url), {
    heapMb: FONT_CHECK_HEAP_MB, timeoutMs: FONT_CHECK_SECONDS * 1000, threads: FONT_THREADS,
  }, { code: 'VALIDATION', tooBig: FM.tooBig, tooSlow: FM.tooSlow, failed: FM.notFont });
  const copy = new Uint8Array(bytes); // moved to the thread; the caller stores `bytes`
  return threads.run<FontFacts>('inspectFont', copy, [copy.buffer]);
}
