import { useState } from 'react';
import { Alert, Button, Input } from 'antd';
import type { TAdminUser } from '@mailcraft/shared';
import { Card } from '../../components/card';
import { PlainTable, type PlainColumn } from '../../components/plain-table';
import { errorDetail } from '../../lib/api-client';
import { useUserSearch } from './admin-api';
import { localTime } from './local-time';
import { usePlanNames } from './plan-names';
import { UserDetail } from './user-detail';

/**
 * 'Find users' on /admin/users (docs/requirements/administration.md#administration): a search by part of an email or given name (GET
 * /api/admin/users?search=, all users newest first when empty, at most 50), listing email, name,
 * plan, admin flag, status, created and latest sign-in; 'Change plan' on a row hands its id to the
 * plan form (`onChoose`); a row opens to the user's usage and the administrator and disable switches (UserDetail). Failure: 'Failed to find users: {message}' with Retry.
 */
export function UserSearch({ onChoose }: { onChoose: (user: TAdminUser) => void }) {
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const users = useUserSearch(search);
  const { nameOf } = usePlanNames();
  const columns: PlainColumn<TAdminUser>[] = [
    { title: 'Email', render: (u) => u.email },
    { title: 'Name', render: (u) => u.given_name },
    { title: 'Plan', render: (u) => nameOf(u.plan_id) },
    { title: 'Admin', render: (u) => (u.is_admin ? 'Yes' : 'No') },
    { title: 'Status', render: (u) => (u.disabled ? 'Disabled' : 'Active') },
    // Dates wrap ('Nov 27, 2026, / 9:37 AM') so the row fits the page with its action at 1440 px.
    { title: 'Created', render: (u) => localTime(u.created_at), className: 'admin-user-time' },
    { title: 'Last sign-in', render: (u) => localTime(u.last_sign_in_at), className: 'admin-user-time' },
    { title: '', key: 'actions', render: (u) => <Button size="small" aria-label={`Change plan of ${u.email}`} onClick={() => onChoose(u)}>Change plan</Button> },
  ];
  return (
    <Card title="Find users" className="admin-section">
      <form className="admin-plan-form" role="search" aria-label="Find users" onSubmit={(e) => { e.preventDefault(); setSearch(draft.trim()); }}>
        <Input aria-label="Email or name" placeholder="Part of an email or name" value={draft} onChange={(e) => setDraft(e.target.value)} allowClear />
        <Button htmlType="submit" type="primary">Search</Button>
      </form>
      {users.isError ? (
        <Alert type="error" showIcon title={`Failed to find users: ${errorDetail(users.error)}`}
          action={<Button size="small" loading={users.isFetching} onClick={() => void users.refetch()}>Retry</Button>} />
      ) : (
        <PlainTable label="Users" columns={columns} rows={users.data ?? []} rowKey={(u) => u.id} loading={users.isPending} stackOnPhones
          expand={{ render: (u) => <UserDetail id={u.id} />, label: (u) => `Details of ${u.email}` }}
          empty={search ? `No users match '${search}'` : 'No users yet'} />
      )}
    </Card>
  );
}
