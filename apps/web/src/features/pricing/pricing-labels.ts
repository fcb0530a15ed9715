import type { FeatureKey } from '@mailcraft/shared';
import { FEATURE_LABELS } from '../subscriptions/feature-labels';

export { FEATURE_LABELS };

/**
 * The line at the top of /pricing?feature={feature} (docs/requirements/administration.md#administration): 'Route maps are included from the
 * Pay as you go plan', or, when no plan has it, 'Route maps are not included in any plan'.
 */
export function featureNote(feature: FeatureKey, planName: string | null): string {
  const { label, plural } = FEATURE_LABELS[feature];
  const verb = plural ? 'are' : 'is';
  return planName ? `${label} ${verb} included from the ${planName} plan` : `${label} ${verb} not included in any plan`;
}
