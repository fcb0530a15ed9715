import { Typography } from 'antd';
import { SetPlanForm } from './set-plan-form';
import { UpgradeRequests } from './upgrade-requests';
import './admin.css';

/**
 * /admin/users (spec 000 §2, §6: administrators only, the router's guard sends others to /;
 * issue 11): the 'Users' page — upgrade requests to approve or decline, and a form that puts a
 * user on a plan directly. The user list and search come later.
 */
export function UsersPage() {
  return (
    <div className="page-narrow">
      <Typography.Title level={2}>Users</Typography.Title>
      <UpgradeRequests />
      <SetPlanForm />
    </div>
  );
}
