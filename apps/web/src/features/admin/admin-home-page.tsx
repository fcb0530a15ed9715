import { Typography } from 'antd';
import { AdminNav } from './admin-nav';
import { AuditLog } from './audit-log';
import { AdminPageCards } from './home/admin-page-cards';
import './admin.css';

/**
 * /admin (docs/requirements/workflow.md#route-table; docs/requirements/administration.md#administration; administrators only, the router's guard sends others to /): the
 * overview — a card per admin page with what it does, the number of pending upgrade requests
 * (linking to /admin/users), and the recent changes of every admin page.
 */
export function AdminHomePage() {
  return (
    <div className="page-narrow">
      <AdminNav />
      <Typography.Title level={2}>Administration</Typography.Title>
      <AdminPageCards />
      <AuditLog area="all" />
    </div>
  );
}
