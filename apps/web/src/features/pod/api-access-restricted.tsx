import { Button, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';

/**
 * What a locked tab shows without the plan's `api` feature (docs/requirements/print-on-demand-api.md#api-access): 'API Access
 * Restricted', that the API needs the Pro plan or higher, the user's plan, and 'Upgrade Plan',
 * which goes to /billing.
 */
export function ApiAccessRestricted({ plan }: { plan: string }) {
  const navigate = useNavigate();
  return (
    <section className="pod-restricted" aria-label="API Access Restricted">
      <LockOutlined className="pod-restricted-icon" aria-hidden />
      <Typography.Title level={4}>API Access Restricted</Typography.Title>
      <Typography.Paragraph type="secondary">
        {`API keys, order entry and the test tool need the Pro plan or higher. Your plan: ${plan}. The documentation and the API Debug tab stay open.`}
      </Typography.Paragraph>
      <Button type="primary" onClick={() => navigate('/billing')}>Upgrade Plan</Button>
    </section>
  );
}
