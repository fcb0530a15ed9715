import { useEffect, useRef, type ComponentType } from 'react';
import { forgetKept, useKeptState } from '../../lib/kept-state';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Space, Tag, Typography } from 'antd';
import {
  NOTIFICATION_EVENT_LABELS, NOTIFICATION_MESSAGES as M, WEBHOOK_SAVE_RELOAD_MS, type NotificationType, type TCarrier, type TNotification,
} from '@mailcraft/shared';
import { Card } from '../../components/card';
import { EmailNotificationForm } from './email-notification-form';
import { failureText, scheduleInWords, TYPE_LABELS, type NotificationFormProps } from './notification-draft';
import { notificationKeys, useCarriers, useNotificationActions } from './notifications-api';
import { ResultMessage, useResultMessage } from './result-message';
import { SmsNotificationForm } from './sms-notification-form';
import { useNotificationTest } from './use-notification-test';
import { WebhookNotificationForm } from './webhook-notification-form';
import { emptyMapping, webhookTestBody } from './webhook-url';

const FORMS: Record<NotificationType, ComponentType<NotificationFormProps>> = {
  sms: SmsNotificationForm, email: EmailNotificationForm, webhook: WebhookNotificationForm,
};

/** One line saying where a notification goes: phone and carrier, the recipients, or the endpoint URL. */
export function notificationSummary(n: TNotification, carriers?: TCarrier[]): string {
  if (n.type === 'sms') {
    const carrier = carriers?.find((c) => c.id === n.carrier_id)?.name ?? n.carrier_id ?? '—';
    return `${n.phone_number ?? '—'} · ${carrier}`;
  }
  if (n.type === 'email') return n.email_recipients ?? '—';
  return n.endpoint_url ?? '—';
}

/**
 * The body of one Notification Configuration panel (docs/requirements/maps.md#screens): the list's
 * notifications of `type` — name, where it goes, schedule in words, active flag — each with
 * Edit, Test, Delete (after a confirmation) and a History link to
 * /notifications/{id}/history; 'Add New … Notification' opens the form inline, Edit opens it
 * filled. One message line shows the latest result (green on success, red otherwise). After a
 * webhook save the list is reloaded after WEBHOOK_SAVE_RELOAD_MS (2 s, docs/requirements/maps.md#limits).
 */
export function NotificationPanel({ type, projectId, listId, notifications, canSave }: {
  type: NotificationType;
  projectId: string;
  listId: string;
  notifications: TNotification[];
  canSave: boolean;
}) {
  // Which form is open is kept with the forms' edits, so both come back after sign-in (docs/requirements/notifications.md#notifications).
  const [openId, setOpenId] = useKeptState<string | null>(`notifications.${listId}.${type}.open`, null);
  const editing: TNotification | 'new' | null = openId === 'new' ? 'new' : notifications.find((n) => n.id === openId) ?? null;
  const setEditing = (next: TNotification | 'new' | null) => {
    if (next === null) forgetKept(`notifications.${listId}.${type}.`);
    setOpenId(next === null || next === 'new' ? next : next.id);
  };
  const message = useResultMessage();
  const client = useQueryClient();
  const { remove } = useNotificationActions(projectId, listId);
  const tests = useNotificationTest(projectId, listId, message.show);
  const carriers = useCarriers(false, type === 'sms');
  const reload = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(reload.current), []);
  const label = TYPE_LABELS[type];
  const Form = FORMS[type];

  const saved = () => {
    setEditing(null);
    if (type !== 'webhook') return;
    clearTimeout(reload.current);
    reload.current = setTimeout(() => void client.invalidateQueries({ queryKey: notificationKeys.list(projectId, listId) }), WEBHOOK_SAVE_RELOAD_MS);
  };
  const destroy = (n: TNotification) => remove.mutate(n.id, {
    onSuccess: () => {
      message.show(type === 'webhook' ? M.webhookDeleted : M.deleted);
      if (editing !== 'new' && editing?.id === n.id) setEditing(null);
    },
    onError: (err) => message.show(failureText(err, type === 'webhook' ? M.deleteWebhookFailed : M.deleteFailed)),
  });
  const test = (n: TNotification) => {
    if (n.type === 'sms') return tests.sms({ phoneNumber: n.phone_number ?? '', carrierId: n.carrier_id ?? '', content: n.sms_template ?? undefined, isLivePreview: true, listId });
    if (n.type === 'email') return tests.email({ recipients: n.email_recipients ?? '', subject: n.subject ?? undefined, content: n.email_template ?? undefined });
    return tests.webhook(webhookTestBody(n.endpoint_url ?? '', n.variable_mapping ?? emptyMapping(), n.secret_key));
  };

  return (
    <div className="notification-panel">
      {notifications.length === 0 && editing === null && (
        <Typography.Paragraph type="secondary">No {type === 'sms' ? 'SMS' : type} notifications yet.</Typography.Paragraph>
      )}
      <ul className="notification-list" aria-label={`${label} notifications`}>
        {notifications.map((n) => (
          <li key={n.id} className="notification-item">
            <div className="notification-item-main">
              <Space wrap>
                <strong>{n.name}</strong>
                <Tag color={n.is_active ? 'green' : 'default'}>{n.is_active ? 'Active' : 'Paused'}</Tag>
                {n.send_first_scan_only && <Tag>First scan only</Tag>}
                {n.events.filter((e) => e !== 'scan').map((e) => <Tag key={e} color="blue">{NOTIFICATION_EVENT_LABELS[e]}</Tag>)}
              </Space>
              <Typography.Text className="notification-item-summary" ellipsis={{ tooltip: true }}>{notificationSummary(n, carriers.data)}</Typography.Text>
              <Typography.Text type="secondary">{scheduleInWords(n)}</Typography.Text>
            </div>
            <Space wrap>
              <Button size="small" onClick={() => setEditing(n)} aria-label={`Edit ${n.name}`}>Edit</Button>
              <Button size="small" onClick={() => void test(n)} loading={tests.pending} aria-label={`Test ${n.name}`}>Test</Button>
              <Popconfirm title={`Delete the notification ${n.name}?`} description="Its delivery history is deleted too." okText="Delete" okButtonProps={{ danger: true }}
                onConfirm={() => destroy(n)}>
                <Button size="small" danger aria-label={`Delete ${n.name}`}>Delete</Button>
              </Popconfirm>
              <Link to={`/notifications/${n.id}/history`} aria-label={`History of ${n.name}`}>History</Link>
            </Space>
          </li>
        ))}
      </ul>
      {editing === null ? (
        <Button type="dashed" onClick={() => { message.clear(); setEditing('new'); }}>Add New {label} Notification</Button>
      ) : (
        <Card size="small" title={editing === 'new' ? `New ${label} Notification` : `Edit ${editing.name}`}>
          <Form key={editing === 'new' ? 'new' : editing.id} projectId={projectId} listId={listId} notification={editing === 'new' ? undefined : editing}
            canSave={canSave} report={message.show} onSaved={saved} onCancel={() => setEditing(null)} />
        </Card>
      )}
      <ResultMessage result={message.result} />
    </div>
  );
}
