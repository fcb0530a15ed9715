import { Alert, Button, Card, Spin, Typography } from 'antd';
import { Link } from 'react-router';
import { FEATURE_KEYS } from '@mailcraft/shared';
import { useSubscription } from './subscriptions-api';
import { FEATURE_LABELS } from './feature-labels';


/**
 * /billing (issue 10: where 'Upgrade Plan' leads): the user's plan, what it includes and its limits,
 * and the way to a bigger plan (/pricing). Payment itself is not part of the product yet: plans are
 * changed by an administrator (Admin → Users).
 */
export function BillingPage() {
  const sub = useSubscription();
  if (sub.isPending) return <Spin style={{ display: 'block', margin: '4rem auto' }} />;
  if (sub.isError) return <Alert type="error" showIcon title="Failed to load your plan" style={{ margin: '2rem auto', maxWidth: 640 }} />;
  const { subscription, features } = sub.data;
  return (
    <div style={{ maxWidth: 720, margin: '2rem auto', padding: '0 1rem' }}>
      <Typography.Title level={2}>Billing</Typography.Title>
      <Card title={`Your plan: ${subscription.plan.display_name}`} extra={<Typography.Text type="secondary">{subscription.status}</Typography.Text>}>
        <ul aria-label="Plan features" style={{ paddingLeft: '1.2rem' }}>
          {FEATURE_KEYS.map((f) => (
            <li key={f}>{FEATURE_LABELS[f].label}: <strong>{features[f] ? 'included' : 'not included'}</strong></li>
          ))}
          <li>Projects: <strong>{features.max_projects.toLocaleString('en-US')}</strong></li>
          <li>Records per list: <strong>{features.max_list_rows.toLocaleString('en-US')}</strong></li>
        </ul>
        <Link to="/pricing"><Button type="primary">Compare plans and upgrade</Button></Link>
        <Typography.Paragraph type="secondary" style={{ marginTop: '1rem', marginBottom: 0 }}>
          Plans are changed by your administrator until online payment is available.
        </Typography.Paragraph>
      </Card>
    </div>
  );
}
