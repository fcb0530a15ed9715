import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AUTH_STATUS_CACHE_MS, SESSION_CHECK_HEADER, type TAuthStatus } from '@mailcraft/shared';
import { api } from '../../lib/api-client';
import { clearSelectedProject } from '../projects/selected-project';

/** Query keys of the auth feature. */
export const authKeys = { status: ['auth', 'status'] as const };

/**
 * Session state (docs/requirements/workflow.md#workflow-order): unknown until the status check, then authenticated or not. Cached
 * 5 minutes; `refresh()` forces a check. The session's end is watched by `SessionWatch` (docs/requirements/README.md#requirements
 * §4 Session), which warns before it signs the user out.
 */
export function useAuth() {
  const client = useQueryClient();
  const q = useQuery({
    queryKey: authKeys.status,
    queryFn: () =>
      api<TAuthStatus>('/api/auth/status', { headers: { 'cache-control': 'no-cache', [SESSION_CHECK_HEADER]: '1' } }),
    staleTime: AUTH_STATUS_CACHE_MS,
    retry: 1,
  });
  const authenticated = q.data?.authenticated ?? false;
  return {
    loading: q.isPending,
    error: q.isError ? 'Failed to check authentication status' : null,
    authenticated,
    user: q.data?.user ?? null,
    /** False while the server has no operator (its first account takes the seat with the setup code); true when unknown. */
    operatorExists: q.data?.operator_exists ?? true,
    refresh: () => client.invalidateQueries({ queryKey: authKeys.status }),
  };
}

/** Sign-in is a browser redirect to the server login (docs/requirements/workflow.md#workflow-order); `next` is where to come back. */
export function redirectToLogin(next = '/projects') {
  window.location.assign(`/api/auth/login?next=${encodeURIComponent(next)}`);
}

/** Sign-out (docs/requirements/workflow.md#workflow-order): calls logout, clears state, goes to '/'. Throws 'Failed to logout'. */
export function useLogout() {
  const client = useQueryClient();
  return async () => {
    try {
      await api('/api/auth/logout');
    } catch {
      throw new Error('Failed to logout');
    }
    clearSelectedProject();
    client.clear();
    window.location.assign('/');
  };
}
