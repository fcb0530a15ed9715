import { useId, useState, type FormEvent } from 'react';
import { Alert, Button, Input } from 'antd';
import type { PlanId } from '@mailcraft/shared';
import { Card } from '../../components/card';
import { NativeSelect } from '../../components/native-select';
import { errorDetail } from '../../lib/api-client';
import { useSetUserPlan } from './admin-api';
import { usePlanNames } from './plan-names';

type Notice = { type: 'success' | 'error'; title: string; description?: string };

/**
 * 'Change a user's plan' on /admin/users (docs/requirements/administration.md#administration): the user's id (`userId`, filled by 'Change
 * plan' in Find users, or typed) and a native <select> of the plans of GET /api/plans →
 * PUT /api/admin/users/{id}/plan `{ plan_id }`. Success: 'Plan changed' with the plan the server
 * put the user on; failure: 'Failed to change the plan: {server message}' (e.g. an unknown user).
 * 'Change plan' is disabled until both are given.
 */
export function SetPlanForm({ userId, onUserId }: { userId: string; onUserId: (id: string) => void }) {
  const ids = { user: useId(), plan: useId(), hint: useId() };
  const { choices } = usePlanNames();
  const setPlan = useSetUserPlan();
  const [planId, setPlanId] = useState<PlanId | undefined>(undefined);
  const [notice, setNotice] = useState<Notice | null>(null);
  const id = userId.trim();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!id || !planId) return;
    setNotice(null);
    setPlan.mutate({ userId: id, plan_id: planId }, {
      onSuccess: (sub) => setNotice({ type: 'success', title: 'Plan changed', description: `User ${id} is now on ${sub.subscription.plan.display_name}.` }),
      onError: (err) => setNotice({ type: 'error', title: `Failed to change the plan: ${errorDetail(err)}` }),
    });
  };

  return (
    <Card title="Change a user's plan" className="admin-section">
      {notice && (
        <Alert className="admin-notice" type={notice.type} showIcon closable onClose={() => setNotice(null)}
          role={notice.type === 'error' ? 'alert' : 'status'} title={notice.title} description={notice.description} />
      )}
      <form className="admin-plan-form" aria-label="Change a user's plan" onSubmit={submit}>
        <label htmlFor={ids.user}>
          User id
          <Input id={ids.user} value={userId} onChange={(e) => onUserId(e.target.value)} aria-describedby={ids.hint}
            placeholder="e.g. 3f2b9c1e-…" autoComplete="off" spellCheck={false} />
        </label>
        <label htmlFor={ids.plan}>
          Plan
          <NativeSelect<PlanId> id={ids.plan} value={planId} onChange={setPlanId} placeholder="Choose a plan"
            options={choices.map((p) => ({ value: p.id, label: p.name }))} />
        </label>
        <Button type="primary" htmlType="submit" disabled={!id || !planId} loading={setPlan.isPending}>Change plan</Button>
        <p id={ids.hint} className="admin-hint">
          Choose &apos;Change plan&apos; on a user above, or paste their id. The change applies at once, without an upgrade request.
        </p>
      </form>
    </Card>
  );
}
