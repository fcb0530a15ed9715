import { useState } from 'react';
import { App, Button, Table, Tag, Typography } from 'antd';
import type { TWebhookDelivery } from '@mailcraft/shared';
import { errorDetail } from '../../lib/api-client';
import { useAttempts, useDeliveries, useWebhookActions } from './webhooks-api';

const STATUS_COLOR: Record<string, string> = { success: 'green', failed: 'red', pending: 'gold' };
const when = (t: string | null) => (t ? new Date(t).toLocaleString() : '—');

function Attempts({ id, deliveryId }: { id: string; deliveryId: string }) {
  const attempts = useAttempts(id, deliveryId);
  return (
    <Table size="small" rowKey="attempt" pagination={false} loading={attempts.isPending} dataSource={attempts.data ?? []}
      columns={[
        { title: 'Attempt', dataIndex: 'attempt' }, { title: 'Time', render: (_, a) => when(a.attempted_at) },
        { title: 'Status code', render: (_, a) => a.response_code ?? '—' }, { title: 'Time taken', render: (_, a) => (a.duration_ms != null ? `${a.duration_ms} ms` : '—') },
        { title: 'Answer / error', render: (_, a) => <Typography.Text ellipsis style={{ maxWidth: 360 }}>{a.error_message ?? a.response_excerpt ?? ''}</Typography.Text> },
      ]} />
  );
}

/**
 * A webhook's delivery log (issue 7): time, event, status, status code, answer excerpt, attempts
 * and next retry per delivery, every attempt in an expandable row, and Resend. Refreshes while a
 * delivery is pending.
 */
export function DeliveryLog({ webhookId, listId }: { webhookId: string; listId: string }) {
  const [page, setPage] = useState(1);
  const log = useDeliveries(webhookId, page);
  const { resend } = useWebhookActions(listId);
  const { message } = App.useApp();
  if (log.isError) return <Typography.Text type="danger">Failed to load the delivery log: {errorDetail(log.error)}</Typography.Text>;
  return (
    <Table<TWebhookDelivery>
      size="small" rowKey="id" loading={log.isPending} dataSource={log.data?.deliveries ?? []}
      locale={{ emptyText: 'No deliveries yet' }}
      pagination={{ current: page, pageSize: 10, total: log.data?.total ?? 0, onChange: setPage }}
      expandable={{ expandedRowRender: (d) => <Attempts id={webhookId} deliveryId={d.id} /> }}
      columns={[
        { title: 'Time', render: (_, d) => when(d.created_at) },
        { title: 'Event', dataIndex: 'event_type' },
        { title: 'Status', render: (_, d) => <Tag color={STATUS_COLOR[d.status]}>{d.status}</Tag> },
        { title: 'Code', render: (_, d) => d.response_code ?? '—' },
        { title: 'Answer', render: (_, d) => <Typography.Text ellipsis style={{ maxWidth: 220 }}>{d.error_message ?? d.response_excerpt ?? ''}</Typography.Text> },
        { title: 'Attempts', dataIndex: 'attempts' },
        { title: 'Next retry', render: (_, d) => when(d.next_retry) },
        {
          title: '', render: (_, d) => (
            <Button size="small" disabled={d.status === 'pending'} onClick={() => resend.mutate({ id: webhookId, deliveryId: d.id }, {
              onSuccess: () => message.success('Delivery sent again'),
              onError: (err) => message.error(errorDetail(err)),
            })}>Resend</Button>
          ),
        },
      ]}
    />
  );
}
