import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AUTH_STATUS_CACHE_MS, SESSION_CHECK_HEADER, type TAuthStatus } from '@mailcraft/shared';
import { api } from '../../lib/api-client';
import { clearSelectedProject } from '../projects/selected-project';

/** Query keys of the auth feature. */
export const authKeys = { status: ['auth', 'status'] as const };

/**
 * Session state (spec 000 §4): unknown until the status check, then authenticated or not. Cached
 * 5 minutes; `refresh()` forces a check. The session's end is watched by `SessionWatch` (spec 001
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
    refresh: () => client.invalidateQueries({ queryKey: authKeys.status }),
  };
}

/** Sign-in is a browser redirect to the server login (spec 000 §4); `next` is where to come back. */
export function redirectToLogin(next = '/projects') {
  window.location.assign(`/api/auth/login?next=${encodeURIComponent(next)}`);
}

/** Sign-out (spec 000 §4): calls logout, clears state, goes to '/'. Throws 'Failed to logout'. */
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
