import { IN_HOME_DAYS_CAP } from '@mailcraft/shared';
/** A rate 0–1 as a percentage with one decimal, e.g. 0.125 → '12.5 %'. */
export const percent = (rate: number) => `${(rate * 100).toFixed(1)} %`;
/** An ISO 8601 time in the user's locale, or '—' when there is none. */
export const when = (t: string | null) => (t ? new Date(t).toLocaleString() : '—');

/**
 * A bucket of "scanned N days after in-home" (GET /api/analytics/lists/{id} `after_in_home`) as people read it:
 * 'Same day', '1 day', 'N days', and 'N+ days' for the last bucket (shared IN_HOME_DAYS_CAP).
 */
export const inHomeDays = (days: number) =>
  (days === 0 ? 'Same day' : days >= IN_HOME_DAYS_CAP ? `${IN_HOME_DAYS_CAP}+ days` : days === 1 ? '1 day' : `${days} days`);
