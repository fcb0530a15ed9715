import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_MESSAGES as M } from '@mailcraft/shared';
import { renderWithApp, stubApi } from '../../test/render';
import { aNotification, WithMessage } from './test-helpers';
import { WebhookNotificationForm } from './webhook-notification-form';

async function fillWebhook() {
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'CRM' } });
  fireEvent.change(screen.getByLabelText('Endpoint URL'), { target: { value: 'https://crm.example.com/hook' } });
  fireEvent.click(screen.getByRole('checkbox', { name: 'email' }));
  fireEvent.click(screen.getByRole('button', { name: 'Add Static Parameter' }));
  fireEvent.change(screen.getByLabelText('Static parameter 1 name'), { target: { value: 'Src Code!' } });
  fireEvent.change(screen.getByLabelText('Static parameter 1 value'), { target: { value: 'spring mail' } });
  fireEvent.click(screen.getByRole('button', { name: 'Add Variable' }));
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Variable 1 field' }), 'first_name');
}

describe('webhook notification form', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('composes the URL from static parameters and variables, tests it with sample values, and saves the mapping', async () => {
    let tested: Record<string, unknown> | null = null;
    let posted: Record<string, unknown> | null = null;
    stubApi({
      'POST /api/notifications/webhook/test': ({ body }) => { tested = body as Record<string, unknown>; return { message: M.webhookTested, to: [], rendered: '', outbox: false }; },
      'POST /api/notifications': ({ body }) => { posted = body as Record<string, unknown>; return aNotification({ type: 'webhook' }); },
    });
    renderWithApp(<WithMessage Form={WebhookNotificationForm} />);
    expect(screen.getByLabelText('Endpoint URL')).toHaveAttribute('type', 'url');
    await fillWebhook();
    expect(screen.getByLabelText('Static parameter 1 name')).toHaveValue('srccode');
    expect(screen.getByLabelText('Variable 1 parameter')).toHaveValue('fname');
    expect(screen.getByLabelText('Composed URL')).toHaveValue('https://crm.example.com/hook?srccode=spring%20mail&fname={{first_name}}');

    fireEvent.click(screen.getByRole('button', { name: 'Test Webhook' }));
    await expect.poll(() => tested).toMatchObject({
      endpointUrl: 'https://crm.example.com/hook?srccode=spring%20mail&fname=Jane',
      mailingListFields: { email: 'jane.doe@example.com', first_name: 'Jane' },
      scanData: { scan_count: '1' },
    });
    expect(await screen.findByText(M.webhookTested)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expect.poll(() => posted).toMatchObject({
      type: 'webhook', name: 'CRM', endpoint_url: 'https://crm.example.com/hook',
      variable_mapping: { selectedFields: ['email'], variables: [{ field: 'first_name', param: 'fname' }], staticParams: [{ name: 'srccode', value: 'spring mail' }] },
    });
    expect(await screen.findByText(M.webhookSaved)).toBeInTheDocument();
  });

  it('needs a name and an endpoint, and a composed URL to test', async () => {
    const calls = stubApi({});
    renderWithApp(<WithMessage Form={WebhookNotificationForm} />);
    fireEvent.click(screen.getByRole('button', { name: 'Test Webhook' }));
    expect(await screen.findByText(M.webhookTestRequired)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'CRM' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(M.webhookRequired)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('copies the secret of a saved webhook, and says when it cannot', async () => {
    stubApi({});
    const writeText = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('denied'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const hook = aNotification({ type: 'webhook', endpoint_url: 'https://crm.example.com/hook', secret_key: 'whsec_abc', variable_mapping: { selectedFields: [], variables: [], staticParams: [] } });
    renderWithApp(<WithMessage Form={WebhookNotificationForm} notification={hook} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    const copied = await screen.findByText(M.secretCopied);
    expect(copied.closest('.ant-alert')).toHaveClass('ant-alert-success');
    expect(writeText).toHaveBeenCalledWith('whsec_abc');
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText(M.copySecretFailed)).toBeInTheDocument();
  });
});
