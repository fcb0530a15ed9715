import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_EMAIL_SUBJECT, DEFAULT_EMAIL_TEMPLATE, NOTIFICATION_MESSAGES as M } from '@mailcraft/shared';
import { renderWithApp, stubApi } from '../../test/render';
import { EmailNotificationForm, joinRecipients, recipientRows } from './email-notification-form';
import { aNotification, WithMessage } from './test-helpers';

describe('email notification form', () => {
  it('posts the recipient rows comma-joined, with the default subject and body', async () => {
    let posted: Record<string, unknown> | null = null;
    stubApi({ 'POST /api/notifications': ({ body }) => { posted = body as Record<string, unknown>; return aNotification({ type: 'email' }); } });
    renderWithApp(<WithMessage Form={EmailNotificationForm} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Sales inbox' } });
    expect(screen.getByLabelText('Recipient 1')).toHaveAttribute('type', 'email');
    fireEvent.change(screen.getByLabelText('Recipient 1'), { target: { value: 'ann@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add recipient' }));
    fireEvent.change(screen.getByLabelText('Recipient 2'), { target: { value: ' bo@example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add recipient' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expect.poll(() => posted).toMatchObject({
      type: 'email', name: 'Sales inbox', email_recipients: 'ann@example.com, bo@example.com',
      subject: DEFAULT_EMAIL_SUBJECT, email_template: DEFAULT_EMAIL_TEMPLATE, mailing_list_id: 'l1', project_id: 'p1',
    });
    expect(await screen.findByText(M.emailSaved)).toBeInTheDocument();
  });

  it('reports the list\'s delivered pieces instead of its scans when asked, and needs one event at least', async () => {
    let posted: Record<string, unknown> | null = null;
    stubApi({ 'POST /api/notifications': ({ body }) => { posted = body as Record<string, unknown>; return aNotification({ type: 'email' }); } });
    renderWithApp(<WithMessage Form={EmailNotificationForm} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Delivered' } });
    fireEvent.change(screen.getByLabelText('Recipient 1'), { target: { value: 'ann@example.com' } });
    expect(screen.getByRole('checkbox', { name: 'QR code scan' })).toBeChecked();
    fireEvent.click(screen.getByRole('checkbox', { name: 'QR code scan' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(M.eventRequired)).toBeInTheDocument();
    expect(posted).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Delivered' }));
    expect(screen.getByRole('checkbox', { name: 'Send only on the first scan of each record' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expect.poll(() => posted).toMatchObject({ name: 'Delivered', events: ['mail.delivered'] });
  });

  it('needs a name and a recipient to save, and a valid recipient to test', async () => {
    const calls = stubApi({});
    renderWithApp(<WithMessage Form={EmailNotificationForm} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Sales inbox' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(M.emailRequired)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Recipient 1'), { target: { value: 'not-an-address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Test Email' }));
    expect(await screen.findByText(M.emailTestRequired)).toBeInTheDocument();
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual([]);
  });

  it('tests with the rows joined, the subject and the body', async () => {
    let tested: unknown = null;
    stubApi({ 'POST /api/notifications/email/test': ({ body }) => { tested = body; return { message: M.emailTested, to: [], rendered: '', outbox: true }; } });
    renderWithApp(<WithMessage Form={EmailNotificationForm} notification={aNotification({ type: 'email', email_recipients: 'a@x.com,b@y.com', subject: 'S', email_template: 'B' })} />);
    expect(screen.getByLabelText('Recipient 2')).toHaveValue('b@y.com');
    fireEvent.click(screen.getByRole('button', { name: 'Remove recipient 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send Test Email' }));
    await expect.poll(() => tested).toEqual({ recipients: 'b@y.com', subject: 'S', content: 'B' });
    expect(await screen.findByText(/^Test email sent successfully \(kept in the Outbox/)).toBeInTheDocument();
  });

  it('splits and joins saved recipients', () => {
    expect(recipientRows('a@x.com; b@y.com,')).toEqual(['a@x.com', 'b@y.com']);
    expect(recipientRows(null)).toEqual(['']);
    expect(joinRecipients([' a@x.com ', '', 'b@y.com'])).toBe('a@x.com, b@y.com');
  });
});
