/** Today in UTC, 'YYYY-MM-DD': prices change at 00:00 UTC (the server's day, docs/requirements/administration.md#administration). */
export const utcToday = (now = new Date()) => now.toISOString().slice(0, 10);

/** A price's first day ('YYYY-MM-DD', UTC) in the browser's language, e.g. 'Dec 1, 2026'. */
export const formatDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
