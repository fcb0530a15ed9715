/** An ISO 8601 time in the browser's locale and zone ('Nov 25, 2026, 9:30 PM'); `never` when null. */
export const localTime = (iso: string | null, never = 'Never') =>
  (iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : never);
