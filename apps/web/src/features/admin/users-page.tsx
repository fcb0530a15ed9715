import { useRef, useState } from 'react';
import { Typography } from 'antd';
import { SetPlanForm } from './set-plan-form';
import { UpgradeRequests } from './upgrade-requests';
import { UserSearch } from './user-search';
import { AdminNav } from './admin-nav';
import { AuditLog } from './audit-log';
import './admin.css';

/**
 * /admin/users (docs/requirements/workflow.md#route-table: administrators only, the router's guard sends others to /;
 * docs/requirements/administration.md#administration): the 'Users' page — upgrade requests to approve or decline, users found by email or
 * name, and a form that puts a user on a plan directly ('Change plan' on a found user fills it).
 */
export function UsersPage() {
  const [userId, setUserId] = useState('');
  const form = useRef<HTMLDivElement>(null);
  return (
    <div className="page-narrow">
      <AdminNav />
      <Typography.Title level={2}>Users</Typography.Title>
      <UpgradeRequests />
      <UserSearch onChoose={(u) => { setUserId(u.id); form.current?.scrollIntoView?.({ block: 'center' }); }} />
      <div ref={form}><SetPlanForm userId={userId} onUserId={setUserId} /></div>
      <AuditLog area="users" />
    </div>
  );
}
