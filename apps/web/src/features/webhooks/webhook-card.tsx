import { useState } from 'react';
import { Alert, App, Button, Collapse, Popconfirm, Space, Switch, Tag, Typography } from 'antd';
import { Card } from '../../components/card';
import { WEBHOOK_MESSAGES, type TWebhook } from '@mailcraft/shared';
import { errorDetail } from '../../lib/api-client';
import { DeliveryLog } from './delivery-log';
import { EVENT_LABELS, FIELD_LABELS } from './webhook-form';
import { useWebhookActions } from './webhooks-api';

/**
 * One webhook (docs/requirements/workflow.md#route-table): name and URL, events and fields, the active toggle (PATCH), the
 * success rate and last trigger, why the server turned it off when it did, the signing secret
 * (masked, Reveal, Copy, Rotate), 'Send test event', delete with the spec's confirmation, and its
 * delivery log.
 */
export function WebhookCard({ hook }: { hook: TWebhook }) {
  const actions = useWebhookActions(hook.mailing_list_id);
  const { message } = App.useApp();
  const [reveal, setReveal] = useState(false);
  const fail = (prefix: string) => (err: unknown) => message.error(`${prefix}: ${errorDetail(err)}`);
  const copy = () => navigator.clipboard.writeText(hook.secret_key)
    .then(() => message.success('Secret key copied to clipboard'), () => message.error('Failed to copy secret key'));

  return (
    <Card className="webhook-card" title={hook.name} extra={(
      <Space>
        <Switch checked={hook.is_active} aria-label={`${hook.name} active`} loading={actions.toggle.isPending}
          onChange={(isActive) => actions.toggle.mutate({ id: hook.id, isActive }, { onError: fail(WEBHOOK_MESSAGES.toggleFailed) })} />
        <Popconfirm title={WEBHOOK_MESSAGES.confirmDelete} okText="Delete" onConfirm={() => actions.remove.mutate(hook.id, { onError: fail(WEBHOOK_MESSAGES.deleteFailed) })}>
          <Button danger size="small">Delete</Button>
        </Popconfirm>
      </Space>
    )}>
      {hook.disabled_reason && <Alert type="error" showIcon style={{ marginBottom: 12 }} title={`Turned off by Mailcraft: ${hook.disabled_reason}`} description="Fix the endpoint, then switch the webhook on again." />}
      <Typography.Paragraph copyable>{hook.endpoint_url}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 8 }}>
        {hook.event_types.map((e) => <Tag key={e} color="blue">{EVENT_LABELS[e]}</Tag>)}
        {hook.included_fields.map((f) => <Tag key={f}>{FIELD_LABELS[f]}</Tag>)}
      </Space>
      <div>Success rate: {hook.success_rate == null ? '—' : `${hook.success_rate} %`} · Last triggered: {hook.last_triggered ? new Date(hook.last_triggered).toLocaleString() : 'never'}</div>
      <Space style={{ margin: '12px 0' }} wrap>
        <span>Signing secret:</span>
        <Typography.Text code>{reveal ? hook.secret_key : 'whsec_••••••••••••••••'}</Typography.Text>
        <Button size="small" onClick={() => setReveal(!reveal)}>{reveal ? 'Hide' : 'Reveal'}</Button>
        <Button size="small" onClick={() => void copy()}>Copy</Button>
        <Popconfirm title="Replace the secret? Deliveries are signed with the new one at once." onConfirm={() => actions.rotate.mutate(hook.id, { onError: fail('Failed to rotate the secret') })}>
          <Button size="small">Rotate secret</Button>
        </Popconfirm>
        <Button size="small" onClick={() => actions.test.mutate(hook.id, {
          onSuccess: () => message.success('Test event sent'), onError: fail('Failed to send the test event'),
        })}>Send test event</Button>
      </Space>
      <Collapse size="small" items={[{ key: 'log', label: 'Delivery log', children: <DeliveryLog webhookId={hook.id} listId={hook.mailing_list_id} /> }]} />
    </Card>
  );
}
