import type { PlanId, TPlanChangeResult } from '@mailcraft/shared';
import type { TestUser } from './harness.js';

/**
 * Moves `user` to `plan` as the product does, through `POST /api/billing/plan`: a free plan at once;
 * a paid plan as an upgrade request that `admin` (an administrator, e.g. the first account of a test
 * app) then approves in Admin → Users. Throws when a step is refused or the plan did not change.
 */
export async function changePlan(admin: TestUser, user: TestUser, plan: PlanId): Promise<void> {
  const res = await user.req({ method: 'POST', url: '/api/billing/plan', payload: { plan } });
  if (res.statusCode !== 200) throw new Error(`plan change refused: ${res.statusCode} ${res.body}`);
  const change = res.json() as TPlanChangeResult;
  if (change.status === 'pending') {
    const approved = await admin.req({ method: 'POST', url: `/api/admin/upgrade-requests/${change.request!.id}/approve` });
    if (approved.statusCode !== 200) throw new Error(`approval refused: ${approved.statusCode} ${approved.body}`);
  } else if (change.status !== 'changed') {
    throw new Error(`plan not changed: ${res.body}`);
  }
  const current = (await user.req({ method: 'GET', url: '/api/subscriptions/current' })).json() as { subscription: { plan: { id: string } } };
  if (current.subscription.plan.id !== plan) throw new Error(`still on ${current.subscription.plan.id}, not ${plan}`);
}
