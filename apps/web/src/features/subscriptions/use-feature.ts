import { useQuery } from '@tanstack/react-query';
import { FREE_PLAN_IDS, type FeatureKey, type TSubscription } from '@mailcraft/shared';
import { api } from '../../lib/api-client';


export function useSubscription() {
  return useQuery({ queryKey: ['subscription'], queryFn: () => api<TSubscription>('/api/subscriptions/current'), staleTime: 60_000 });
}

/**
 * Plan gating (spec 000 §6): a feature is allowed when the features map or the plan's features
 * say so; denied while loading, on error, or with no subscription. The plan name defaults to
 * free, and free and pay_as_you_go count as free. `upgradeHref` is /pricing?feature={feature}.
 * The server enforces the same rule; this only shapes the screen.
 */
export function useFeature(feature: FeatureKey) {
  return featureAccess(useSubscription(), feature);
}

/**
 * The gating rule of spec 000 §6 on a subscription query: allowed when the features map or the
 * plan's features say so, denied while loading, on error or with no subscription; the plan name
 * defaults to free; free and pay_as_you_go count as free.
 */
export function featureAccess(q: { data?: TSubscription; isPending: boolean }, feature: FeatureKey) {
  const subscription = q.data?.subscription;
  const allowed = !!subscription && (!!q.data?.features[feature] || !!subscription.plan.features[feature]);
  const plan = subscription?.plan.name ?? 'free';
  return {
    allowed,
    loading: q.isPending,
    plan,
    isFreePlan: FREE_PLAN_IDS.includes(plan),
    upgradeHref: `/pricing?feature=${encodeURIComponent(feature)}`,
  };
}
