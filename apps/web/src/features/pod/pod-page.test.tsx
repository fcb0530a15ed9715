import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route, Routes, useLocation } from 'react-router';
import { API_KEY_MESSAGES as M } from '@mailcraft/shared';
import { renderWithApp } from '../../test/render';
import { PodPage } from './pod-page';
import { keyServer, plan } from './test-helpers';

function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="Address">{pathname + search}</output>;
}

const open = (route: string, api = true) => {
  const calls = keyServer([], { 'GET /api/subscriptions/current': () => plan(api) });
  renderWithApp(
    <>
      <Routes>
        <Route path="/pod/*" element={<PodPage />} />
        <Route path="/projects" element={<p>Projects page</p>} />
        <Route path="/billing" element={<p>Billing page</p>} />
      </Routes>
      <Where />
    </>,
    { route },
  );
  return calls;
};
const selected = () => screen.getByRole('tab', { selected: true });
const address = () => screen.getByRole('status', { name: 'Address' });

describe('Print on Demand API page', () => {
  it('opens Order Entry at /pod, with every tab and Back to Dashboard', async () => {
    open('/pod');
    expect(await screen.findByRole('heading', { name: 'Print on Demand API' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Order Entry', 'API Keys', 'Documentation', 'Test API', 'API Debug']);
    expect(selected()).toHaveTextContent('Order Entry');
    expect(await screen.findByText('No active API keys. Create one in the API Keys tab.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Back to Dashboard' }));
    expect(await screen.findByText('Projects page')).toBeInTheDocument();
  });

  it.each([
    ['/pod/api-keys', 'API Keys'],
    ['/pod/documentation', 'Documentation'],
    ['/pod/test', 'Test API'],
    ['/pod?tab=debug', 'API Debug'],
  ])('%s opens the %s tab', async (route, tab) => {
    open(route);
    await waitFor(() => expect(selected()).toHaveTextContent(tab));
  });

  it('switching tabs changes the address, and the API Keys tab lists the keys', async () => {
    const calls = open('/pod');
    fireEvent.click(await screen.findByRole('tab', { name: 'API Keys' }));
    expect(address()).toHaveTextContent(/^\/pod\/api-keys$/);
    expect(await screen.findByText(M.empty)).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/keys')).toBe(true);
    fireEvent.click(screen.getByRole('tab', { name: 'API Debug' }));
    expect(address()).toHaveTextContent(/^\/pod\?tab=debug$/);
    fireEvent.click(screen.getByRole('tab', { name: 'Test API' }));
    expect(address()).toHaveTextContent(/^\/pod\/test$/);
    fireEvent.click(screen.getByRole('tab', { name: 'Documentation' }));
    expect(address()).toHaveTextContent(/^\/pod\/documentation$/);
    fireEvent.click(screen.getByRole('tab', { name: 'Order Entry' }));
    expect(address()).toHaveTextContent(/^\/pod$/);
  });

  it('without the api feature: a dismissible banner, API Keys restricted (Upgrade Plan → /billing), Documentation open', async () => {
    const calls = open('/pod/api-keys', false);
    const panel = await screen.findByRole('region', { name: 'API Access Restricted' });
    expect(screen.queryByText(M.empty)).toBeNull();
    expect(calls.some((c) => c.path === '/api/keys')).toBe(false);
    const banner = screen.getByText(/You need to upgrade your plan/).closest<HTMLElement>('.ant-alert')!;
    fireEvent.click(within(banner).getByRole('button', { name: /close/i }));
    await waitFor(() => expect(screen.queryByText(/You need to upgrade your plan/)).toBeNull());

    fireEvent.click(screen.getByRole('tab', { name: 'Documentation' }));
    expect(await screen.findByRole('heading', { name: 'API Documentation' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Documentation' })).toBeVisible();
    expect(within(screen.getByRole('tabpanel', { name: 'Documentation' })).queryByText('API Access Restricted')).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: 'API Keys' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Upgrade Plan' }));
    expect(await screen.findByText('Billing page')).toBeInTheDocument();
  });

  it('without the api feature, API Debug stays open and Order Entry and Test API are restricted', async () => {
    open('/pod?tab=debug', false);
    expect(await screen.findByRole('region', { name: 'API Debug' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Test API' }));
    expect(await within(screen.getByRole('tabpanel', { name: 'Test API' })).findByText('API Access Restricted')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Order Entry' }));
    expect(await within(screen.getByRole('tabpanel', { name: 'Order Entry' })).findByText('API Access Restricted')).toBeInTheDocument();
  });
});
