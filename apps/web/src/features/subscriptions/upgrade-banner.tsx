import { useState } from 'react';
import { Alert } from 'antd';
import type { FeatureKey } from '@mailcraft/shared';
import { useFeature } from './use-feature';

/**
 * The plan banner of a gated screen (spec 001 §6): while the plan lacks `feature` the user may
 * explore but not save — a dismissible banner names the plan and links to
 * /pricing?feature={feature}. Variant 'blocked' (red) on a free plan, 'warning' on a paid plan
 * without the feature; nothing while loading or when allowed. `action` completes
 * 'You need to upgrade your plan to save …'.
 */
export function UpgradeBanner({ feature, action }: { feature: FeatureKey; action: string }) {
  const access = useFeature(feature);
  const [dismissed, setDismissed] = useState(false);
  if (access.loading || access.allowed || dismissed) return null;
  return (
    <Alert
      type={access.isFreePlan ? 'error' : 'warning'}
      data-variant={access.isFreePlan ? 'blocked' : 'warning'}
      showIcon
      closable
      onClose={() => setDismissed(true)}
      style={{ marginBottom: 16 }}
      title={`You need to upgrade your plan to save ${action}`}
      description={<>Your plan: <strong>{access.plan}</strong>. You can explore this screen; changes are not saved. <a href={access.upgradeHref}>Upgrade</a></>}
    />
  );
}
