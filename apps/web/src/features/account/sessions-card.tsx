import { useState } from 'react';
import { Alert, Button } from 'antd';
import type { TAccountSession } from '@mailcraft/shared';
import { Card } from '../../components/card';
import { PlainTable, type PlainColumn } from '../../components/plain-table';
import { errorDetail } from '../../lib/api-client';
import { localTime } from '../admin/local-time';
import { useEndSessions, useSessions } from './account-api';
import { FormNotice, type Notice } from './form-notice';

/**
 * 'Active sessions' on /account (docs/requirements/administration.md#administration): each signed-in browser with its device ('Chrome on
 * Linux'), address, sign-in and expiry times; 'This device' marks the current one; 'Sign out'
 * ends another one, 'Sign out all other sessions' every other one.
 */
export function SessionsCard() {
  const sessions = useSessions();
  const end = useEndSessions();
  const [notice, setNotice] = useState<Notice>(null);
  const others = (sessions.data ?? []).filter((s) => !s.current).length;

  const signOut = (session: TAccountSession | null) => {
    setNotice(null);
    end.mutate(session?.id ?? null, {
      onSuccess: () => setNotice({ type: 'success', title: session ? `Signed out ${session.device}` : 'Signed out all other sessions' }),
      onError: (err) => setNotice({ type: 'error', title: `Failed to sign out: ${errorDetail(err)}` }),
    });
  };

  const columns: PlainColumn<TAccountSession>[] = [
    { title: 'Device', render: (s) => <>{s.device}{s.current && <> · <span className="account-this-device">This device</span></>}</> },
    { title: 'Address', render: (s) => s.ip ?? '—' },
    { title: 'Signed in', render: (s) => localTime(s.created_at) },
    { title: 'Expires', render: (s) => localTime(s.expires_at) },
    {
      title: '', key: 'actions', align: 'right',
      render: (s) => (s.current ? null : (
        <Button size="small" onClick={() => signOut(s)} disabled={end.isPending} aria-label={`Sign out ${s.device} from ${localTime(s.created_at)}`}>Sign out</Button>
      )),
    },
  ];

  return (
    <Card
      title="Active sessions" className="account-section"
      extra={<Button onClick={() => signOut(null)} disabled={others === 0 || end.isPending}>Sign out all other sessions</Button>}
    >
      <FormNotice notice={notice} onClose={() => setNotice(null)} />
      {sessions.isError ? (
        <Alert type="error" showIcon title={`Failed to load sessions: ${errorDetail(sessions.error)}`}
          action={<Button size="small" onClick={() => void sessions.refetch()}>Retry</Button>} />
      ) : (
        <PlainTable label="Active sessions" columns={columns} rows={sessions.data ?? []} rowKey={(s) => s.id}
          loading={sessions.isPending} empty="No active sessions" />
      )}
    </Card>
  );
}
