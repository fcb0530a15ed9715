import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API_KEY_MESSAGES as M } from '@mailcraft/shared';
import { renderWithApp } from '../../test/render';
import { ApiKeysTab } from './api-keys-tab';
import { aKey, Failure, keyServer, openDialog } from './test-helpers';

const open = async () => {
  renderWithApp(<ApiKeysTab />);
  return screen.findByRole('switch', { name: 'Shop active' });
};
const confirm = async (action: 'Regenerate' | 'Delete', text: string) => {
  fireEvent.click(screen.getByRole('button', { name: `${action} Shop` }));
  const tip = (await screen.findByText(text)).closest<HTMLElement>('.ant-popover')!;
  fireEvent.click(within(tip).getByRole('button', { name: action }));
};

describe('API key actions', () => {
  it('the switch sends the opposite of is_active', async () => {
    const calls = keyServer();
    fireEvent.click(await open());
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ path: '/api/keys/key-1', body: { is_active: false } }));
    expect(await screen.findByText('Inactive')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('switch', { name: 'Shop active' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({ is_active: true }));
    expect(await screen.findByText('Active')).toBeInTheDocument();
  });

  it('regenerates after the confirmation and shows the new key once', async () => {
    const calls = keyServer();
    await open();
    await confirm('Regenerate', M.confirmRegenerate);
    const done = await waitFor(() => openDialog('API Key Created') ?? Promise.reject(new Error('no dialog')));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/keys/key-1/regenerate']);
    fireEvent.click(within(done).getByRole('button', { name: 'Show key' }));
    expect(within(done).getByLabelText('New API key')).toHaveTextContent('live_NewSecret000000000000000000000000000new1');
  });

  it('asks before regenerating: nothing is sent until it is confirmed', async () => {
    const calls = keyServer();
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate Shop' }));
    const tip = (await screen.findByText(M.confirmRegenerate)).closest<HTMLElement>('.ant-popover')!;
    fireEvent.click(within(tip).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('deletes after the confirmation, then shows the empty state', async () => {
    const calls = keyServer();
    await open();
    await confirm('Delete', M.confirmDelete);
    expect(await screen.findByText(M.empty)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/keys/key-1']);
  });

  it.each([
    ['update', 'PUT /api/keys/key-1', M.updateFailed],
    ['regenerate', 'POST /api/keys/key-1/regenerate', M.regenerateFailed],
    ['delete', 'DELETE /api/keys/key-1', M.deleteFailed],
  ] as const)('a failed %s shows its message with the server\'s', async (what, route, prefix) => {
    keyServer([aKey()], { [route]: () => { throw new Failure(404, 'API key not found'); } });
    const toggle = await open();
    if (what === 'update') fireEvent.click(toggle);
    else await confirm(what === 'regenerate' ? 'Regenerate' : 'Delete', what === 'regenerate' ? M.confirmRegenerate : M.confirmDelete);
    expect(await screen.findByText(`${prefix}API key not found`)).toBeInTheDocument();
  });

  it('a failed list says so, with the server\'s message', async () => {
    keyServer([], { 'GET /api/keys': () => { throw new Failure(500, 'Database unavailable'); } });
    renderWithApp(<ApiKeysTab />);
    expect(await screen.findByText(M.listFailed)).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create New API Key' })).toBeEnabled();
  });
});
