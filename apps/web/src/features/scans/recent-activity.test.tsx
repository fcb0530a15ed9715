import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TRecentScan } from '@mailcraft/shared';
import { renderWithApp, stubApi } from '../../test/render';
import { RecentActivity } from './recent-activity';

const scan = (over: Partial<TRecentScan> = {}): TRecentScan => ({
  id: 's1', timestamp: '2026-11-24T10:00:00.000Z', contact: { firstName: 'James', lastName: 'Butt', email: 'jbutt@gmail.com' },
  location: { city: 'New Orleans', region: 'Louisiana', country: 'US' }, mailingList: { id: 'l1', name: 'us-500.csv' }, device: 'mobile', isFirst: true,
  ...over,
});

describe('Recent Activity (docs/requirements/workflow.md#route-table Scan, §8)', () => {
  it('shows Time, Contact, Location and Mailing List, N/A for missing parts, and drops scans without an id', async () => {
    stubApi({ 'GET /api/analytics/scans': () => ({ recentScans: [
      scan(),
      scan({ id: 's2', contact: { firstName: null, lastName: null, email: null }, location: { city: null, region: null, country: null } }),
      scan({ id: '' }),
    ] }) });
    renderWithApp(<RecentActivity />);
    const region = screen.getByRole('region', { name: 'Recent Activity' });
    expect(await within(region).findByText('James Butt')).toBeInTheDocument();
    for (const h of ['Time', 'Contact', 'Location', 'Mailing List']) expect(within(region).getByRole('columnheader', { name: h })).toBeInTheDocument();
    expect(within(region).getByText('New Orleans, US')).toBeInTheDocument();
    expect(within(region).getAllByText('N/A')).toHaveLength(3); // name, email, location of the second scan
    expect(within(region).getAllByRole('row')).toHaveLength(3); // header + two scans
    expect(within(region).getByRole('link', { name: 'IP Geolocation by DB-IP' })).toHaveAttribute('href', 'https://db-ip.com');
  });

  it('says so when there are no scans, and shows the error when they cannot be loaded', async () => {
    stubApi({ 'GET /api/analytics/scans': () => ({ recentScans: [] }) });
    const { unmount } = renderWithApp(<RecentActivity />);
    expect(await screen.findByText('No scan data available')).toBeInTheDocument();
    unmount();
    stubApi({});
    renderWithApp(<RecentActivity />);
    expect(await screen.findByText('Failed to fetch analytics data')).toBeInTheDocument();
  });
});
