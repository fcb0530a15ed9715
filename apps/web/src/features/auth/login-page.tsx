import { Alert, Button, Typography } from 'antd';
import { Card } from '../../components/card';
import { Navigate, useSearchParams } from 'react-router';
import { useAuth, redirectToLogin } from './auth-api';
import { OperatorSetupNotice } from './operator-setup-notice';

/** /login (docs/requirements/workflow.md#route-table): 'Please log in to continue', a Login button and an error line. */
export function LoginPage() {
  const { authenticated, error } = useAuth();
  const [params] = useSearchParams();
  const next = params.get('next') ?? '/projects';
  if (authenticated) return <Navigate to={next} replace />;
  const line = params.get('error') ?? error;
  return (
    <div className="centered-page">
      <Card style={{ maxWidth: 420, width: '100%', textAlign: 'center' }}>
        <Typography.Title level={3}>Please log in to continue</Typography.Title>
        <Button type="primary" size="large" onClick={() => redirectToLogin(next)}>Login</Button>
        {line && <Alert style={{ marginTop: 16 }} type="error" title={line} showIcon />}
        <OperatorSetupNotice />
      </Card>
    </div>
  );
}
