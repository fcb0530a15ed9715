import { Alert, Button } from 'antd';
import { errorDetail } from '../../lib/api-client';
import type { usePlans } from './plans-api';

/** 'Failed to load plans: {message}' with Retry (docs/requirements/administration.md#administration), for a failed `usePlans()` on the pricing and billing pages. */
export function PlansFailure({ plans }: { plans: ReturnType<typeof usePlans> }) {
  return (
    <Alert
      type="error"
      showIcon
      title={`Failed to load plans: ${errorDetail(plans.error)}`}
      action={<Button size="small" loading={plans.isFetching} onClick={() => void plans.refetch()}>Retry</Button>}
    />
  );
}
