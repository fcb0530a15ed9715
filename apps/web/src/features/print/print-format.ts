/** Formatting for the print pages: durations, sizes, counts. */
import type { TPreflight } from '@mailcraft/shared';

/** '1,234'. */
export const fmtCount = (n: number) => n.toLocaleString('en-US');

/** Seconds as 'about 12 s left', 'about 3 min left', 'about 1 h 5 min left'. */
export function timeLeft(seconds: number): string {
  if (seconds < 60) return `about ${Math.max(1, Math.round(seconds))} s left`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${minutes} min left`;
  return `about ${Math.floor(minutes / 60)} h ${minutes % 60} min left`;
}

/** Bytes as '812 KB', '14.2 MB', '1.3 GB' (1 KB = 1,024 bytes). */
export function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
}

/**
 * A print file's preflight in a few words, for the list of earlier files: 'Passed', '2 warnings'
 * (checks that passed but name pieces, such as text shrunk to fit), '1 failure', '3 failures,
 * 1 warning'. Failures are the failed checks.
 */
export function preflightSummary(preflight: TPreflight): string {
  const failures = preflight.checks.filter((c) => !c.passed).length;
  const warnings = preflight.checks.filter((c) => c.passed && c.pieces.length > 0).length;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const parts = [failures > 0 && plural(failures, 'failure'), warnings > 0 && plural(warnings, 'warning')].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : 'Passed';
}
