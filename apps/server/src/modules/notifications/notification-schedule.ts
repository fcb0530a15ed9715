import { DateTime } from 'luxon';
import type { ScheduleType } from '@mailcraft/shared';

/** A digest schedule (docs/requirements/notifications.md#schedules-and-digests): daily, weekly or monthly at HH:MM in a time zone. */
export type DigestSchedule = {
  type: Exclude<ScheduleType, 'immediate'>;
  /** 'HH:MM', 24-hour, in `zone`. */
  time: string;
  /** Weekly: 0 (Sunday) … 6. Monthly: 1 … 31 (the month's last day when it has fewer). */
  day: number | null;
  /** IANA time zone. */
  zone: string;
};

/**
 * The scheduled send time of the period that contains `local` (a DateTime in the schedule's
 * zone): that day's, week's or month's HH:MM. Luxon moves a local time that does not exist
 * (the spring-forward hour) forward and picks the earlier of a repeated one (fall back), so every
 * period has exactly one instant.
 */
function slotOf(s: DigestSchedule, local: DateTime): DateTime {
  const [hour, minute] = s.time.split(':').map(Number);
  const at = (d: DateTime) => DateTime.fromObject({ year: d.year, month: d.month, day: d.day, hour, minute }, { zone: s.zone });
  if (s.type === 'daily') return at(local);
  if (s.type === 'weekly') {
    const weekday = s.day ?? 0; // 0 = Sunday; luxon's weekday is 1 (Monday) … 7 (Sunday)
    const back = (local.weekday % 7) - weekday;
    return at(local.minus({ days: back }));
  }
  const day = Math.min(s.day ?? 1, local.daysInMonth ?? 28);
  return at(local.set({ day }));
}

/** A local time `n` periods (days, weeks or months) from `local`; months from the 1st, so a short month is not skipped. */
const shift = (s: DigestSchedule, local: DateTime, n: number): DateTime =>
  s.type === 'daily' ? local.plus({ days: n }) : s.type === 'weekly' ? local.plus({ weeks: n }) : local.startOf('month').plus({ months: n });

/**
 * The latest scheduled send time at or before `now`, and the one before it: the digest sent at
 * `due` covers the scans of [`since`, `due`). Monthly on day 31 is due on 30 April, 28/29
 * February. Both are UTC instants, so a daylight-saving change neither repeats nor skips one.
 */
export function latestDigest(s: DigestSchedule, now: Date): { since: Date; due: Date } {
  const local = DateTime.fromJSDate(now, { zone: s.zone });
  let due = slotOf(s, local);
  if (due.toMillis() > now.getTime()) due = slotOf(s, shift(s, local, -1));
  const since = slotOf(s, shift(s, due, -1));
  return { since: since.toJSDate(), due: due.toJSDate() };
}

/** The first scheduled send time after `now` (shown to the user as the next digest). */
export function nextDigest(s: DigestSchedule, now: Date): Date {
  const local = DateTime.fromJSDate(now, { zone: s.zone });
  const here = slotOf(s, local);
  return (here.toMillis() > now.getTime() ? here : slotOf(s, shift(s, local, 1))).toJSDate();
}
