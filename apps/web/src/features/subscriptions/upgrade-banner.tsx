import { useState } from 'react';
import { Alert } from 'antd';
import type { FeatureKey } from '@mailcraft/shared';
import { useFeature } from './use-feature';

/**
 * The plan banner of a gated screen (docs/requirements/plans-and-billing.md#plan-gating): while the plan lacks `feature` the user may
 * explore but not save — a dismissible banner names the plan and links to
 * /pricing?feature={feature}. Variant 'blocked' (red) on a free plan, 'warning' on a paid plan
 * without the feature; nothing while loading or when allowed. `action` completes
 * 'You need to upgrade your plan to save …'. A screen whose saved settings the plan has paused
 * (webhooks, notifications: they are kept but send nothing while the plan lacks the feature —
 * docs/requirements/plans-and-billing.md#plan-gating) passes `paused`, the sentence saying so, as the title.
 */
export function UpgradeBanner({ feature, action, paused }: { feature: FeatureKey; action: string; paused?: string }) {
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
      title={paused ?? `You need to upgrade your plan to save ${action}`}
      description={(
        <>
          Your plan: <strong>{access.plan}</strong>.{' '}
          {paused ? `Your saved ${action} are kept and send nothing until your plan includes them again; changes are not saved.` : 'You can explore this screen; changes are not saved.'}
          {' '}<a href={access.upgradeHref}>Upgrade</a>
        </>
      )}
    />
  );
}
