import { Link, useParams } from 'react-router';
import { Alert, Button, Space, Tag, Typography } from 'antd';
import { NOTIFICATION_MESSAGES as M, type TNotification, type TNotificationDelivery } from '@mailcraft/shared';
import { PlainTable } from '../../components/plain-table';
import { errorDetail } from '../../lib/api-client';
import { useNotification, useNotificationHistory } from './notifications-api';
import './notifications.css';

/** Tag colours of the delivery statuses (docs/requirements/notifications.md#rules); any other status is grey. */
const STATUS_COLOR: Record<string, string> = { success: 'green', failed: 'red', pending: 'blue' };
const when = (t: string | null) => (t ? new Date(t).toLocaleString() : '—');

/** A response body as indented JSON (a JSON string is parsed first); other text as it is. */
export function prettyBody(body: unknown): string {
  if (typeof body === 'string') {
    try {
      return JSON.stringify(JSON.parse(body), null, 2);
    } catch {
      return body;
    }
  }
  return JSON.stringify(body, null, 2);
}

/** The configuration page of a notification: /notifications?project={id}&listId={id}. */
export const configurationHref = (n: Pick<TNotification, 'project_id' | 'mailing_list_id'>) =>
  `/notifications?${new URLSearchParams({ ...(n.project_id ? { project: n.project_id } : {}), listId: n.mailing_list_id })}`;

/**
 * The expanded row of a delivery (docs/requirements/maps.md#screens): the last answer (JSON, indented), the
 * error, and — when it took more than one attempt — 'Attempts: N' and 'Next retry: {time}' or
 * 'No further retries'.
 */
export function DeliveryDetails({ delivery: d }: { delivery: TNotificationDelivery }) {
  const hasBody = d.response_body !== null && d.response_body !== undefined && d.response_body !== '';
  return (
    <div className="notification-delivery-details">
      {hasBody && (
        <div>
          <strong>Response body</strong>
          <pre>{prettyBody(d.response_body)}</pre>
        </div>
      )}
      {d.error_message && <div><strong>Error:</strong> {d.error_message}</div>}
      {d.attempts > 1 && (
        <>
          <div>Attempts: {d.attempts}</div>
          <div>{d.next_retry ? `Next retry: ${when(d.next_retry)}` : 'No further retries'}</div>
        </>
      )}
      {!hasBody && !d.error_message && d.attempts <= 1 && <Typography.Text type="secondary">No further details.</Typography.Text>}
    </div>
  );
}

/**
 * /notifications/{notificationId}/history — a notification's delivery history (docs/requirements/maps.md#screens,
 * §8), newest first: time, status (success green, failed red, pending blue, anything else grey),
 * scan time, place, attempts and response code; each row expands to its details. A Refresh
 * button, a link back to the notification's configuration page, 'No delivery history available.'
 * when empty, 'Failed to fetch notification history' (with the server's text) on failure.
 */
export function NotificationHistoryPage() {
  const { notificationId = '' } = useParams();
  const notification = useNotification(notificationId);
  const history = useNotificationHistory(notificationId);
  const n = notification.data;
  return (
    <div className="notifications-page">
      {n && <Link to={configurationHref(n)}>← Back to Notification Configuration</Link>}
      <Typography.Title level={2}>Delivery History{n ? `: ${n.name}` : ''}</Typography.Title>
      {notification.isError && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={M.loadFailed} description={errorDetail(notification.error)} />}
      <Space style={{ marginBottom: 12 }}>
        <Button onClick={() => void history.refetch()} loading={history.isFetching && !history.isPending}>Refresh</Button>
      </Space>
      {history.isError ? (
        <Alert type="error" showIcon title={M.historyFailed} description={errorDetail(history.error)} />
      ) : (
        <PlainTable<TNotificationDelivery>
          label="Delivery history" loading={history.isPending} rows={history.data ?? []} rowKey={(d) => d.id} empty={M.historyEmpty}
          expand={{ render: (d) => <DeliveryDetails delivery={d} />, label: (d) => `Details of the ${d.status} delivery of ${when(d.created_at)}` }}
          columns={[
            { title: 'Time', render: (d) => when(d.created_at) },
            { title: 'Status', render: (d) => <Tag color={STATUS_COLOR[d.status] ?? 'default'}>{d.status}</Tag> },
            { title: 'Scan time', render: (d) => when(d.scan_timestamp) },
            { title: 'Location', render: (d) => [d.city, d.country].filter(Boolean).join(', ') || '—' },
            { title: 'Attempts', align: 'right', render: (d) => d.attempts },
            { title: 'Response code', align: 'right', render: (d) => d.response_code ?? '—' },
          ]}
        />
      )}
    </div>
  );
}
