import { Alert, Button, Skeleton, Typography } from 'antd';
import { errorDetail } from '../../lib/api-client';
import { useAccount } from './account-api';
import { DeleteAccountCard } from './delete-account-card';
import { ExportCard } from './export-card';
import { PasswordCard } from './password-card';
import { ProfileCard } from './profile-card';
import { SessionsCard } from './sessions-card';
import './account.css';

/**
 * /account for signed-in users (docs/requirements/workflow.md#route-table; docs/requirements/administration.md#administration): profile (given name, email with the
 * password), password change (signs out the other sessions), active sessions with sign-out,
 * 'Download my data' and 'Delete account'. A failed load shows 'Failed to load your account: …' with Retry.
 */
export function AccountPage() {
  const account = useAccount();
  let body;
  if (account.data) {
    body = (
      <>
        <ProfileCard account={account.data} />
        <PasswordCard />
        <SessionsCard />
        <ExportCard />
        <DeleteAccountCard account={account.data} />
      </>
    );
  } else if (account.isError) {
    body = (
      <Alert type="error" showIcon title={`Failed to load your account: ${errorDetail(account.error)}`}
        action={<Button size="small" onClick={() => void account.refetch()}>Retry</Button>} />
    );
  } else {
    body = <Skeleton active />;
  }
  return (
    <div className="page-narrow">
      <Typography.Title level={2}>Account</Typography.Title>
      {body}
    </div>
  );
}
