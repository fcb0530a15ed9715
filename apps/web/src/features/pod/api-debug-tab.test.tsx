import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render';
import { ApiDebugTab } from './api-debug-tab';
import { rememberKeySecret } from './key-secrets';
import { recordSentHeaders } from './test-api/sent-headers';
import { aKey, Failure, FULL_KEY, stubPod, type Call } from './test-helpers';

type Routes = Record<string, (c: Call) => unknown>;

/** A public API where projects answer at both paths, orders refuse the key's scope and the rest is 404 (the fake's default). */
const API: Routes = {
  'GET /api/health': () => ({ status: 'ok', database: 'pglite' }),
  'GET /api/projects': () => [],
  'GET /projects': () => [],
  'GET /api/orders': () => { throw new Failure(403, 'Missing scope: orders:get'); },
  'GET /api/debug/user': () => ({ userId: 'user-7', keyId: 'key-1', mode: 'live', scopes: ['*:*'] }),
  'GET /api/debug/routes': () => [{ method: 'GET', url: '/api/projects' }],
};

const open = (keys = [aKey()], routes: Routes = API) => {
  const calls = stubPod({ 'GET /api/keys': () => keys, ...routes });
  const sent = recordSentHeaders();
  renderWithApp(<ApiDebugTab />, { route: '/pod?tab=debug' });
  return { calls, sent };
};
const group = (name: string) => screen.getByRole('region', { name });
const rowOf = (path: string) => screen.getByText(path, { selector: 'code' }).closest('tr')!;
const settled = () => waitFor(() => expect(screen.queryByText('Checking…')).toBeNull());

describe('API Debug tab (docs/requirements/print-on-demand-api.md#screens "Debug tab GETs")', () => {
  it('runs the batch with the key and groups the results by first segment with working counts', async () => {
    rememberKeySecret('key-1', FULL_KEY);
    const { sent } = open();
    await waitFor(() => expect(within(group('projects')).getByText('2 of 2 working')).toBeInTheDocument());
    await settled();
    expect(within(group('health')).getByText('1 of 2 working')).toBeInTheDocument();
    expect(within(group('orders')).getByText('0 of 2 working')).toBeInTheDocument();
    // (The fake answers GET /api/keys with the key list whatever the headers; the real web server hands keyed calls to the API.)
    expect(within(group('mailingLists')).getByText('0 of 2 working')).toBeInTheDocument();
    expect(within(group('debug')).getByText('2 of 4 working')).toBeInTheDocument();
    expect(screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'))).toEqual(expect.arrayContaining([
      'health', 'keys', 'mailingLists', 'templates', 'addresses', 'projects', 'orders', 'reinforcements', 'debug',
    ]));

    const ok = within(rowOf('/api/projects')).getAllByRole('cell').map((c) => c.textContent);
    expect(ok[1]).toBe('Projects');
    expect(ok[2]).toBe('200');
    expect(ok[3]).toMatch(/^\d+ ms$/);
    expect(ok[4]).toBe('OK');
    expect(within(rowOf('/api/orders')).getByText('Missing scope: orders:get')).toBeInTheDocument();
    expect(within(rowOf('/api/orders')).getByText('403')).toBeInTheDocument();
    expect(within(rowOf('/keys')).getByText('404')).toBeInTheDocument();

    const owner = screen.getByRole('region', { name: 'Key owner' });
    expect(within(owner).getByText('user-7')).toBeInTheDocument();
    expect(within(owner).getByText('not reported')).toBeInTheDocument();
    expect(sent.find((s) => s.path === '/api/projects')?.headers.get('x-api-key')).toBe(FULL_KEY);
    expect(screen.getByRole('region', { name: 'Troubleshooting tips' })).toHaveTextContent(/429.*X-RateLimit-Reset/);
  });

  it('without a known secret runs only the health check and skips the rest', async () => {
    const { calls } = open([]);
    await waitFor(() => expect(within(rowOf('/api/health')).getByText('OK')).toBeInTheDocument());
    await settled();
    expect(within(rowOf('/api/projects')).getByText('Skipped: choose an API key')).toBeInTheDocument();
    expect(within(group('projects')).getByText('0 of 0 working · 2 skipped')).toBeInTheDocument();
    expect(calls.filter((c) => c.path !== '/api/keys').map((c) => c.path).sort()).toEqual(['/api/health', '/health']);
    expect(screen.queryByRole('region', { name: 'Key owner' })).toBeNull();
  });

  it('tests a custom endpoint and adds its row to its group; runs the checks again on request', async () => {
    rememberKeySecret('key-1', FULL_KEY);
    const { calls } = open([aKey()], { ...API, 'GET /api/projects/p1': () => ({ id: 'p1' }) });
    await settled();
    fireEvent.click(screen.getByRole('button', { name: 'Test' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter an API endpoint');
    fireEvent.change(screen.getByLabelText('Custom endpoint'), { target: { value: 'api/projects/p1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Test' }));
    await waitFor(() => expect(within(group('projects')).getByText('3 of 3 working')).toBeInTheDocument());
    expect(within(rowOf('/api/projects/p1')).getByText('Custom check')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();

    const healthCalls = () => calls.filter((c) => c.path === '/api/health').length;
    expect(healthCalls()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Run checks again' }));
    await waitFor(() => expect(healthCalls()).toBe(2));
    await settled();
    expect(rowOf('/api/projects/p1')).toBeInTheDocument();
  });

  it('says no answer came when the server is unreachable', async () => {
    open([], { 'GET /api/health': () => { throw new TypeError('Failed to fetch'); } });
    expect(await screen.findAllByText('No answer: the server may be down')).toHaveLength(1);
    await settled();
    expect(within(group('health')).getByText('0 of 2 working')).toBeInTheDocument();
  });

  it('offers to paste the key again when the API refuses it', async () => {
    rememberKeySecret('key-1', FULL_KEY);
    open([aKey()], { ...API, 'GET /api/debug/user': () => { throw new Failure(401, 'Invalid API key') } });
    fireEvent.click(await screen.findByRole('button', { name: 'Paste the key again' }));
    expect(await screen.findByLabelText('Full API key')).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('/api/debug/user')).getByText('Skipped: choose an API key')).toBeInTheDocument());
  });
});
