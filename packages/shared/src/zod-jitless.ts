/**
 * Makes zod validate without compiling object parsers through `new Function`. The web app calls it
 * first thing, through the `@mailcraft/shared/zod-jitless` entry (which loads nothing else): its
 * Content-Security-Policy has no 'unsafe-eval', and zod probes for eval as each object schema is
 * built, reporting a CSP violation in the console. So it must run before any schema module
 * (the rest of this package) is evaluated. The server keeps the faster compiled parsers.
 *
 * It writes zod 4's global configuration object, `globalThis.__zod_globalConfig`, which zod adopts
 * when it loads (zod/v4/core/core.js) and which `z.config()` edits, instead of calling
 * `z.config({ jitless: true })`: importing zod here would put all of zod (26 KB gzip) on the first
 * load of every page, including those that validate nothing (docs/requirements/workflow.md#clear-states-and-fast-pages). Being global, it also covers
 * the copy of zod bundled in the pdfme Designer. zod-jitless.test.ts checks zod still reads it.
 */
export function disableZodJit(): void {
  const g = globalThis as { __zod_globalConfig?: Record<string, unknown> };
  g.__zod_globalConfig = Object.assign(g.__zod_globalConfig ?? {}, { jitless: true });
}
