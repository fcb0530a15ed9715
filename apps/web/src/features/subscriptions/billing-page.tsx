import { Alert, Button, Spin, Typography } from 'antd';
import type { TSubscription } from '@mailcraft/shared';
import { errorDetail } from '../../lib/api-client';
import { useSubscription } from './subscriptions-api';
import { useBilling } from './billing-api';
import { BillingChangePlan } from './billing-change-plan';
import { BillingPlanCard } from './billing-plan-card';
import { BillingRequestStatus } from './billing-request-status';
import { BillingUsage } from './billing-usage';

/**
 * /billing for signed-in users (docs/requirements/print-on-demand-api.md#print-on-demand-api: where 'Upgrade Plan' leads; docs/requirements/administration.md#administration): the current plan
 * (name, price, features and limits: GET /api/billing and the features map of GET
 * /api/subscriptions/current, docs/requirements/plans-and-billing.md#plans), a pending upgrade request with
 * 'Withdraw request', this month's usage, and 'Change plan' (the other plans of GET /api/plans;
 * free plans change at once, paid plans are requested from an administrator — no payment is taken).
 * `?plan={id}` preselects a plan in 'Change plan'. A failed load shows 'Failed to load billing:
 * {message}' with Retry.
 */
export function BillingPage() {
  const billing = useBilling();
  const sub = useSubscription();
  let body;
  if (billing.data && sub.data) {
    const { plan_id: planId, plan_name: planName, monthly_price: monthlyPrice, pending_request: request, usage } = billing.data;
    // The answer may carry no subscription object (docs/requirements/plans-and-billing.md#plan-gating), whatever the type says.
    const status = (sub.data.subscription as TSubscription['subscription'] | null)?.status;
    body = (
      <>
        <BillingRequestStatus request={request} />
        <BillingPlanCard name={planName} monthlyPrice={monthlyPrice} status={status} features={sub.data.features} />
        <BillingUsage usage={usage} />
        <BillingChangePlan
          currentPlanId={planId}
          currentFeatures={sub.data.features}
          requestedPlanId={request?.status === 'pending' ? request.plan_id : null}
        />
      </>
    );
  } else if (billing.isError || sub.isError) {
    // Only a first load that failed: a failed refetch keeps the page as it was.
    const retry = () => {
      if (billing.isError) void billing.refetch();
      if (sub.isError) void sub.refetch();
    };
    body = (
      <Alert
        type="error"
        showIcon
        title={`Failed to load billing: ${errorDetail(billing.error ?? sub.error)}`}
        action={<Button size="small" loading={billing.isFetching || sub.isFetching} onClick={retry}>Retry</Button>}
      />
    );
  } else {
    body = <Spin style={{ display: 'block', margin: '4rem auto' }} />;
  }
  return (
    <div style={{ maxWidth: 720, margin: '2rem auto', padding: '0 1rem' }}>
      <Typography.Title level={2}>Billing</Typography.Title>
      {body}
    </div>
  );
}
