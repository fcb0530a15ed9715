import type { ComponentType } from 'react';
import { vi } from 'vitest';
import type { TCarrier, TNotification } from '@mailcraft/shared';
import type { NotificationFormProps } from './notification-draft';
import { ResultMessage, useResultMessage } from './result-message';

/** US carriers as GET /api/carriers answers them, one retired. */
export const CARRIERS: TCarrier[] = [
  { id: 'verizon', name: 'Verizon', country: 'US', gateway_domain: 'vtext.com', retired: false },
  { id: 'att', name: 'AT&T', country: 'US', gateway_domain: 'txt.att.net', retired: false },
  { id: 'sprint', name: 'Sprint', country: 'US', gateway_domain: 'messaging.sprintpcs.com', retired: true },
];

/** A saved notification as the API presents it; `overrides` change any field. */
export function aNotification(overrides: Partial<TNotification> = {}): TNotification {
  return {
    id: 'n1', type: 'sms', name: 'Sales phone', project_id: 'p1', mailing_list_id: 'l1', events: ['scan'], phone_number: '5551234567', carrier_id: 'verizon',
    sms_template: 'Hi {{ first_name }}', email_recipients: null, subject: null, email_template: null, endpoint_url: null, secret_key: null,
    variable_mapping: null, schedule_type: 'immediate', schedule_time: null, schedule_day: null, timezone: 'UTC', is_active: true,
    send_first_scan_only: false, retry_count: 3, retry_delay: 300, created_at: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

/**
 * A notification form with the panel's message line under it, as NotificationPanel shows it.
 * `Form` is one of the three forms; the remaining props default to project p1, list l1, allowed.
 */
export function WithMessage({ Form, ...props }: Partial<NotificationFormProps> & { Form: ComponentType<NotificationFormProps> }) {
  const message = useResultMessage();
  return (
    <>
      <Form projectId="p1" listId="l1" canSave report={message.show} onSaved={() => {}} onCancel={() => {}} {...props} />
      <ResultMessage result={message.result} />
    </>
  );
}

/** Makes the next `fetch` of `method path` answer `status` with the server's error body; others go to `fallback`. */
export function failRoute(method: string, path: string, status: number, message: string) {
  const fallback = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    if ((init.method ?? 'GET') === method && url.pathname === path) {
      return new Response(JSON.stringify({ error: { code: 'BAD_REQUEST', message } }), { status, headers: { 'content-type': 'application/json' } });
    }
    return fallback(input, init);
  });
}
