import { describe, expect, it } from 'vitest';
import { IN_HOME_DAYS_CAP } from '@mailcraft/shared';
import { inHomeDays } from './scans-format';

describe('scanned N days after in-home', () => {
  it('names each bucket as people read it, the last one open-ended', () => {
    expect([0, 1, 2, IN_HOME_DAYS_CAP].map(inHomeDays)).toEqual(['Same day', '1 day', '2 days', `${IN_HOME_DAYS_CAP}+ days`]);
  });
});
