import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SMS_TEMPLATE, NOTIFICATION_MESSAGES as M, SMS_MAX_CHARS } from '@mailcraft/shared';
import { renderWithApp, stubApi } from '../../test/render';
import { browserTimeZone } from './notification-draft';
import { SmsNotificationForm } from './sms-notification-form';
import { aNotification, CARRIERS, failRoute, WithMessage } from './test-helpers';

async function chooseCarrier(name: string) {
  await screen.findByRole('option', { name }, { timeout: 5_000 }); // the carriers arrive from the (stubbed) server
  await userEvent.selectOptions(screen.getByLabelText('Carrier'), name);
}

describe('SMS notification form', () => {
  it('refuses to save or test without phone and carrier, with the spec messages', async () => {
    const calls = stubApi({ 'GET /api/carriers': () => CARRIERS });
    renderWithApp(<WithMessage Form={SmsNotificationForm} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Sales phone' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(M.smsRequired)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Send Test SMS' }));
    expect(await screen.findByText(M.smsTestRequired)).toBeInTheDocument();
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual([]);
  });

  it('posts the notification as filled in, and says so in green', async () => {
    let posted: unknown = null;
    stubApi({
      'GET /api/carriers': () => CARRIERS,
      'POST /api/notifications': ({ body }) => { posted = body; return aNotification(); },
    });
    renderWithApp(<WithMessage Form={SmsNotificationForm} />);
    expect(screen.getByLabelText('Message template')).toHaveValue(DEFAULT_SMS_TEMPLATE);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Sales phone' } });
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: ' 555-123-4567 ' } });
    await chooseCarrier('Verizon');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expect.poll(() => posted).toEqual({
      type: 'sms', name: 'Sales phone', project_id: 'p1', mailing_list_id: 'l1', events: ['scan'], is_active: true, send_first_scan_only: false,
      schedule_type: 'immediate', schedule_time: null, schedule_day: null, timezone: browserTimeZone(), retry_count: 3, retry_delay: 300,
      phone_number: '555-123-4567', carrier_id: 'verizon', sms_template: DEFAULT_SMS_TEMPLATE,
    });
    const done = await screen.findByText(M.smsSaved);
    expect(done.closest('.ant-alert')).toHaveClass('ant-alert-success');
  });

  it('lists retired carriers disabled, and counts the template against the SMS limit', async () => {
    stubApi({ 'GET /api/carriers': () => CARRIERS });
    renderWithApp(<WithMessage Form={SmsNotificationForm} />);
    const retired = await screen.findByText('Sprint (retired)');
    expect(retired).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Message template'), { target: { value: 'x'.repeat(SMS_MAX_CHARS + 5) } });
    expect(screen.getByTestId('sms-count')).toHaveTextContent(`${SMS_MAX_CHARS + 5} / ${SMS_MAX_CHARS} characters`);
  });

  it('edits with PUT, sends digests with their time and weekday, and keeps the edits when the server refuses', async () => {
    let put: Record<string, unknown> | null = null;
    stubApi({
      'GET /api/carriers': () => CARRIERS,
      'PUT /api/notifications/n1': ({ body }) => { put = body as Record<string, unknown>; return aNotification(); },
    });
    renderWithApp(<WithMessage Form={SmsNotificationForm} notification={aNotification()} />);
    expect(screen.getByLabelText('Phone number')).toHaveValue('5551234567');
    fireEvent.click(screen.getByRole('radio', { name: 'Weekly' }));
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '08:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expect.poll(() => put).toMatchObject({ type: 'sms', schedule_type: 'weekly', schedule_time: '08:30', schedule_day: 1, timezone: 'UTC', carrier_id: 'verizon' });
    await screen.findByText(M.smsSaved);

    failRoute('PUT', '/api/notifications/n1', 402, 'You need to upgrade your plan to save SMS notifications');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Renamed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const refused = await screen.findByText('You need to upgrade your plan to save SMS notifications');
    expect(refused.closest('.ant-alert')).toHaveClass('ant-alert-error');
    expect(screen.getByLabelText('Name')).toHaveValue('Renamed');
  });

  it('sends a test with the template, and cannot save without the plan', async () => {
    let tested: unknown = null;
    stubApi({
      'GET /api/carriers': () => CARRIERS,
      'POST /api/notifications/sms/test': ({ body }) => { tested = body; return { message: M.smsTested, to: ['5551234567@vtext.com'], rendered: 'Hi', outbox: false }; },
    });
    renderWithApp(<WithMessage Form={SmsNotificationForm} notification={aNotification()} canSave={false} />);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByText('You need to upgrade your plan to save SMS notifications')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Send Test SMS' }));
    await expect.poll(() => tested).toEqual({ phoneNumber: '5551234567', carrierId: 'verizon', content: 'Hi {{ first_name }}', isLivePreview: true, listId: 'l1' });
    expect(await screen.findByText(M.smsTested)).toBeInTheDocument();
  });
});
