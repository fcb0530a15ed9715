import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

/**
 * A plain 'coming soon' page inside the layout for areas a later release builds (QR codes, maps,
 * analytics, notifications, the Print-on-Demand area, admin, pricing). Optional workflow steps
 * offer the way on to the next step.
 */
export function ComingSoonPage({ title, next }: { title: string; next?: { label: string; to: string } | null }) {
  const navigate = useNavigate();
  return (
    <Result
      status="info"
      title={`${title} — coming soon`}
      subTitle="This part of Mailcraft is on its way."
      extra={next ? <Button type="primary" onClick={() => navigate(next.to)}>{next.label}</Button> : undefined}
    />
  );
}
