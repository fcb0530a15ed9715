import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { IMB_MESSAGES, type TSettings, type TSettingsUpdate } from '@mailcraft/shared';
import { Failure, stubServer, type Handler } from '../../test/fake-server';
import { renderWithApp } from '../../test/render';
import { SettingsPage } from './settings-page';

const SETTINGS: TSettings = {
  time_zone: null,
  project_defaults: { template_type: 'self_mailer', paper_size: '8.5x11', sides: 'double', permit_type: 'none' },
  product_permit: false,
  short_link_base_url: 'https://mail.example.com',
  mailer_id: null,
  imb_service_type_id: null,
  imb_barcode_id: '00',
};

function server(routes: Record<string, Handler> = {}) {
  return stubServer({
    'GET /api/account/settings': () => SETTINGS,
    'GET /api/outbox': () => ({ delivery: 'outbox', messages: [] }),
    ...routes,
  });
}
const open = () => renderWithApp(<SettingsPage />, { route: '/settings' });

describe('/settings', () => {
  it('shows the short-link base URL read-only with how the operator sets it, and the Outbox link', async () => {
    server();
    open();
    const url = await screen.findByDisplayValue('https://mail.example.com');
    expect(url).toHaveAttribute('readonly');
    expect(screen.getByText(/environment variable/)).toHaveTextContent('PUBLIC_URL=https://mail.example.com');
    expect(await screen.findByText(/No mail server is configured/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the Outbox' })).toHaveAttribute('href', '/outbox');
  });

  it('saves new-project defaults and the time zone; a type change resets the size to one it offers', async () => {
    const calls = server({ 'PUT /api/account/settings': ({ body }) => ({ ...SETTINGS, ...(body as TSettingsUpdate) }) });
    open();
    const form = await screen.findByRole('form', { name: 'Preferences' });
    const permit = within(form).getByLabelText('Mailing permit');
    expect(within(permit).queryByRole('option', { name: 'Mailcraft permit' })).toBeNull();
    await userEvent.selectOptions(within(form).getByLabelText('Mailer type'), 'postcard');
    expect(within(form).getByLabelText('Size')).toHaveValue('6x9');
    expect(within(within(form).getByLabelText('Size')).queryByRole('option', { name: '8.5x11' })).toBeNull();
    await userEvent.selectOptions(within(form).getByLabelText('Sides'), 'single');
    await userEvent.selectOptions(within(form).getByLabelText('Time zone'), 'America/Chicago');
    await userEvent.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your settings were saved');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      time_zone: 'America/Chicago',
      project_defaults: { template_type: 'postcard', paper_size: '6x9', sides: 'single', permit_type: 'none' },
    });
  });

  it('saves the Mailer ID with its Service Type ID and Barcode ID, checking them as USPS shapes them', async () => {
    const calls = server({ 'PUT /api/account/settings': ({ body }) => ({ ...SETTINGS, ...(body as TSettingsUpdate) }) });
    open();
    const form = await screen.findByRole('form', { name: 'Mail tracking' });
    expect(within(form).getByLabelText('Barcode ID')).toHaveValue('00');
    await userEvent.type(within(form).getByLabelText('Mailer ID'), '92345');
    await userEvent.click(within(form).getByRole('button', { name: 'Save mail tracking' }));
    expect(within(form).getByText(IMB_MESSAGES.mailerIdFormat)).toBeInTheDocument();
    expect(within(form).getByText(IMB_MESSAGES.serviceTypeRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await userEvent.clear(within(form).getByLabelText('Mailer ID'));
    await userEvent.type(within(form).getByLabelText('Mailer ID'), '912345678');
    await userEvent.selectOptions(within(form).getByLabelText('Service Type ID'), '270');
    expect(within(within(form).getByLabelText('Service Type ID')).getByRole('option', { name: /^270 · First-Class Mail, Full-Service, with IV-MTR/ })).toBeInTheDocument();
    await userEvent.clear(within(form).getByLabelText('Barcode ID'));
    await userEvent.type(within(form).getByLabelText('Barcode ID'), '04');
    await userEvent.click(within(form).getByRole('button', { name: 'Save mail tracking' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your mail tracking settings were saved');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      time_zone: null, project_defaults: SETTINGS.project_defaults, mailer_id: '912345678', imb_service_type_id: '270', imb_barcode_id: '04',
    });
  });

  it('a failed save keeps the choices and says why', async () => {
    server({ 'PUT /api/account/settings': () => { throw new Failure(400, 'Choose a time zone from the list'); } });
    open();
    const form = await screen.findByRole('form', { name: 'Preferences' });
    await userEvent.selectOptions(within(form).getByLabelText('Time zone'), 'Europe/Berlin');
    await userEvent.selectOptions(within(form).getByLabelText('Mailer type'), 'postcard');
    await userEvent.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to save your settings: Choose a time zone from the list');
    expect(within(form).getByLabelText('Time zone')).toHaveValue('Europe/Berlin');
    expect(within(form).getByLabelText('Mailer type')).toHaveValue('postcard');
  });
});
