import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { AdminHomePage } from '../admin-home-page';
import { adminServer, aRequest, Failure } from '../test-helpers';

const open = () => renderWithApp(<AdminHomePage />, { route: '/admin' });

describe('/admin overview', () => {
  it('links every admin page with what it does, counts the pending upgrade requests and shows all recent changes', async () => {
    const { calls } = adminServer([aRequest(), aRequest({ id: 'req-2', email: 'bob@example.com' }), aRequest({ id: 'req-3', status: 'approved' })]);
    open();
    expect(screen.getByRole('heading', { name: 'Administration', level: 2 })).toBeInTheDocument();
    const cards = screen.getByRole('list', { name: 'Admin pages' });
    const links = within(cards).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links.slice(0, 5)).toEqual([
      ['Users', '/admin/users'], ['Fonts', '/admin/fonts'], ['Effects', '/admin/effects'],
      ['Sample templates', '/admin/sample-templates'], ['Pricing', '/admin/pricing'],
    ]);
    expect(within(cards).getByText(/Plans with their price, features and limits/)).toBeInTheDocument();
    const pending = await within(cards).findByRole('link', { name: '2 pending upgrade requests' });
    expect(pending).toHaveAttribute('href', '/admin/users');
    expect(await screen.findByRole('table', { name: 'Recent changes' })).toBeInTheDocument();
    const audit = calls.find((c) => c.path === '/api/admin/audit')!;
    expect(audit.url.searchParams.has('area')).toBe(false);
    expect(calls.filter((c) => c.path === '/api/admin/upgrade-requests').map((c) => c.url.search)).toEqual(['?status=pending']);
  });

  it('with nothing pending says so; a failed count says why', async () => {
    adminServer([]);
    const first = open();
    expect(await screen.findByRole('link', { name: 'No pending upgrade requests' })).toBeInTheDocument();
    first.unmount();
    adminServer([], { 'GET /api/admin/upgrade-requests': () => { throw new Failure(500, 'Database unavailable'); } });
    open();
    expect(await screen.findByText('Could not count pending upgrade requests: Database unavailable')).toBeInTheDocument();
  });
});
