import { describe, expect, it } from 'vitest';
import { latestDigest, nextDigest, type DigestSchedule } from './notification-schedule.js';

/** Every 15-minute tick from `from` to `to` (the digest cron), with the digest due at each. */
function dueTimes(s: DigestSchedule, from: string, to: string): string[] {
  const seen = new Set<string>();
  for (let t = Date.parse(from); t <= Date.parse(to); t += 15 * 60_000) seen.add(latestDigest(s, new Date(t)).due.toISOString());
  return [...seen];
}

describe('digest schedules', () => {
  it('daily at 09:00 America/New_York sends exactly once a day across both DST changes', () => {
    const daily: DigestSchedule = { type: 'daily', time: '09:00', day: null, zone: 'America/New_York' };
    // March 8, 2026: clocks go forward; 09:00 EST is 14:00Z before, 09:00 EDT is 13:00Z after.
    expect(dueTimes(daily, '2026-03-06T15:00:00Z', '2026-03-10T15:00:00Z')).toEqual([
      '2026-03-06T14:00:00.000Z', '2026-03-07T14:00:00.000Z', '2026-03-08T13:00:00.000Z', '2026-03-09T13:00:00.000Z', '2026-03-10T13:00:00.000Z',
    ]);
    // November 1, 2026: clocks go back.
    expect(dueTimes(daily, '2026-10-31T14:00:00Z', '2026-11-02T15:00:00Z')).toEqual([
      '2026-10-31T13:00:00.000Z', '2026-11-01T14:00:00.000Z', '2026-11-02T14:00:00.000Z',
    ]);
  });

  it('a time that does not exist on the spring-forward night sends once, an hour later', () => {
    const s: DigestSchedule = { type: 'daily', time: '02:30', day: null, zone: 'America/New_York' };
    expect(dueTimes(s, '2026-03-07T08:00:00Z', '2026-03-09T08:00:00Z')).toEqual([
      '2026-03-07T07:30:00.000Z', '2026-03-08T07:30:00.000Z', '2026-03-09T06:30:00.000Z',
    ]);
  });

  it('monthly on day 31 is due on 30 April and 28 February; the period runs from the last send', () => {
    const s: DigestSchedule = { type: 'monthly', time: '08:00', day: 31, zone: 'UTC' };
    expect(latestDigest(s, new Date('2026-05-15T00:00:00Z'))).toEqual({ since: new Date('2026-03-31T08:00:00Z'), due: new Date('2026-04-30T08:00:00Z') });
    expect(nextDigest(s, new Date('2026-02-10T00:00:00Z'))).toEqual(new Date('2026-02-28T08:00:00Z'));
    expect(nextDigest(s, new Date('2026-04-30T08:00:00Z'))).toEqual(new Date('2026-05-31T08:00:00Z'));
  });

  it('weekly on a weekday (0 = Sunday) at a time', () => {
    const s: DigestSchedule = { type: 'weekly', time: '17:30', day: 1, zone: 'Europe/Berlin' };
    // 2026-11-25 is a Wednesday; the latest Monday 17:30 CET is 23 November, 16:30Z.
    expect(latestDigest(s, new Date('2026-11-25T12:00:00Z'))).toEqual({ since: new Date('2026-11-16T16:30:00Z'), due: new Date('2026-11-23T16:30:00Z') });
    const sunday: DigestSchedule = { ...s, day: 0 };
    expect(nextDigest(sunday, new Date('2026-11-25T12:00:00Z'))).toEqual(new Date('2026-11-29T16:30:00Z'));
  });
});
