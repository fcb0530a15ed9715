import { useState } from 'react';
import { App, Button, Tag, Typography } from 'antd';
import type { TWebhookDelivery } from '@mailcraft/shared';
import { PlainTable } from '../../components/plain-table';
import { errorDetail } from '../../lib/api-client';
import { useAttempts, useDeliveries, useWebhookActions } from './webhooks-api';

const STATUS_COLOR: Record<string, string> = { success: 'green', failed: 'red', pending: 'gold' };
const when = (t: string | null) => (t ? new Date(t).toLocaleString() : '—');

function Attempts({ id, deliveryId }: { id: string; deliveryId: string }) {
  const attempts = useAttempts(id, deliveryId);
  return (
    <PlainTable
      label="Attempts" loading={attempts.isPending} rows={attempts.data ?? []} rowKey={(a) => String(a.attempt)} empty="No attempts yet"
      columns={[
        { title: 'Attempt', render: (a) => a.attempt }, { title: 'Time', render: (a) => when(a.attempted_at) },
        { title: 'Status code', render: (a) => a.response_code ?? '—' }, { title: 'Time taken', render: (a) => (a.duration_ms != null ? `${a.duration_ms} ms` : '—') },
        { title: 'Answer / error', render: (a) => <Typography.Text ellipsis style={{ maxWidth: 360 }}>{a.error_message ?? a.response_excerpt ?? ''}</Typography.Text> },
      ]} />
  );
}

/**
 * A webhook's delivery log (docs/requirements/scans-and-analytics.md#scan-recording): time, event, status, status code, answer excerpt, attempts
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
    <PlainTable<TWebhookDelivery>
      label="Deliveries" loading={log.isPending} rows={log.data?.deliveries ?? []} rowKey={(d) => d.id} empty="No deliveries yet"
      pager={{ page, pageSize: 10, total: log.data?.total ?? 0, onChange: setPage }}
      expand={{ render: (d) => <Attempts id={webhookId} deliveryId={d.id} />, label: (d) => `Attempts of the ${d.event_type} delivery of ${when(d.created_at)}` }}
      columns={[
        { title: 'Time', render: (d) => when(d.created_at) },
        { title: 'Event', render: (d) => d.event_type },
        { title: 'Status', render: (d) => <Tag color={STATUS_COLOR[d.status]}>{d.status}</Tag> },
        { title: 'Code', render: (d) => d.response_code ?? '—' },
        { title: 'Answer', render: (d) => <Typography.Text ellipsis style={{ maxWidth: 220 }}>{d.error_message ?? d.response_excerpt ?? ''}</Typography.Text> },
        { title: 'Attempts', render: (d) => d.attempts },
        { title: 'Next retry', render: (d) => when(d.next_retry) },
        {
          title: '', key: 'resend', render: (d) => (
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
