import { FREE_PLAN_IDS, type FeatureKey, type TPlanFeatures } from '@mailcraft/shared';
import { useSubscription } from './subscriptions-api';

/**
 * What the gating rule reads of a subscription answer (shared TSubscription fits it); docs/requirements/plans-and-billing.md#plan-gating
 * also covers an answer without a subscription and partial feature maps.
 */
export type GatingInput = {
  subscription: { plan: { name: string; features: Partial<TPlanFeatures> }; status?: string } | null;
  features: Partial<TPlanFeatures>;
};

/** What the screen needs to know about one plan feature. */
export type FeatureAccess = {
  allowed: boolean;
  /** The plan's name, 'free' when there is none. */
  plan: string;
  isFreePlan: boolean;
  /** /pricing?feature={feature}. */
  upgradeHref: string;
};

/**
 * Plan gating (docs/requirements/plans-and-billing.md#plan-gating): a feature is allowed when the features map or the plan's features
 * say so, and denied with no subscription — or no answer yet (`current` undefined while loading
 * or after an error). The plan name defaults to free, and free and pay_as_you_go count as free.
 * The server enforces the same rule; this only shapes the screen.
 */
export function featureAccess(current: GatingInput | undefined, feature: FeatureKey): FeatureAccess {
  const features = current?.features ?? {};
  const planFeatures = current?.subscription?.plan.features ?? {};
  const plan = current?.subscription?.plan.name ?? 'free';
  return {
    allowed: !!current?.subscription && (!!features[feature] || !!planFeatures[feature]),
    plan,
    isFreePlan: (FREE_PLAN_IDS as readonly string[]).includes(plan),
    upgradeHref: `/pricing?feature=${encodeURIComponent(feature)}`,
  };
}

/** `featureAccess` for the signed-in user's subscription, plus `loading` while it is fetched. */
export function useFeature(feature: FeatureKey): FeatureAccess & { loading: boolean } {
  const q = useSubscription();
  // On error TanStack Query keeps the last data; the rule denies on error, so drop it.
  return { ...featureAccess(q.isError ? undefined : q.data, feature), loading: q.isPending };
}
