import { Alert } from 'antd';
import { useAuth } from './auth-api';

/**
 * While the server has no operator (GET /api/auth/status `operator_exists: false`), tells a
 * visitor how its first account becomes the operator: with the one-time setup code the server
 * printed in its log, entered as 'Setup code' on the sign-up page. Nothing otherwise, or signed in.
 */
export function OperatorSetupNotice() {
  const { authenticated, operatorExists, loading } = useAuth();
  if (loading || authenticated || operatorExists) return null;
  return (
    <Alert
      style={{ marginTop: 16, textAlign: 'left' }}
      type="info"
      showIcon
      title="This server has no operator yet"
      description={'To run it, create the first account with the setup code printed in the server log: Sign in → Create an account → '
        + '"Setup code". Accounts created without it are ordinary accounts.'}
    />
  );
}
