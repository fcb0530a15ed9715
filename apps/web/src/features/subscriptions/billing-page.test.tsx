import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, stubApi } from '../../test/render';
import { BillingPage } from './billing-page';

const features = { print_files: true, qr_codes: true, webhooks: true, notifications: false, maps: false, api: false, max_projects: 3, max_list_rows: 1000 };

describe('/billing (issue 10: where Upgrade Plan leads)', () => {
  it('shows the plan, what it includes and its limits, and the way to a bigger plan', async () => {
    stubApi({ 'GET /api/subscriptions/current': () => ({ subscription: { plan: { id: 'free', name: 'free', display_name: 'Free', features }, status: 'active' }, features }) });
    renderWithApp(<BillingPage />);
    expect(await screen.findByText('Your plan: Free')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Plan features' });
    expect(list).toHaveTextContent('Print-on-Demand API: not included');
    expect(list).toHaveTextContent('Tracked QR codes: included');
    expect(list).toHaveTextContent('Records per list: 1,000');
    expect(screen.getByRole('link', { name: 'Compare plans and upgrade' })).toHaveAttribute('href', '/pricing');
  });
});
