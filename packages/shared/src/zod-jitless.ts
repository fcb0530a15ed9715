import { z } from 'zod';

/**
 * Makes zod validate without compiling object parsers through `new Function`. The web app calls it
 * first thing, through the `@mailcraft/shared/zod-jitless` entry (which loads nothing else): its
 * Content-Security-Policy has no 'unsafe-eval', and zod probes for eval as each object schema is
 * built, reporting a CSP violation in the console. So it must run before any schema module
 * (the rest of this package) is evaluated. zod 4 keeps the setting on `globalThis`, so it also
 * covers the copy of zod bundled in the pdfme Designer. The server keeps the faster compiled parsers.
 */
export function disableZodJit(): void {
  z.config({ jitless: true });
}
