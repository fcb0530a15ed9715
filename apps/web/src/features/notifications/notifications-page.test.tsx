import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_MESSAGES as M, type TNotification } from '@mailcraft/shared';
import { renderWithApp, stubApi } from '../../test/render';
import { NotificationsPage } from './notifications-page';
import { aNotification, CARRIERS } from './test-helpers';

const plan = (allowed: boolean) => ({ subscription: { plan: { name: allowed ? 'pro' : 'free', features: { notifications: allowed } }, status: 'active' }, features: {} });
const ROUTE = '/notifications?project=p1&listId=l1';

function stub({ allowed = true, notifications = [aNotification()] as TNotification[], delivery = 'smtp' } = {}) {
  return stubApi({
    'GET /api/subscriptions/current': () => plan(allowed),
    'GET /api/lists/l1': () => ({ id: 'l1', name: 'us-500.csv', row_count: 500, headers: [], created_at: '', project_id: 'p1' }),
    'GET /api/notifications': () => notifications,
    'GET /api/carriers': () => CARRIERS,
    'GET /api/outbox': () => ({ delivery, messages: [] }),
    'DELETE /api/notifications/n1': () => null,
    'POST /api/notifications': () => aNotification({ id: 'n9', type: 'webhook', name: 'CRM', endpoint_url: 'https://crm.example.com/hook' }),
  });
}

describe('Notification Configuration screen', () => {
  it('explains where to open it from without project and list', () => {
    stubApi({});
    renderWithApp(<NotificationsPage />, { route: '/notifications' });
    expect(screen.getByRole('heading', { name: 'Notification Configuration' })).toBeInTheDocument();
    expect(screen.getByText('Open notifications from a project')).toBeInTheDocument();
  });

  it('shows the list, the outbox note and the three panels with their notifications', async () => {
    const calls = stub({
      delivery: 'outbox',
      notifications: [
        aNotification(),
        aNotification({ id: 'n2', type: 'email', name: 'Inbox', email_recipients: 'a@x.com, b@y.com', schedule_type: 'weekly', schedule_time: '08:00', schedule_day: 1, timezone: 'Europe/Paris' }),
        aNotification({ id: 'n3', type: 'webhook', name: 'CRM', endpoint_url: 'https://crm.example.com/hook', is_active: false }),
      ],
    });
    renderWithApp(<NotificationsPage />, { route: ROUTE });
    expect(await screen.findByText('Configuring for list: us-500.csv')).toBeInTheDocument();
    expect(await screen.findByText(/No mail server is configured \(SMTP_URL\), so SMS and email notifications are kept in the Outbox instead of being sent\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the Outbox' })).toHaveAttribute('href', '/outbox');
    for (const title of ['Webhook Notifications', 'SMS Notifications', 'Email Notifications']) expect(screen.getByText(title)).toBeInTheDocument();

    const sms = within(screen.getByRole('list', { name: 'SMS notifications' }));
    expect(await sms.findByText('5551234567 · Verizon')).toBeInTheDocument();
    expect(sms.getByText('Immediately on each scan')).toBeInTheDocument();
    expect(sms.getByRole('link', { name: 'History of Sales phone' })).toHaveAttribute('href', '/notifications/n1/history');
    const email = within(screen.getByRole('list', { name: 'Email notifications' }));
    expect(email.getByText('a@x.com, b@y.com')).toBeInTheDocument();
    expect(email.getByText('Weekly on Monday at 08:00 (Europe/Paris)')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Webhook notifications' })).getByText('Paused')).toBeInTheDocument();
    expect(calls).toContain('GET /api/notifications?project=p1&listId=l1');
  });

  it('deletes only after confirmation', async () => {
    const calls = stub();
    renderWithApp(<NotificationsPage />, { route: ROUTE });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Sales phone' }));
    expect(await screen.findByText('Delete the notification Sales phone?')).toBeInTheDocument();
    expect(calls).not.toContain('DELETE /api/notifications/n1');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(M.deleted)).toBeInTheDocument();
    expect(calls).toContain('DELETE /api/notifications/n1');
  });

  it('opens the forms from Add New and Edit; without the plan the banner shows and Save is off', async () => {
    stub({ allowed: false });
    renderWithApp(<NotificationsPage />, { route: ROUTE });
    // Saved notifications: the banner says the plan has paused them.
    expect(await screen.findByText(M.pausedByPlan)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add New Email Notification' }));
    const form = within(screen.getByRole('form', { name: 'New email notification' }));
    expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(form.getByText('You need to upgrade your plan to save email notifications')).toBeInTheDocument();

    fireEvent.click(await screen.findByRole('button', { name: 'Edit Sales phone' }));
    const edit = within(screen.getByRole('form', { name: 'Edit SMS notification Sales phone' }));
    expect(edit.getByLabelText('Phone number')).toHaveValue('5551234567');
    expect(screen.getByRole('button', { name: 'Add New Webhook Notification' })).toBeInTheDocument();
  });

  it('after a downgrade, says the saved notifications are paused by the plan, links the upgrade and still lists them', async () => {
    stub({ allowed: false });
    renderWithApp(<NotificationsPage />, { route: ROUTE });
    const banner = await screen.findByText(M.pausedByPlan);
    expect(banner.closest('[data-variant]')).toHaveTextContent('Your saved notifications are kept and send nothing until your plan includes them again');
    expect(screen.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/pricing?feature=notifications');
    const sms = within(screen.getByRole('list', { name: 'SMS notifications' }));
    expect(await sms.findByText('5551234567 · Verizon')).toBeInTheDocument();
    expect(screen.queryByText('You need to upgrade your plan to save notifications')).not.toBeInTheDocument();
  });

  it('without saved notifications, the banner asks for the upgrade to save one', async () => {
    stub({ allowed: false, notifications: [] });
    renderWithApp(<NotificationsPage />, { route: ROUTE });
    expect(await screen.findByText('You need to upgrade your plan to save notifications')).toBeInTheDocument();
    expect(screen.queryByText(M.pausedByPlan)).not.toBeInTheDocument();
  });

  it('after a webhook save, says so and reloads the list 2 s later', async () => {
    const calls = stub();
    renderWithApp(<NotificationsPage />, { route: ROUTE });
    fireEvent.click(await screen.findByRole('button', { name: 'Add New Webhook Notification' }));
    const form = within(screen.getByRole('form', { name: 'New webhook notification' }));
    fireEvent.change(form.getByLabelText('Name'), { target: { value: 'CRM' } });
    fireEvent.change(form.getByLabelText('Endpoint URL'), { target: { value: 'https://crm.example.com/hook' } });
    await expect.poll(() => form.getByRole('button', { name: 'Save' })).toBeEnabled();
    fireEvent.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(M.webhookSaved)).toBeInTheDocument();
    const lists = () => calls.filter((c) => c.startsWith('GET /api/notifications?')).length;
    const afterSave = lists();
    await expect.poll(lists, { timeout: 4_000 }).toBe(afterSave + 1);
  });
});
