import { Typography } from 'antd';
import { ToolOutlined } from '@ant-design/icons';

/**
 * A tab that a later task builds (spec 002 §2): says so honestly — 'This tab is being built: {what
 * it will do}' — instead of pretending to work.
 */
export function TabPlaceholder({ title, will }: { title: string; will: string }) {
  return (
    <section className="pod-placeholder" aria-label={title}>
      <ToolOutlined className="pod-placeholder-icon" aria-hidden />
      <Typography.Title level={4}>{title}</Typography.Title>
      <Typography.Paragraph type="secondary">{`This tab is being built: ${will}`}</Typography.Paragraph>
    </section>
  );
}
