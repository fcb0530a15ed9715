import { describe, expect, it } from 'vitest';
import { featureNote } from './pricing-labels';
import { cheapestPlanWith, choosePlanHref, formatMonthlyPrice, formatPiecePrice, isFeatureKey, limitLines } from './pricing-rules';
import { PLANS } from './test-helpers';

describe('pricing rules', () => {
  it('writes monthly prices: Free for 0, whole dollars without cents', () => {
    expect([0, 99, 299, 12.5, 1999].map(formatMonthlyPrice)).toEqual(['Free', '$99 / month', '$299 / month', '$12.50 / month', '$1,999 / month']);
  });

  it('writes per-piece prices with cents', () => {
    expect([1.25, 0.25, 1].map(formatPiecePrice)).toEqual(['$1.25', '$0.25', '$1.00']);
  });

  it('writes the limits out', () => {
    expect(limitLines({ max_projects: 500, max_list_rows: 250_000 })).toEqual(['Up to 500 projects', 'Up to 250,000 records per list']);
    expect(limitLines({ max_projects: 1, max_list_rows: 1 })).toEqual(['Up to 1 project', 'Up to 1 record per list']);
  });

  it('finds the cheapest plan with a feature, the first of equal prices, or none', () => {
    expect(cheapestPlanWith(PLANS.plans, 'maps')?.id).toBe('pay_as_you_go');
    expect(cheapestPlanWith(PLANS.plans, 'api')?.id).toBe('pro');
    expect(cheapestPlanWith(PLANS.plans, 'print_files')?.id).toBe('free');
    const unordered = [PLANS.plans[3], PLANS.plans[2]];
    expect(cheapestPlanWith(unordered, 'api')?.id).toBe('pro');
    expect(cheapestPlanWith(PLANS.plans.slice(0, 1), 'api')).toBeNull();
  });

  it('takes only feature keys from ?feature', () => {
    expect(['maps', 'api', 'max_projects', 'MAPS', '', null].map(isFeatureKey)).toEqual([true, true, false, false, false, false]);
  });

  it('sends a signed-out user through sign-in to billing', () => {
    expect(choosePlanHref('pro', true)).toBe('/billing?plan=pro');
    expect(choosePlanHref('pro', false)).toBe('/login?next=%2Fbilling%3Fplan%3Dpro');
    expect(new URLSearchParams(choosePlanHref('business', false).split('?')[1]).get('next')).toBe('/billing?plan=business');
  });

  it('words the ?feature line', () => {
    expect(featureNote('maps', 'Pay as you go')).toBe('Route maps are included from the Pay as you go plan');
    expect(featureNote('api', 'Pro')).toBe('Print-on-Demand API is included from the Pro plan');
    expect(featureNote('api', null)).toBe('Print-on-Demand API is not included in any plan');
  });
});
