import { useState } from 'react';
import { Alert, Button, Skeleton, Tag } from 'antd';
import { errorDetail } from '../../lib/api-client';
import { useAdminUser, usePatchUser } from './admin-api';
import { useAuth } from '../auth/auth-api';

type Pending = { disabled: boolean } | { is_admin: boolean } | null;

/**
 * A found user's details on /admin/users (docs/requirements/administration.md#administration admin users): this month's usage (pieces
 * printed, orders, API calls, scans), what they own (projects, mailing lists, API keys), and the
 * two switches — administrator role and disabled — each asked once more before it is sent
 * ('Disable … ? Their sessions and API keys stop at once.'). The server's refusal (e.g. 'You cannot
 * disable your own account') is shown under the buttons. One's own account shows no switches.
 */
export function UserDetail({ id }: { id: string }) {
  const user = useAdminUser(id);
  const patch = usePatchUser(id);
  const me = useAuth().user?.id;
  const [asking, setAsking] = useState<Pending>(null);
  if (user.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (user.isError) return <Alert type="error" showIcon title={`Could not load this user: ${errorDetail(user.error)}`} />;
  const u = user.data;
  const question = asking && ('disabled' in asking
    ? (asking.disabled ? `Disable ${u.email}? Their sessions and API keys stop at once.` : `Enable ${u.email}? They can sign in again and their API keys work again.`)
    : (asking.is_admin ? `Make ${u.email} an administrator? They can change plans, prices, fonts and users.` : `Remove ${u.email} as administrator?`));
  return (
    <div className="admin-user-detail" aria-label={`Details of ${u.email}`} role="group">
      <dl className="admin-user-usage">
        <div><dt>Pieces printed</dt><dd>{u.usage.pieces_printed.toLocaleString()}</dd></div>
        <div><dt>Orders</dt><dd>{u.usage.orders_placed.toLocaleString()}</dd></div>
        <div><dt>API calls</dt><dd>{u.usage.api_calls.toLocaleString()}</dd></div>
        <div><dt>Scans</dt><dd>{u.usage.scans.toLocaleString()}</dd></div>
        <div><dt>Projects</dt><dd>{u.projects}</dd></div>
        <div><dt>Mailing lists</dt><dd>{u.mailing_lists}</dd></div>
        <div><dt>API keys</dt><dd>{u.api_keys}</dd></div>
      </dl>
      <p className="admin-hint">Usage in {u.usage.month} (UTC). {u.disabled ? <Tag color="red">Disabled</Tag> : null}{u.is_admin ? <Tag color="blue">Administrator</Tag> : null}</p>
      {me === u.id ? <p className="admin-hint">This is your account: another administrator can change its role or disable it.</p> : asking ? (
        <div className="admin-confirm" role="alertdialog" aria-label="Confirm">
          <span>{question}</span>
          <Button size="small" type="primary" danger={'disabled' in asking ? asking.disabled : !asking.is_admin} loading={patch.isPending}
            onClick={() => patch.mutate(asking, { onSuccess: () => setAsking(null) })}>
            {'disabled' in asking ? (asking.disabled ? 'Disable' : 'Enable') : (asking.is_admin ? 'Make administrator' : 'Remove administrator')}
          </Button>
          <Button size="small" onClick={() => { setAsking(null); patch.reset(); }}>Cancel</Button>
        </div>
      ) : (
        <div className="admin-user-actions">
          <Button size="small" onClick={() => setAsking({ is_admin: !u.is_admin })}>{u.is_admin ? 'Remove administrator' : 'Make administrator'}</Button>
          <Button size="small" danger={!u.disabled} onClick={() => setAsking({ disabled: !u.disabled })}>{u.disabled ? 'Enable account' : 'Disable account'}</Button>
        </div>
      )}
      {patch.isError && <Alert type="error" showIcon className="admin-notice" title={errorDetail(patch.error)} />}
    </div>
  );
}
