import { useState } from 'react';
import { Alert, Button } from 'antd';
import { BILLING_MESSAGES, type TUpgradeRequest } from '@mailcraft/shared';
import { errorDetail } from '../../lib/api-client';
import { useWithdrawRequest } from './billing-api';
import { formatRequestDate } from './billing-rules';

type Outcome = { type: 'success' | 'error'; text: string };

/**
 * The user's upgrade request on /billing (docs/requirements/administration.md#administration): while one is pending (GET /api/billing
 * `pending_request`), an info alert 'Upgrade to {plan} requested on {date}: waiting for an
 * administrator' with 'Withdraw request' (DELETE /api/billing/request). Stays mounted without a
 * request so the answer of a withdrawal stays on screen: BILLING_MESSAGES.cancelled, or
 * 'Failed to withdraw request: {message}'.
 */
export function BillingRequestStatus({ request }: { request: TUpgradeRequest | null }) {
  const withdraw = useWithdrawRequest();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const onWithdraw = () => {
    setOutcome(null);
    withdraw.mutate(undefined, {
      onSuccess: () => setOutcome({ type: 'success', text: BILLING_MESSAGES.cancelled }),
      onError: (err) => setOutcome({ type: 'error', text: `Failed to withdraw request: ${errorDetail(err)}` }),
    });
  };
  const pending = request?.status === 'pending' ? request : null;
  if (!pending && !outcome) return null;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12, marginBottom: 16 }}>
      {pending && (
        <Alert
          type="info"
          showIcon
          title={`Upgrade to ${pending.plan_name} requested on ${formatRequestDate(pending.created_at)}: waiting for an administrator`}
          action={<Button size="small" loading={withdraw.isPending} onClick={onWithdraw}>Withdraw request</Button>}
        />
      )}
      {outcome && <Alert type={outcome.type} showIcon closable={{ onClose: () => setOutcome(null) }} title={outcome.text} />}
    </div>
  );
}
