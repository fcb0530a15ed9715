/**
 * The constants and the mailing-list limits and messages alone, as the subpath
 * `@mailcraft/shared/list-limits`: what a spreadsheet thread loads. The package's index loads
 * every zod schema (~250 ms at a thread's start, paid by the upload that starts it); this ~30 ms.
 */
export * from './constants.js';
export * from './list-messages.js';
