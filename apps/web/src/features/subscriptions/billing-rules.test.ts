import { describe, expect, it } from 'vitest';
import { PLANS } from './plans-fixture';
import { formatRequestDate, formatUsageMonth, isFreePlan, isPlanId, planChangeWarning } from './billing-rules';

const plan = (id: string) => PLANS.plans.find((p) => p.id === id)!;

describe('billing rules', () => {
  it('names the usage month and the request day', () => {
    expect(formatUsageMonth('2026-11')).toBe('November 2026');
    expect(formatUsageMonth('2027-01')).toBe('January 2027');
    expect(formatUsageMonth('soon')).toBe('soon');
    expect(formatRequestDate('2026-11-03T23:30:00Z', 'UTC')).toBe('November 3, 2026');
    expect(formatRequestDate('2026-11-03T23:30:00Z', 'Asia/Tokyo')).toBe('November 4, 2026');
    expect(formatRequestDate('not a date')).toBe('not a date');
  });

  it('knows plan ids and which plans are free', () => {
    expect(isPlanId('pro')).toBe(true);
    expect(isPlanId('gold')).toBe(false);
    expect(isPlanId(null)).toBe(false);
    expect(isFreePlan('pay_as_you_go')).toBe(true);
    expect(isFreePlan('business')).toBe(false);
  });

  it('says what a switch takes away, and when it takes nothing', () => {
    expect(planChangeWarning(plan('pay_as_you_go').features, plan('free')))
      .toBe('Free does not include Webhooks on scans, SMS and email scan notifications, Route maps. Limits: 25 projects, 250,000 records per list.');
    expect(planChangeWarning(plan('free').features, plan('pay_as_you_go'))).toBe('You keep every feature of your current plan.');
  });
});
