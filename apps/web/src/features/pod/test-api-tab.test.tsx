import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render';
import { rememberKeySecret } from './key-secrets';
import { recordSentHeaders } from './test-api/sent-headers';
import { TestApiTab } from './test-api-tab';
import { aKey, Failure, FULL_KEY, Reply, stubPod, type Call } from './test-helpers';

type Routes = Record<string, (c: Call) => unknown>;

/** The tab with key-1 listed; `known`: this browser tab knows its secret. */
const open = async (routes: Routes = {}, { known = true } = {}) => {
  if (known) rememberKeySecret('key-1', FULL_KEY);
  const calls = stubPod({ 'GET /api/keys': () => [aKey()], ...routes });
  const sent = recordSentHeaders();
  renderWithApp(<TestApiTab />, { route: '/pod/test' });
  await waitFor(() => expect(screen.getByLabelText('API Key')).toHaveValue('key-1'));
  return { calls, sent };
};
const endpoint = (value: string) => fireEvent.change(screen.getByLabelText('Endpoint'), { target: { value } });
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send Request' }));
const method = (m: string) => fireEvent.click(screen.getByRole('radio', { name: m }));
const response = () => screen.findByRole('region', { name: 'Response' });
const apiCalls = (calls: Call[]) => calls.filter((c) => c.path !== '/api/keys');

