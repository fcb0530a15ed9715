import { useQuery } from '@tanstack/react-query';
import { FREE_PLAN_IDS } from '@mailcraft/shared';
import { api } from '../../app/api';

/** GET /api/subscriptions/current (spec 000 §3 Subscription, §7). */
export type TSubscription = {
  subscription: { plan: { name: string; features: Record<string, boolean | number> }; status: string } | null;
  features: Record<string, boolean | number>;
};

export function useSubscription() {
  return useQuery({ queryKey: ['subscription'], queryFn: () => api<TSubscription>('/api/subscriptions/current'), staleTime: 60_000 });
}

/**
 * Plan gating (spec 000 §6): a feature is allowed when the features map or the plan's features
 * say so; denied while loading, on error, or with no subscription. The plan name defaults to
 * free, and free and pay_as_you_go count as free. `upgradeHref` is /pricing?feature={feature}.
 * The server enforces the same rule; this only shapes the screen.
 */
export function useFeature(feature: string) {
  const q = useSubscription();
  const features = q.data?.features ?? {};
  const planFeatures = q.data?.subscription?.plan.features ?? {};
  const allowed = !!q.data?.subscription && (!!features[feature] || !!planFeatures[feature]);
  const plan = q.data?.subscription?.plan.name ?? 'free';
  return {
    allowed,
    loading: q.isPending,
    plan,
    isFreePlan: (FREE_PLAN_IDS as readonly string[]).includes(plan),
    upgradeHref: `/pricing?feature=${encodeURIComponent(feature)}`,
  };
}
