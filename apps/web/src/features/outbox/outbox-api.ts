import { useQuery } from '@tanstack/react-query';
import type { TOutbox } from '@mailcraft/shared';
import { api } from '../../lib/api-client';

/** Query keys of the outbox. */
export const outboxKeys = { all: ['outbox'] as const };

/**
 * GET /api/outbox (docs/requirements/notifications.md#notifications): whether mail is sent through SMTP (`delivery: 'smtp'`) or kept
 * (`'outbox'`, SMTP_URL unset), and the user's kept messages, newest first (at most 100).
 */
export function useOutbox() {
  return useQuery({ queryKey: outboxKeys.all, queryFn: () => api<TOutbox>('/api/outbox') });
}
