import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TAccount, TAccountDelete, TAccountSession, TEmailChange, TPasswordChange, TPasswordChanged,
} from '@mailcraft/shared';
import { api } from '../../lib/api-client';
import { authKeys } from '../auth/auth-api';

/** Query keys of /account (docs/requirements/administration.md#administration). */
export const accountKeys = {
  all: ['account'] as const,
  profile: ['account', 'profile'] as const,
  sessions: ['account', 'sessions'] as const,
};

/** GET /api/account → TAccount `{ id, email, given_name, is_admin, created_at }`. */
export function useAccount() {
  return useQuery({ queryKey: accountKeys.profile, queryFn: () => api<TAccount>('/api/account') });
}

/** After a profile change: the account and the signed-in user of the menu are read again. */
function useProfileSaved() {
  const client = useQueryClient();
  return (account: TAccount) => {
    client.setQueryData(accountKeys.profile, account);
    void client.invalidateQueries({ queryKey: authKeys.status });
  };
}

/** PATCH /api/account `{ given_name }` → TAccount. Failures throw ApiError with the server's message. */
export function useRename() {
  const saved = useProfileSaved();
  return useMutation({
    mutationFn: (givenName: string) => api<TAccount>('/api/account', { method: 'PATCH', body: { given_name: givenName } }),
    onSuccess: saved,
  });
}

/** PUT /api/account/email `{ email, current_password }` → TAccount (403 wrong password, 409 email taken). */
export function useChangeEmail() {
  const saved = useProfileSaved();
  return useMutation({
    mutationFn: (body: TEmailChange) => api<TAccount>('/api/account/email', { method: 'PUT', body }),
    onSuccess: saved,
  });
}

/** PUT /api/account/password `{ current_password, new_password }` → `{ sessions_ended }`: the other sessions end. */
export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TPasswordChange) => api<TPasswordChanged>('/api/account/password', { method: 'PUT', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

/** GET /api/account/sessions → TAccountSession[] (newest first; `current` marks this browser's). */
export function useSessions() {
  return useQuery({ queryKey: accountKeys.sessions, queryFn: () => api<TAccountSession[]>('/api/account/sessions') });
}

/** DELETE /api/account/sessions/{id} (one other session) or, with no id, DELETE /api/account/sessions (all others). */
export function useEndSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string | null) => api<unknown>(id ? `/api/account/sessions/${encodeURIComponent(id)}` : '/api/account/sessions', { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

/** POST /api/account/delete `{ confirm_email, current_password }` → 204; the server clears the session cookie. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (body: TAccountDelete) => api<void>('/api/account/delete', { method: 'POST', body }),
  });
}

/**
 * GET /api/account/export: the ZIP as a Blob (429 while another export of the user runs), saved
 * through a temporary link as 'mailcraft-data-{date}.zip'.
 */
export function useExportData() {
  return useMutation({
    mutationFn: async () => {
      const blob = await api<Blob>('/api/account/export', { headers: { accept: 'application/zip, application/json' } });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `mailcraft-data-${new Date().toISOString().slice(0, 10)}.zip`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    },
  });
}
