import { useState } from 'react';
import { Button, Checkbox, Input, Space, Typography } from 'antd';
import {
  DELIVERY_EVENT_LABELS, isDeliveryEventType, WEBHOOK_DEFAULTS, WEBHOOK_EVENT_TYPES, WEBHOOK_INCLUDED_FIELDS, WEBHOOK_MESSAGES, webhookFormError,
  type WebhookEventType, type WebhookIncludedField,
} from '@mailcraft/shared';
import { errorDetail } from '../../lib/api-client';
import { useWebhookActions } from './webhooks-api';

/** How the screens name each event a list's webhook can subscribe to: its scans, and its pieces' delivery events. */
export const EVENT_LABELS: Record<WebhookEventType, string> = { first_scan: 'First scan', every_scan: 'Every scan', ...DELIVERY_EVENT_LABELS };
/** The events of the form's two groups: scans, then delivery events (docs/requirements/mail-tracking.md#delivery-events). */
const SCAN_EVENTS: readonly WebhookEventType[] = WEBHOOK_EVENT_TYPES.filter((t) => !isDeliveryEventType(t));
const DELIVERY_EVENTS: readonly WebhookEventType[] = WEBHOOK_EVENT_TYPES.filter((t) => isDeliveryEventType(t));
export const FIELD_LABELS: Record<WebhookIncludedField, string> = {
  contact_info: 'Contact info', scan_location: 'Scan location', scan_timestamp: 'Scan time', custom_fields: 'Custom fields',
};

/**
 * The Add Webhook form (docs/requirements/workflow.md#route-table): name, endpoint URL (a URL field), scan events (first scan on,
 * every scan off), delivery events of the list's mail pieces (Piece in transit, Out for delivery, Delivered, Returned to
 * sender; all off — docs/requirements/mail-tracking.md#delivery-events) and included fields (all but custom fields on). Validated by the shared schema
 * the server uses; a failure shows 'Failed to create webhook: …' and keeps what was typed; after
 * an Add the form starts again from those defaults.
 */
export function WebhookForm({ listId, canSave }: { listId: string; canSave: boolean }) {
  const { create } = useWebhookActions(listId);
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(WEBHOOK_DEFAULTS.event_types);
  const [fields, setFields] = useState<WebhookIncludedField[]>(WEBHOOK_DEFAULTS.included_fields);
  const [error, setError] = useState<string | null>(null);
  /** The events chosen in one group, with the other group's kept, in WEBHOOK_EVENT_TYPES order. */
  const chooseIn = (group: readonly WebhookEventType[], chosen: WebhookEventType[]) =>
    setEvents(WEBHOOK_EVENT_TYPES.filter((t) => (group.includes(t) ? chosen.includes(t) : events.includes(t))));

  const submit = async () => {
    const body = { name, endpoint_url: url, event_types: events, included_fields: fields, mailing_list_id: listId };
    const invalid = webhookFormError(body);
    if (invalid) return setError(invalid);
    try {
      await create.mutateAsync(body);
      setName('');
      setUrl('');
      setEvents(WEBHOOK_DEFAULTS.event_types);
      setFields(WEBHOOK_DEFAULTS.included_fields);
      setError(null);
    } catch (err) {
      setError(`${WEBHOOK_MESSAGES.createFailed}: ${errorDetail(err)}`);
    }
  };

  return (
    <form className="webhook-form" onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      <Typography.Title level={4}>Add Webhook</Typography.Title>
      <label htmlFor="webhook-name">Name</label>
      <Input id="webhook-name" value={name} onChange={(e) => setName(e.target.value)} placeholder="CRM" />
      <label htmlFor="webhook-url">Endpoint URL</label>
      <Input id="webhook-url" type="url" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://example.com/webhooks/mailcraft" />
      <Space direction="vertical">
        <span id="webhook-scan-events">Events</span>
        <Checkbox.Group aria-labelledby="webhook-scan-events" value={events.filter((t) => SCAN_EVENTS.includes(t))}
          onChange={(v) => chooseIn(SCAN_EVENTS, v as WebhookEventType[])}
          options={SCAN_EVENTS.map((t) => ({ value: t, label: EVENT_LABELS[t] }))} />
        <span id="webhook-delivery-events">Delivery events</span>
        <Checkbox.Group aria-labelledby="webhook-delivery-events" value={events.filter((t) => DELIVERY_EVENTS.includes(t))}
          onChange={(v) => chooseIn(DELIVERY_EVENTS, v as WebhookEventType[])}
          options={DELIVERY_EVENTS.map((t) => ({ value: t, label: EVENT_LABELS[t] }))} />
        <span>Included fields</span>
        <Checkbox.Group value={fields} onChange={(v) => setFields(v as WebhookIncludedField[])}
          options={WEBHOOK_INCLUDED_FIELDS.map((f) => ({ value: f, label: FIELD_LABELS[f] }))} />
      </Space>
      {error && <Typography.Text type="danger" role="alert">{error}</Typography.Text>}
      <div><Button type="primary" htmlType="submit" loading={create.isPending} disabled={!canSave}>Add Webhook</Button></div>
    </form>
  );
}
