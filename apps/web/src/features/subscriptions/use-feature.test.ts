import { describe, expect, it } from 'vitest';
import { featureAccess, type GatingInput } from './use-feature';

const plan = (name: string, features: GatingInput['features'] = {}, extra: GatingInput['features'] = {}): GatingInput => ({
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

  it('denies a feature neither grants, or grants as false', () => {
    expect(featureAccess(plan('pro', { qr_codes: true }), 'print_files').allowed).toBe(false);
    expect(featureAccess(plan('pro', { print_files: false }, { print_files: false }), 'print_files').allowed).toBe(false);
  });

  it('denies everything without a subscription, even what the features map says', () => {
    const access = featureAccess({ subscription: null, features: { print_files: true } }, 'print_files');
    expect(access).toMatchObject({ allowed: false, plan: 'free', isFreePlan: true });
  });

  it('denies everything while there is no answer (loading or failed)', () => {
    expect(featureAccess(undefined, 'print_files')).toMatchObject({ allowed: false, plan: 'free', isFreePlan: true });
  });

  it('counts free and pay as you go as free plans', () => {
    expect(featureAccess(plan('free'), 'maps').isFreePlan).toBe(true);
    expect(featureAccess(plan('pay_as_you_go'), 'maps').isFreePlan).toBe(true);
    expect(featureAccess(plan('pro'), 'maps').isFreePlan).toBe(false);
  });

  it('links to the pricing page for the feature', () => {
    expect(featureAccess(undefined, 'print_files').upgradeHref).toBe('/pricing?feature=print_files');
  });
});
