/**
 * What a running print job is doing, in order (docs/requirements/print.md#progress): reading the list
 * and design, rendering the mail pieces, merging them into one file, the preflight, storing the file.
 * Kept apart from the print schemas so the web app reads it without loading zod.
 */
export const PRINT_JOB_PHASES = ['preparing', 'rendering', 'merging', 'preflight', 'storing'] as const;
export type PrintJobPhase = (typeof PRINT_JOB_PHASES)[number];
