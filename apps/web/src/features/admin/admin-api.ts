import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAdminUser, TAdminUserDetail, TAdminUserPatch, TSetPlan, TSubscription, TUpgradeRequest } from '@mailcraft/shared';
import { auditKeys } from './audit-log';
import { api } from '../../lib/api-client';
import { subscriptionKeys } from '../subscriptions/subscriptions-api';

/** An upgrade request as the server answers it (docs/requirements/administration.md#administration): `{ id, user_id, email, plan_id, plan_name, current_plan_id, status, created_at, decided_at }`. */
export type { TUpgradeRequest };

/** Which upgrade requests to list: pending, approved, declined or cancelled (withdrawn by the user). */
export type UpgradeRequestStatus = TUpgradeRequest['status'];

/** How an administrator decides a pending request. */
export type UpgradeDecision = 'approve' | 'decline';

/** Query keys of the admin feature. */
export const adminKeys = {
  /** Every user search, whatever its words. */
  allUsers: ['admin', 'users'] as const,
  users: (search: string) => [...adminKeys.allUsers, search] as const,
  /** Every user's detail. */
  allUserDetails: ['admin', 'user'] as const,
  user: (id: string) => [...adminKeys.allUserDetails, id] as const,
  upgradeRequests: ['admin', 'upgrade-requests'] as const,
  upgradeRequestsWith: (status: UpgradeRequestStatus) => [...adminKeys.upgradeRequests, status] as const,
};

/**
 * GET /api/admin/users?search= (docs/requirements/administration.md#administration, administrators only): up to 50 users whose email or
 * given name contains `search` (all, newest first, when empty) with plan and latest sign-in.
 */
export function useUserSearch(search: string) {
  return useQuery({
    queryKey: adminKeys.users(search),
    queryFn: () => api<TAdminUser[]>(`/api/admin/users?search=${encodeURIComponent(search)}`),
  });
}

/**
 * GET /api/admin/upgrade-requests?status={status} (docs/requirements/administration.md#administration, administrators only): the requests in
 * that state, newest first. Failures throw the server's message (ApiError).
 */
export function useUpgradeRequests(status: UpgradeRequestStatus) {
  return useQuery({
    queryKey: adminKeys.upgradeRequestsWith(status),
    queryFn: () => api<TUpgradeRequest[]>(`/api/admin/upgrade-requests?status=${encodeURIComponent(status)}`),
  });
}

/**
 * POST /api/admin/upgrade-requests/{id}/approve | decline (docs/requirements/administration.md#administration) → the decided request. On
 * success the request leaves the pending list at once and every list is reloaded; approving changes
 * the user's plan, so the user searches and details (which show the plan) and the signed-in
 * subscription are reloaded too (an administrator may approve their own request). 409 'This request has already been decided' (BILLING_MESSAGES.notPending)
 * reloads the lists as well, since the one shown is out of date.
 */
export function useDecideUpgradeRequest() {
  const client = useQueryClient();
  const reload = () => Promise.all([
    client.invalidateQueries({ queryKey: adminKeys.upgradeRequests }),
    client.invalidateQueries({ queryKey: adminKeys.allUsers }),
    client.invalidateQueries({ queryKey: adminKeys.allUserDetails }),
    client.invalidateQueries({ queryKey: subscriptionKeys.current }),
    client.invalidateQueries({ queryKey: auditKeys.all }),
  ]);
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: UpgradeDecision }) =>
      api<TUpgradeRequest>(`/api/admin/upgrade-requests/${encodeURIComponent(id)}/${decision}`, { method: 'POST' }),
    onSuccess: (decided) => {
      client.setQueryData<TUpgradeRequest[]>(adminKeys.upgradeRequestsWith('pending'), (old) => old?.filter((r) => r.id !== decided.id));
      return reload();
    },
    onError: () => reload(),
  });
}

/**
 * PUT /api/admin/users/{id}/plan `{ plan_id }` (docs/requirements/administration.md#administration, ZSetPlanSchema) → that user's
 * TSubscription. Failures: 400 an unknown plan, 404 an unknown user (the server's message). On
 * success the upgrade-request lists and the signed-in subscription are reloaded.
 */
export function useSetUserPlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, plan_id }: { userId: string } & TSetPlan) =>
      api<TSubscription>(`/api/admin/users/${encodeURIComponent(userId)}/plan`, { method: 'PUT', body: { plan_id } }),
    onSuccess: () => Promise.all([
      client.invalidateQueries({ queryKey: adminKeys.upgradeRequests }),
      client.invalidateQueries({ queryKey: adminKeys.allUsers }),
      client.invalidateQueries({ queryKey: adminKeys.allUserDetails }),
      client.invalidateQueries({ queryKey: subscriptionKeys.current }),
      client.invalidateQueries({ queryKey: auditKeys.all }),
    ]),
  });
}

/**
 * GET /api/admin/users/{id} (docs/requirements/administration.md#administration, administrators only): the user with this month's usage
 * (pieces printed, orders, API calls, scans) and how many projects, lists and API keys they have.
 */
export function useAdminUser(id: string) {
  return useQuery({ queryKey: adminKeys.user(id), queryFn: () => api<TAdminUserDetail>(`/api/admin/users/${encodeURIComponent(id)}`) });
}

/**
 * PATCH /api/admin/users/{id} `{ is_admin?, disabled? }` (docs/requirements/administration.md#administration) → the user's detail. Disabling
 * ends their sessions and stops their API keys at once. Failures throw the server's message (403
 * for a change to one's own account that would lock it out). On success the user, the search
 * lists and the audit log are reloaded.
 */
export function usePatchUser(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: TAdminUserPatch) => api<TAdminUserDetail>(`/api/admin/users/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch }),
    onSuccess: (user) => {
      client.setQueryData(adminKeys.user(id), user);
      return Promise.all([client.invalidateQueries({ queryKey: adminKeys.allUsers }), client.invalidateQueries({ queryKey: auditKeys.all })]);
    },
  });
}
