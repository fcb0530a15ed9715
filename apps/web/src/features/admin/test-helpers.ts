import type { PlanId, TAdminUser, TUpgradeRequest } from '@mailcraft/shared';
import { Failure, Reply, stubServer, type Handler } from '../../test/fake-server';
import { PLANS } from '../subscriptions/plans-fixture';

export { Failure, Reply };

/** An upgrade request (docs/requirements/administration.md#administration): Ann on Free asking for Pro, pending, unless `over` says otherwise. */
export const aRequest = (over: Partial<TUpgradeRequest> = {}): TUpgradeRequest => ({
  id: 'req-1', user_id: 'user-1', email: 'ann@example.com', plan_id: 'pro', plan_name: 'Pro', current_plan_id: 'free',
  status: 'pending', created_at: '2026-11-25T12:00:00Z', decided_at: null, ...over,
});

/** Users the fake server's search knows: Ann (free) and Bob (pay as you go, never signed in). */
export const USERS: TAdminUser[] = [
  { id: 'user-1', email: 'ann@example.com', given_name: 'Ann', is_admin: false, plan_id: 'free', created_at: '2026-11-20T10:00:00Z', last_sign_in_at: '2026-11-25T09:00:00Z', disabled: false },
  { id: 'user-2', email: 'bob@example.com', given_name: 'Bob', is_admin: false, plan_id: 'pay_as_you_go', created_at: '2026-11-19T10:00:00Z', last_sign_in_at: null, disabled: true },
];

/**
 * The admin server behind /admin/users, holding `requests` as state: GET lists them by
 * ?status (default pending) newest first, approve/decline decide a pending one (409 once decided),
 * PUT /api/admin/users/{id}/plan answers the subscription of that plan (404 for 'nobody'), GET
 * /api/plans the seeded plans, GET /api/admin/users no one (`usersRoute` serves USERS), GET /api/admin/audit nothing. `routes` replace any of these.
 */
export function adminServer(requests: TUpgradeRequest[] = [aRequest()], routes: Record<string, Handler> = {}) {
  const state = requests.map((r) => ({ ...r }));
  const decide = (status: 'approved' | 'declined'): Handler => ({ path }) => {
    const request = state.find((r) => r.id === path.split('/')[4]);
    if (!request) throw new Failure(404, 'Upgrade request not found');
    if (request.status !== 'pending') throw new Failure(409, 'This request has already been decided');
    Object.assign(request, { status, decided_at: '2026-11-26T09:30:00Z' });
    return { ...request };
  };
  const calls = stubServer({
    'GET /api/plans': () => PLANS,
    'GET /api/admin/users': () => [],
    'GET /api/admin/audit': () => [],
    'GET /api/admin/upgrade-requests': ({ url }) => {
      const status = url.searchParams.get('status') ?? 'pending';
      return state.filter((r) => r.status === status).sort((a, b) => b.created_at.localeCompare(a.created_at));
    },
    'POST /api/admin/upgrade-requests/req-1/approve': decide('approved'),
    'POST /api/admin/upgrade-requests/req-1/decline': decide('declined'),
    'POST /api/admin/upgrade-requests/req-2/approve': decide('approved'),
    'POST /api/admin/upgrade-requests/req-2/decline': decide('declined'),
    'PUT /api/admin/users/user-2/plan': ({ body }) => {
      const plan = PLANS.plans.find((p) => p.id === (body as { plan_id: PlanId }).plan_id)!;
      return { subscription: { plan: { id: plan.id, name: plan.id, display_name: plan.name, features: plan.features }, status: 'active' }, features: plan.features };
    },
    'PUT /api/admin/users/nobody/plan': () => { throw new Failure(404, 'User not found'); },
    ...routes,
  });
  return { calls, state };
}

/** GET /api/admin/users?search= over USERS: email or given name contains the search, case-insensitive. */
export const usersRoute: Handler = ({ url }) => {
  const q = (url.searchParams.get('search') ?? '').toLowerCase();
  return USERS.filter((u) => !q || u.email.includes(q) || u.given_name.toLowerCase().includes(q));
};
