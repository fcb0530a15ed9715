import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_KEY_MESSAGES as M } from '@mailcraft/shared';
import { renderWithApp } from '../../test/render';
import { KEY_NOT_COPYABLE } from './api-key-list';
import { ApiKeysTab } from './api-keys-tab';
import { aKey, Failure, FULL_KEY, keyServer as server, openDialog, type Call } from './test-helpers';

afterEach(() => Reflect.deleteProperty(navigator, 'clipboard'));

const open = () => renderWithApp(<ApiKeysTab />);
const gets = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.path === '/api/keys').length;
const formDialog = () => openDialog('Create New API Key')!;
const createdDialog = () => waitFor(() => openDialog('API Key Created') ?? Promise.reject(new Error('no API Key Created dialog')));
const openForm = async () => {
  fireEvent.click(screen.getByRole('button', { name: 'Create New API Key' }));
  await waitFor(() => expect(openDialog('Create New API Key')).not.toBeNull());
};
const createButton = () => within(formDialog()).getByRole('button', { name: 'Create API Key' });

describe('API Keys tab', () => {
  it('shows the empty state without keys', async () => {
    server([]);
    open();
    expect(await screen.findByText(M.empty)).toBeInTheDocument();
  });

  it('lists a key: name, mode, the masked key, Active, last used, expiry, permissions', async () => {
    server([
      aKey(),
      aKey({ id: 'key-2', name: 'Sandbox', mode: 'test', api_key: 'test_QrSt…9876', is_active: false, scopes: ['*:get'], rate_limit: 20,
        last_used: '2026-11-26T09:30:00.000Z', expires_at: '2030-05-01T12:00:00.000Z' }),
    ]);
    open();
    const rows = await screen.findAllByRole('row');
    const [, shop, sandbox] = rows;
    expect(within(shop).getByText('live_AbCd…wxyz')).toBeInTheDocument();
    expect(within(shop).getByText('Live')).toBeInTheDocument();
    expect(within(shop).getByText('Active')).toBeInTheDocument();
    expect(within(shop).getByText('All access')).toBeInTheDocument();
    expect(within(shop).getAllByText('Never')).toHaveLength(2);
    expect(within(sandbox).getByText('Test')).toBeInTheDocument();
    expect(within(sandbox).getByText('Inactive')).toBeInTheDocument();
    expect(within(sandbox).getByText('Read only')).toBeInTheDocument();
    expect(within(sandbox).getByText('20 requests/min')).toBeInTheDocument();
    expect(within(sandbox).getByText(new Date('2030-05-01T12:00:00.000Z').toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' }))).toBeInTheDocument();
    expect(within(sandbox).queryByText('Never')).toBeNull();
  });

  it('creates a key: validation, payload, the success dialog masked then revealed, a reloaded list and a reset form', async () => {
    const calls = server([]);
    open();
    await screen.findByText(M.empty);
    await openForm();
    expect(createButton()).toBeDisabled();
    const name = within(formDialog()).getByLabelText('Key Name');
    fireEvent.change(name, { target: { value: 'x' } });
    fireEvent.change(name, { target: { value: '   ' } });
    expect(within(formDialog()).getByRole('alert')).toHaveTextContent(M.nameRequired);
    expect(createButton()).toBeDisabled();

    fireEvent.change(name, { target: { value: ' Shop ' } });
    expect(within(formDialog()).queryByText(M.nameRequired)).toBeNull();
    expect(within(formDialog()).getByLabelText('Rate Limit')).toHaveValue('100');
    fireEvent.change(within(formDialog()).getByLabelText('Rate Limit'), { target: { value: '250' } });
    fireEvent.change(within(formDialog()).getByLabelText('Permissions'), { target: { value: 'read' } });
    fireEvent.click(within(formDialog()).getByRole('radio', { name: 'Test' }));
    expect(within(formDialog()).getByText('This key never expires.')).toBeInTheDocument();
    fireEvent.change(within(formDialog()).getByLabelText('Expiration'), { target: { value: '90' } });
    const day = new Date(Date.now() + 90 * 86_400_000).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
    expect(within(formDialog()).getByText(`Expires on ${day}`)).toBeInTheDocument();
    fireEvent.click(createButton());

    const done = await createdDialog();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Shop', scopes: ['*:get'], rate_limit: 250, expires_in: 90, mode: 'test' });
    expect(within(done).getByText(M.shownOnce)).toBeInTheDocument();
    expect(within(done).getByText('Shop')).toBeInTheDocument();
    const key = within(done).getByLabelText('New API key');
    expect(key).not.toHaveTextContent(FULL_KEY);
    expect(key.textContent).toMatch(/^live_AbCd•+wxyz$/);
    fireEvent.click(within(done).getByRole('button', { name: 'Show key' }));
    expect(key).toHaveTextContent(FULL_KEY);
    fireEvent.click(within(done).getByRole('button', { name: 'Hide key' }));
    expect(key).not.toHaveTextContent(FULL_KEY);
    expect(openDialog('Create New API Key')).toBeNull();

    await waitFor(() => expect(gets(calls)).toBe(2));
    fireEvent.click(within(done).getByRole('button', { name: 'Done' }));
    expect(await within(screen.getByRole('table', { name: 'API keys' })).findByText('Read only')).toBeInTheDocument();

    await openForm();
    expect(within(formDialog()).getByLabelText('Key Name')).toHaveValue('');
    expect(within(formDialog()).getByLabelText('Rate Limit')).toHaveValue('100');
    expect(within(formDialog()).getByLabelText('Permissions')).toHaveValue('all');
    expect(within(formDialog()).getByLabelText('Expiration')).toHaveValue('0');
    expect(within(formDialog()).getByRole('radio', { name: 'Live' })).toBeChecked();
    expect(within(formDialog()).queryByRole('alert')).toBeNull();
  });

  it('copies the new key and shows the confirmation for 2 seconds', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    server([]);
    open();
    await screen.findByText(M.empty);
    await openForm();
    fireEvent.change(within(formDialog()).getByLabelText('Key Name'), { target: { value: 'Shop' } });
    fireEvent.click(createButton());
    const done = await createdDialog();
    const copy = within(done).getByRole('button', { name: 'Copy key' });
    fireEvent.click(copy);
    expect(writeText).toHaveBeenCalledWith(FULL_KEY);
    await waitFor(() => expect(copy).toHaveAttribute('data-copied', 'true'));
    await waitFor(() => expect(copy).toHaveAttribute('data-copied', 'false'), { timeout: 3_000 });
  });

  it('offers Copy only where the full key is known: not in the list, whose masked key says why', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    server([aKey()]);
    open();
    const [, shop] = await screen.findAllByRole('row');
    expect(within(shop).queryByRole('button', { name: /copy/i })).toBeNull();
    const masked = within(shop).getByText('live_AbCd…wxyz');
    expect(masked).toHaveAttribute('aria-description', KEY_NOT_COPYABLE);
    fireEvent.mouseEnter(masked);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(KEY_NOT_COPYABLE);
    fireEvent.click(masked);
    expect(writeText).not.toHaveBeenCalled();
    expect(within(shop).queryByLabelText('Copied')).toBeNull();
  });

  it('shows an expired key as Expired, with its switch off and disabled', async () => {
    server([aKey({ is_active: false, status: 'expired', expires_at: '2020-01-01T00:00:00.000Z' })]);
    open();
    const [, shop] = await screen.findAllByRole('row');
    expect(within(shop).getByRole('switch', { name: 'Shop active' })).toBeDisabled();
    expect(within(shop).getByRole('switch', { name: 'Shop active' })).not.toBeChecked();
    expect(within(shop).getAllByText('Expired')).toHaveLength(2); // the status, and beside the expiry date
    expect(within(shop).queryByText('Active')).toBeNull();
  });

  it('shows the server\'s message when creating fails, and keeps the dialog open', async () => {
    server([], { 'POST /api/keys': () => { throw new Failure(400, 'Name is too long'); } });
    open();
    await screen.findByText(M.empty);
    await openForm();
    fireEvent.change(within(formDialog()).getByLabelText('Key Name'), { target: { value: 'Shop' } });
    fireEvent.click(createButton());
    expect(await within(formDialog()).findByText(`${M.createFailed}Name is too long`)).toBeInTheDocument();
  });
});
