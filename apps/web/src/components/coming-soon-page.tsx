import { Button, Typography } from 'antd';
import { InfoCircleFilled } from '@ant-design/icons';
import { useNavigate } from 'react-router';

/**
 * A plain 'coming soon' page inside the layout for areas a later release builds (maps,
 * notifications, the Print-on-Demand area, admin, pricing). Optional workflow steps offer the way
 * on to the next step. Plain markup in antd's Result look: this page is on the first load of the
 * app, where antd's Result would add its own weight (docs/architecture.md#first-load-budget).
 */
export function ComingSoonPage({ title, next }: { title: string; next?: { label: string; to: string } | null }) {
  const navigate = useNavigate();
  return (
    <div className="coming-soon">
      <InfoCircleFilled className="coming-soon-icon" aria-hidden />
      <Typography.Title level={3}>{`${title} — coming soon`}</Typography.Title>
      <Typography.Paragraph type="secondary">This part of Mailcraft is on its way.</Typography.Paragraph>
      {next && <Button type="primary" onClick={() => navigate(next.to)}>{next.label}</Button>}
    </div>
  );
}
