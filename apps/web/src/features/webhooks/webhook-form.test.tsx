import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, stubApi } from '../../test/render';
import { WebhookForm } from './webhook-form';

describe('Add Webhook form', () => {
  it('starts with the spec\'s defaults and posts what the user chose', async () => {
    let posted: unknown = null;
    stubApi({ 'POST /api/webhooks': ({ body }) => { posted = body; return { id: 'w1' }; } });
    renderWithApp(<WebhookForm listId="l1" canSave />);
    expect(screen.getByRole('checkbox', { name: 'First scan' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Every scan' })).not.toBeChecked();
    for (const f of ['Contact info', 'Scan location', 'Scan time']) expect(screen.getByRole('checkbox', { name: f })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Custom fields' })).not.toBeChecked();
    expect(screen.getByLabelText('Endpoint URL')).toHaveAttribute('type', 'url');

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'CRM' } });
    fireEvent.change(screen.getByLabelText('Endpoint URL'), { target: { value: 'https://crm.example.com/hook' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Every scan' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Webhook' }));
    await expect.poll(() => posted).toEqual({
      name: 'CRM', endpoint_url: 'https://crm.example.com/hook', event_types: ['first_scan', 'every_scan'],
      included_fields: ['contact_info', 'scan_location', 'scan_timestamp'], mailing_list_id: 'l1',
    });
  });

  it('subscribes to the delivery events of the list\'s mail pieces, off by default', async () => {
    let posted: unknown = null;
    stubApi({ 'POST /api/webhooks': ({ body }) => { posted = body; return { id: 'w1' }; } });
    renderWithApp(<WebhookForm listId="l1" canSave />);
    for (const e of ['Piece in transit', 'Out for delivery', 'Delivered', 'Returned to sender']) expect(screen.getByRole('checkbox', { name: e })).not.toBeChecked();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'CRM' } });
    fireEvent.change(screen.getByLabelText('Endpoint URL'), { target: { value: 'https://crm.example.com/hook' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Returned to sender' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Delivered' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'First scan' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Webhook' }));
    await expect.poll(() => (posted as { event_types?: string[] } | null)?.event_types).toEqual(['mail.delivered', 'mail.returned']);
  });

  it('after Add, starts again from the spec\'s defaults', async () => {
    const posted: unknown[] = [];
    stubApi({ 'POST /api/webhooks': ({ body }) => { posted.push(body); return { id: 'w1' }; } });
    renderWithApp(<WebhookForm listId="l1" canSave />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'CRM' } });
    fireEvent.change(screen.getByLabelText('Endpoint URL'), { target: { value: 'https://crm.example.com/hook' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Every scan' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'First scan' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Custom fields' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Scan time' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Webhook' }));
    await expect.poll(() => posted.length).toBe(1);
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue(''));
    expect(screen.getByLabelText('Endpoint URL')).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: 'First scan' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Every scan' })).not.toBeChecked();
    for (const f of ['Contact info', 'Scan location', 'Scan time']) expect(screen.getByRole('checkbox', { name: f })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Custom fields' })).not.toBeChecked();
  });

  it('checks the URL before sending, and keeps the input when the server refuses', async () => {
    const calls = stubApi({});
    renderWithApp(<WebhookForm listId="l1" canSave />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'CRM' } });
    fireEvent.change(screen.getByLabelText('Endpoint URL'), { target: { value: 'ftp://crm.example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Webhook' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Endpoint URL must be a valid http:// or https:// URL');
    expect(calls).toEqual([]);
    fireEvent.change(screen.getByLabelText('Endpoint URL'), { target: { value: 'https://crm.example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Webhook' }));
    expect(await screen.findByText(/^Failed to create webhook: /)).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('CRM');
  });

  it('cannot save without the plan feature', () => {
    stubApi({});
    renderWithApp(<WebhookForm listId="l1" canSave={false} />);
    expect(screen.getByRole('button', { name: 'Add Webhook' })).toBeDisabled();
  });
});