describe('Test API tab', () => {
  it('asks for a key when none is listed, and when its secret is unknown, sending nothing', async () => {
    const calls = stubPod({ 'GET /api/keys': () => [] });
    renderWithApp(<TestApiTab />);
    expect(await screen.findByText('No active API keys. Create one in the API Keys tab.')).toBeInTheDocument();
    endpoint('/projects');
    send();
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select an API key');
    expect(apiCalls(calls)).toEqual([]);
  });

  it('asks for the key while its secret is not pasted, then sends once it is', async () => {
    const { sent } = await open({ 'GET /api/projects': () => [] }, { known: false });
    endpoint('/projects');
    send();
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select an API key');
    fireEvent.change(screen.getByLabelText('Full API key'), { target: { value: FULL_KEY } });
    fireEvent.click(screen.getByRole('button', { name: 'Use key' }));
    send();
    expect(await response()).toBeInTheDocument();
    expect(sent.find((s) => s.path === '/api/projects')?.headers.get('x-api-key')).toBe(FULL_KEY);
  });

  it('requires an endpoint and valid JSON for a body', async () => {
    const { calls } = await open();
    send();
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter an API endpoint');
    endpoint('/projects');
    method('POST');
    fireEvent.change(screen.getByLabelText('Request Body (JSON)'), { target: { value: '{"name": ' } });
    send();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Invalid JSON in request body'));
    method('GET');
    expect(screen.queryByLabelText('Request Body (JSON)')).toBeNull();
    expect(apiCalls(calls)).toEqual([]);
  });

  it('sends a GET with the /api prefix, then without it, with the key, showing status, time and the pretty body', async () => {
    const { sent } = await open({
      'GET /api/projects': () => [{ id: 'p1', name: 'Spring' }],
      'GET /projects': () => new Reply(200, { bare: true }),
    });
    expect(screen.getByText(window.location.origin)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Use /api prefix (recommended)' })).toBeChecked();
    endpoint('/projects');
    expect(screen.getByText(`${window.location.origin}/api/projects`)).toBeInTheDocument();
    send();
    const panel = await response();
    expect(within(panel).getByText('200')).toBeInTheDocument();
    expect(within(panel).getByText(/^\d+ ms$/)).toBeInTheDocument();
    expect(within(panel).getByLabelText('Response body').textContent).toBe(JSON.stringify([{ id: 'p1', name: 'Spring' }], null, 2));
    expect(within(panel).getByRole('button', { name: 'Copy response' })).toBeInTheDocument();
    expect(within(panel).queryByRole('alert')).toBeNull();
    const prefixed = sent.find((s) => s.path === '/api/projects')!;
    expect(prefixed.method).toBe('GET');
    expect(prefixed.headers.get('x-api-key')).toBe(FULL_KEY);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Use /api prefix (recommended)' }));
    send();
    await waitFor(() => expect(within(panel).getByLabelText('Response body')).toHaveTextContent('"bare": true'));
    expect(sent.find((s) => s.path === '/projects')?.headers.get('x-api-key')).toBe(FULL_KEY);
  });

  it('shows the server\'s error message, else \'An error occurred\', and \'Failed to submit request\' without an answer', async () => {
    await open({
      'GET /api/orders': () => { throw new Failure(403, 'Missing scope: orders:get'); },
      'GET /api/boom': () => new Reply(500, { oops: true }),
      'GET /api/down': () => { throw new TypeError('Failed to fetch'); },
    });
    endpoint('/orders');
    send();
    const panel = await response();
    expect(within(panel).getByText('403')).toBeInTheDocument();
    expect(within(panel).getByRole('alert')).toHaveTextContent('Missing scope: orders:get');

    endpoint('/boom');
    send();
    await waitFor(() => expect(within(panel).getByText('500')).toBeInTheDocument());
    expect(within(panel).getByRole('alert')).toHaveTextContent('An error occurred');

    endpoint('/down');
    send();
    expect(await screen.findByText('Failed to submit request')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Response' })).toBeNull();
  });

  it('asks for the key again when the API answers 401', async () => {
    await open({ 'GET /api/projects': () => { throw new Failure(401, 'Invalid API key'); } });
    expect(screen.queryByLabelText('Full API key')).toBeNull();
    endpoint('/projects');
    send();
    expect(within(await response()).getByRole('alert')).toHaveTextContent('Invalid API key');
    expect(await screen.findByLabelText('Full API key')).toBeInTheDocument();
  });

  it('Common Endpoints fill method, endpoint and body, and Send posts that body', async () => {
    const { calls, sent } = await open({ 'POST /api/orders/mailing': () => new Reply(201, { id: 'o1', status: 'pending' }) });
    fireEvent.change(screen.getByLabelText('Common Endpoints'), { target: { value: 'mailing-order' } });
    expect(screen.getByRole('radio', { name: 'POST' })).toBeChecked();
    expect(screen.getByText('POST: Create a resource')).toBeInTheDocument();
    expect(screen.getByLabelText('Endpoint')).toHaveValue('/orders/mailing');
    expect((screen.getByLabelText('Request Body (JSON)') as HTMLTextAreaElement).value).toContain('"deliveryType": "print-mail"');
    send();
    expect(within(await response()).getByText('201')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/orders/mailing')?.body).toMatchObject({ deliveryType: 'print-mail', format: 'postcard' });
    expect(sent.find((s) => s.path === '/api/orders/mailing')?.headers.has('idempotency-key')).toBe(false);

    fireEvent.change(screen.getByLabelText('Common Endpoints'), { target: { value: 'projects' } });
    expect(screen.getByRole('radio', { name: 'GET' })).toBeChecked();
    expect(screen.getByLabelText('Endpoint')).toHaveValue('/projects');
    expect(screen.queryByLabelText('Request Body (JSON)')).toBeNull();
  });

  it('Advanced sends the custom headers, and a removed row is not sent', async () => {
    const { sent } = await open({ 'POST /api/orders/mailing': () => new Reply(201, { id: 'o1' }) });
    fireEvent.click(screen.getByRole('radio', { name: 'Advanced' }));
    expect(screen.queryByLabelText('Common Endpoints')).toBeNull();
    method('POST');
    endpoint('/orders/mailing');
    fireEvent.change(screen.getByLabelText('Request Body (JSON)'), { target: { value: '{"format":"postcard"}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add header' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add header' }));
    fireEvent.change(screen.getByLabelText('Header 1 name'), { target: { value: 'Idempotency-Key' } });
    fireEvent.change(screen.getByLabelText('Header 1 value'), { target: { value: 'order-42' } });
    fireEvent.change(screen.getByLabelText('Header 2 name'), { target: { value: 'X-Trace' } });
    fireEvent.change(screen.getByLabelText('Header 2 value'), { target: { value: 't1' } });
    send();
    await response();
    const first = sent.filter((s) => s.path === '/api/orders/mailing');
    expect(first[0].headers.get('idempotency-key')).toBe('order-42');
    expect(first[0].headers.get('x-trace')).toBe('t1');
    expect(first[0].headers.get('x-api-key')).toBe(FULL_KEY);

    fireEvent.click(screen.getByRole('button', { name: 'Remove header 2' }));
    expect(screen.queryByLabelText('Header 2 name')).toBeNull();
    send();
    await waitFor(() => expect(sent.filter((s) => s.path === '/api/orders/mailing')).toHaveLength(2));
    const second = sent.filter((s) => s.path === '/api/orders/mailing')[1];
    expect(second.headers.get('idempotency-key')).toBe('order-42');
    expect(second.headers.has('x-trace')).toBe(false);
  });
});
