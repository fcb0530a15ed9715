import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Popconfirm, Radio, Skeleton } from 'antd';
import { useSearchParams } from 'react-router';
import type { PlanId, TPlanChangeResult, TPlanFeatures } from '@mailcraft/shared';
import { errorDetail } from '../../lib/api-client';
import { usePlans } from './plans-api';
import { formatMonthlyPrice } from './plan-price';
import { useChangePlan } from './billing-api';
import { isFreePlan, isPlanId, planChangeWarning } from './billing-rules';
import { PlansFailure } from './plans-failure';

/** What the change section of /billing needs to know about the user. */
export type BillingChangePlanProps = {
  /** The plan the user is on (GET /api/billing `plan_id`): not offered. */
  currentPlanId: PlanId;
  /** The current features map (GET /api/subscriptions/current `features`), to say what a free plan takes away. */
  currentFeatures: TPlanFeatures;
  /** The plan of a pending upgrade request, if any: offered but not selectable ('requested'). */
  requestedPlanId: PlanId | null;
};

type Outcome = { type: 'success' | 'info' | 'error'; text: string };

const outcomeOf = (result: TPlanChangeResult): Outcome => ({ type: result.status === 'changed' ? 'success' : 'info', text: result.message });

/**
 * 'Change plan' on /billing (docs/requirements/administration.md#administration): the other plans of GET /api/plans as a radio list with their
 * price, and one button for the selected plan. A free plan ('free', 'pay_as_you_go') → 'Switch to
 * {name}', confirmed first (it can take features away), changed at once; a paid plan → 'Request
 * {name}', a request an administrator approves (POST /api/billing/plan). The answer's `message` is
 * shown (success when changed, info otherwise); a failure shows 'Failed to change plan: {message}'
 * and keeps the selection. `?plan={id}` (the /pricing 'Choose' links) preselects that plan and
 * scrolls the section into view once the plans are there.
 */
export function BillingChangePlan({ currentPlanId, currentFeatures, requestedPlanId }: BillingChangePlanProps) {
  const plans = usePlans();
  const change = useChangePlan();
  const [params, setParams] = useSearchParams();
  const asked = params.get('plan');
  const [selected, setSelected] = useState<PlanId | null>(() => (isPlanId(asked) ? asked : null));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const section = useRef<HTMLElement>(null);
  const scrolled = useRef(false);

  useEffect(() => {
    if (!isPlanId(asked) || !plans.data || scrolled.current) return;
    scrolled.current = true;
    section.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [asked, plans.data]);

  const options = plans.data?.plans.filter((p) => p.id !== currentPlanId) ?? [];
  const target = options.find((p) => p.id === selected && p.id !== requestedPlanId) ?? null;

  const select = (planId: PlanId) => {
    setSelected(planId);
    setOutcome(null);
  };
  const submit = () => {
    if (!target) return;
    setOutcome(null);
    change.mutate(target.id, {
      onSuccess: (result) => {
        setOutcome(outcomeOf(result));
        setSelected(null);
        if (params.has('plan')) {
          const next = new URLSearchParams(params);
          next.delete('plan');
          setParams(next, { replace: true });
        }
      },
      onError: (err) => setOutcome({ type: 'error', text: `Failed to change plan: ${errorDetail(err)}` }),
    });
  };

  let body;
  if (plans.isPending) {
    body = <Skeleton active paragraph={{ rows: 3 }} />;
  } else if (plans.isError) {
    body = <PlansFailure plans={plans} />;
  } else {
    body = (
      <>
        <Radio.Group
          aria-labelledby="billing-change-title"
          orientation="vertical"
          value={target?.id ?? null}
          onChange={(e) => select(e.target.value as PlanId)}
          style={{ rowGap: 8, marginBottom: 16 }}
        >
          {options.map((plan) => (
            <Radio key={plan.id} value={plan.id} disabled={plan.id === requestedPlanId}>
              <strong>{plan.name}</strong> — {formatMonthlyPrice(plan.monthly_price)}
              {plan.id === requestedPlanId && ' (requested)'}
            </Radio>
          ))}
        </Radio.Group>
        {!target ? (
          <Button type="primary" disabled>Change plan</Button>
        ) : isFreePlan(target.id) ? (
          <Popconfirm
            title={`Switch to ${target.name}?`}
            description={planChangeWarning(currentFeatures, target)}
            okText="Switch"
            cancelText="Cancel"
            onConfirm={submit}
          >
            <Button type="primary" loading={change.isPending}>{`Switch to ${target.name}`}</Button>
          </Popconfirm>
        ) : (
          <Button type="primary" loading={change.isPending} onClick={submit}>{`Request ${target.name}`}</Button>
        )}
        <p style={{ margin: '8px 0 0', color: 'rgba(0, 0, 0, 0.45)' }}>
          Free plans change at once; an administrator approves a paid plan (no payment is taken here).
        </p>
      </>
    );
  }

  return (
    <section ref={section} aria-labelledby="billing-change-title" style={{ marginTop: 24, scrollMarginTop: 16 }}>
      <h3 id="billing-change-title" style={{ margin: '0 0 12px', fontSize: 20, fontWeight: 600 }}>Change plan</h3>
      {body}
      {outcome && (
        <Alert
          type={outcome.type}
          showIcon
          closable={{ onClose: () => setOutcome(null) }}
          title={outcome.text}
          style={{ marginTop: 16 }}
        />
      )}
    </section>
  );
}
