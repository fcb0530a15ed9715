import { Alert, Button, Typography } from 'antd';
import type { TOutboxMessage } from '@mailcraft/shared';
import { Card } from '../../components/card';
import { PlainTable } from '../../components/plain-table';
import { errorDetail } from '../../lib/api-client';
import { useOutbox } from './outbox-api';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * /outbox (docs/requirements/notifications.md#notifications, linked from Settings): the mail the app would have sent — SMS through a
 * carrier's email-to-SMS gateway, email notifications, test sends — when no SMTP server is
 * configured (SMTP_URL unset), newest first; each row opens its text. With SMTP configured it says
 * that mail is sent and nothing is kept.
 */
export function OutboxPage() {
  const outbox = useOutbox();
  return (
    <div className="page-narrow">
      <Typography.Title level={2}>Outbox</Typography.Title>
      {outbox.isError && <Alert type="error" showIcon title={`Failed to load the outbox: ${errorDetail(outbox.error)}`} />}
      {outbox.data?.delivery === 'smtp' && (
        <Alert type="success" showIcon title="Mail is sent through the configured SMTP server (SMTP_URL); nothing is kept here." />
      )}
      {outbox.data?.delivery === 'outbox' && (
        <Alert
          type="info" showIcon
          title="No mail server is configured (SMTP_URL), so text messages and emails are kept here instead of being sent."
          description="Set SMTP_URL (e.g. smtp://user:password@mail.example.com:587) and restart the server to send them."
        />
      )}
      <Card style={{ marginTop: 16 }} title="Kept messages" extra={<Button onClick={() => outbox.refetch()} loading={outbox.isFetching}>Refresh</Button>}>
        <PlainTable<TOutboxMessage>
          label="Kept messages"
          loading={outbox.isPending}
          rows={outbox.data?.messages ?? []}
          rowKey={(m) => m.id}
          empty="No messages yet. Scans of a list with SMS or email notifications, and test sends, appear here."
          columns={[
            { title: 'Time', render: (m) => when(m.created_at), width: 180 },
            { title: 'To', render: (m) => m.to },
            { title: 'Subject', render: (m) => m.subject || <Typography.Text type="secondary">(text message)</Typography.Text> },
          ]}
          expand={{
            label: (m) => `Show the message to ${m.to}`,
            render: (m) => <pre className="outbox-text">{m.text}</pre>,
          }}
        />
      </Card>
    </div>
  );
}
