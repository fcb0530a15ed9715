import { describe, expect, it } from 'vitest';
import { featureAccess, type TSubscription } from './use-feature';

const plan = (name: string, features: TSubscription['features'] = {}, extra: TSubscription['features'] = {}): TSubscription => ({
  subscription: { plan: { name, features }, status: 'active' },
  features: extra,
});

describe('plan gating', () => {
  it('allows a feature the plan includes', () => {
    expect(featureAccess(plan('pro', { print_files: true }), 'print_files').allowed).toBe(true);
  });

  it('allows a feature the features map grants on top of the plan', () => {
    expect(featureAccess(plan('free', {}, { print_files: true }), 'print_files').allowed).toBe(true);
  });

  it('denies a feature neither grants, or grants as false or 0', () => {
    expect(featureAccess(plan('pro', { qr_codes: true }), 'print_files').allowed).toBe(false);
    expect(featureAccess(plan('pro', { print_files: false }, { print_files: 0 }), 'print_files').allowed).toBe(false);
  });

  it('counts a numeric limit above 0 as allowed', () => {
    expect(featureAccess(plan('pro', { api_calls: 1000 }), 'api_calls').allowed).toBe(true);
  });

  it('denies everything without a subscription, even what the features map says', () => {
    const access = featureAccess({ subscription: null, features: { print_files: true } }, 'print_files');
    expect(access).toMatchObject({ allowed: false, plan: 'free', isFreePlan: true });
  });

  it('denies everything while there is no answer (loading or failed)', () => {
    expect(featureAccess(undefined, 'print_files')).toMatchObject({ allowed: false, plan: 'free', isFreePlan: true });
  });

  it('counts free and pay as you go as free plans', () => {
    expect(featureAccess(plan('free'), 'x').isFreePlan).toBe(true);
    expect(featureAccess(plan('pay_as_you_go'), 'x').isFreePlan).toBe(true);
    expect(featureAccess(plan('pro'), 'x').isFreePlan).toBe(false);
  });

  it('links to the pricing page for the feature', () => {
    expect(featureAccess(undefined, 'print files').upgradeHref).toBe('/pricing?feature=print%20files');
  });
});
