import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TAccount, TAccountSession } from '@mailcraft/shared';
import { Failure, Reply, stubServer, type Handler } from '../../test/fake-server';
import { renderWithApp } from '../../test/render';
import { AccountPage } from './account-page';

const ANN: TAccount = { id: 'user-1', email: 'ann@example.com', given_name: 'Ann', is_admin: false, created_at: '2026-01-05T10:00:00Z' };
const SESSIONS: TAccountSession[] = [
  { id: 'aaaaaaaaaaaaaaaa', created_at: '2026-11-25T12:00:00Z', expires_at: '2026-11-26T12:00:00Z', device: 'Chrome on Linux', ip: '203.0.113.5', current: true },
  { id: 'bbbbbbbbbbbbbbbb', created_at: '2026-11-20T08:00:00Z', expires_at: '2026-11-26T08:00:00Z', device: 'Safari on iOS', ip: '198.51.100.7', current: false },
];

function server(routes: Record<string, Handler> = {}) {
  return stubServer({
    'GET /api/account': () => ANN,
    'GET /api/account/sessions': () => SESSIONS,
    'GET /api/auth/status': () => ({ authenticated: true, user: ANN }),
    ...routes,
  });
}
const open = () => renderWithApp(
  <Routes>
    <Route path="/account" element={<AccountPage />} />
    <Route path="/login" element={<p>Sign-in page</p>} />
  </Routes>,
  { route: '/account' },
);
const form = (name: string) => screen.findByRole('form', { name });

describe('/account', () => {
  it('a failed name save keeps the edit and says why; a good one says saved', async () => {
    let fail = true;
    const calls = server({
      'PATCH /api/account': ({ body }) => {
        if (fail) throw new Failure(500, 'Database unavailable');
        return { ...ANN, given_name: (body as { given_name: string }).given_name };
      },
    });
    open();
    const name = within(await form('Name')).getByLabelText('Given name');
    expect(name).toHaveValue('Ann');
    await userEvent.clear(name);
    await userEvent.type(name, 'Annabel');
    await userEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to save your name: Database unavailable');
    expect(name).toHaveValue('Annabel');

    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your name was saved');
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ given_name: 'Annabel' }, { given_name: 'Annabel' }]);
  });

  it('an email change asks for the password and keeps the new address when refused', async () => {
    const calls = server({ 'PUT /api/account/email': () => { throw new Failure(409, 'An account with this email already exists'); } });
    open();
    const email = within(await form('Email')).getByLabelText('Email');
    const change = screen.getByRole('button', { name: 'Change email' });
    expect(within(await form('Email')).queryByLabelText('Current password')).toBeNull();
    await userEvent.clear(email);
    await userEvent.type(email, 'bob@example.com');
    expect(change).toBeDisabled();
    await userEvent.type(within(await form('Email')).getByLabelText('Current password'), 'secret words');
    await userEvent.click(change);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to change your email: An account with this email already exists');
    expect(email).toHaveValue('bob@example.com');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ email: 'bob@example.com', current_password: 'secret words' });
  });

  it('a password change needs a matching confirmation and says how many sessions ended', async () => {
    const calls = server({ 'PUT /api/account/password': () => ({ sessions_ended: 2 }) });
    open();
    const f = await form('Change password');
    const submit = within(f).getByRole('button', { name: 'Change password' });
    await userEvent.type(within(f).getByLabelText('Current password'), 'old secret');
    await userEvent.type(within(f).getByLabelText('New password'), 'new secret 1');
    await userEvent.type(within(f).getByLabelText('Confirm new password'), 'new secret 2');
    expect(within(f).getByRole('alert')).toHaveTextContent('The new passwords do not match');
    expect(submit).toBeDisabled();
    await userEvent.clear(within(f).getByLabelText('Confirm new password'));
    await userEvent.type(within(f).getByLabelText('Confirm new password'), 'new secret 1');
    await userEvent.click(submit);
    expect(await screen.findByRole('status')).toHaveTextContent('2 other sessions were signed out.');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ current_password: 'old secret', new_password: 'new secret 1' });
  });

  it('lists sessions with this device marked and signs out another one', async () => {
    const calls = server({ 'DELETE /api/account/sessions/bbbbbbbbbbbbbbbb': () => new Reply(204) });
    open();
    const table = await screen.findByRole('table', { name: 'Active sessions' });
    const rows = (await within(table).findAllByRole('row')).slice(1);
    expect(within(rows[0]).getByText('This device')).toBeInTheDocument();
    expect(within(rows[0]).queryByRole('button')).toBeNull();
    expect(within(rows[1]).getByText('198.51.100.7')).toBeInTheDocument();
    await userEvent.click(within(rows[1]).getByRole('button', { name: /^Sign out Safari on iOS/ }));
    expect(await screen.findByRole('status')).toHaveTextContent('Signed out Safari on iOS');
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/account/sessions/bbbbbbbbbbbbbbbb']);
  });

  it('delete needs the typed email and the password, then goes to /login', async () => {
    const calls = server({ 'POST /api/account/delete': () => new Reply(204) });
    open();
    const f = await form('Delete account');
    const remove = within(f).getByRole('button', { name: 'Delete my account' });
    await userEvent.type(within(f).getByLabelText('Current password'), 'secret words');
    await userEvent.type(within(f).getByLabelText(/^Type your email/), 'ann@example.co');
    expect(remove).toBeDisabled();
    await userEvent.type(within(f).getByLabelText(/^Type your email/), 'm');
    expect(remove).toBeEnabled();
    await userEvent.click(remove);
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toMatchObject([{ path: '/api/account/delete', body: { confirm_email: 'ann@example.com', current_password: 'secret words' } }]);
  });

  it('a refused deletion keeps the form and shows the server\'s message', async () => {
    server({ 'POST /api/account/delete': () => { throw new Failure(409, 'You are the last administrator.'); } });
    open();
    const f = await form('Delete account');
    await userEvent.type(within(f).getByLabelText(/^Type your email/), 'ANN@example.com');
    await userEvent.type(within(f).getByLabelText('Current password'), 'secret words');
    await userEvent.click(within(f).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete your account: You are the last administrator.');
    await waitFor(() => expect(within(f).getByLabelText(/^Type your email/)).toHaveValue('ANN@example.com'));
  });
});
