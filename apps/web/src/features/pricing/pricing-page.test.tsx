import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render';
import { Failure } from '../../test/fake-server';
import { PricingPage } from './pricing-page';
import { PLANS, pricingServer } from './test-helpers';

/** Where a button led: the path and query of the page it opened. */
function Landed() {
  const { pathname, search } = useLocation();
  return <output aria-label="Landed on">{pathname + search}</output>;
}

const renderPricing = (route = '/pricing') =>
  renderWithApp(
    <Routes>
      <Route path="/pricing" element={<PricingPage />} />
      <Route path="*" element={<Landed />} />
    </Routes>,
    { route },
  );

const card = (name: string) => screen.findByRole('region', { name });
const rows = (region: HTMLElement, list: string) =>
  within(region).getByRole('list', { name: list }).querySelectorAll('li');
const texts = (items: NodeListOf<HTMLElement>) => Array.from(items, (li) => li.textContent);

describe('/pricing', () => {
  it('shows every plan with its price, ticked features, limits, and the per-piece prices', async () => {
    pricingServer();
    renderPricing();
    expect(screen.getByRole('heading', { name: 'Plans and pricing' })).toBeInTheDocument();
    const free = await card('Free');
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent))
      .toEqual(['Free', 'Pay as you go', 'Pro', 'Business', 'On-demand orders, per piece']);
    expect(within(free).getByText('Free', { selector: '.pricing-price' })).toBeInTheDocument();
    const pro = await card('Pro');
    expect(within(pro).getByText('$99 / month')).toBeInTheDocument();
    expect(within(await card('Business')).getByText('$299 / month')).toBeInTheDocument();
    expect(texts(rows(free, 'Free features'))).toEqual([
      'Print-ready PDF files: included', 'Tracked QR codes: included', 'Webhooks on scans: not included',
      'SMS and email scan notifications: not included', 'Route maps: not included', 'Print-on-Demand API: not included',
    ]);
    expect(texts(rows(pro, 'Pro features'))).toContain('Print-on-Demand API: included');
    expect(texts(rows(pro, 'Pro limits'))).toEqual(['Up to 500 projects', 'Up to 250,000 records per list']);
    expect(screen.getByText('On-demand mailing piece: $1.25')).toBeInTheDocument();
    expect(screen.getByText('Reinforcement piece: $0.25')).toBeInTheDocument();
    expect(screen.queryByText('Your plan')).not.toBeInTheDocument();
    expect(screen.queryByText('Recommended')).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor through sign-in, without asking for a subscription', async () => {
    const calls = pricingServer();
    renderPricing();
    const pro = await card('Pro');
    expect(within(pro).getByRole('link', { name: 'Choose Pro' })).toHaveAttribute('href', '/login?next=%2Fbilling%3Fplan%3Dpro');
    await userEvent.click(within(pro).getByRole('link', { name: 'Choose Pro' }));
    expect(await screen.findByRole('status', { name: 'Landed on' })).toHaveTextContent('/login?next=%2Fbilling%3Fplan%3Dpro');
    expect(calls.map((c) => c.path)).not.toContain('/api/subscriptions/current');
  });

  it('marks the signed-in user\'s plan, and leads to billing for the others', async () => {
    const calls = pricingServer({ plan: 'pro' });
    renderPricing();
    const pro = await card('Pro');
    await waitFor(() => expect(within(pro).getByText('Your plan')).toBeInTheDocument());
    expect(within(pro).getByRole('button', { name: 'Current plan' })).toBeDisabled();
    expect(within(pro).queryByRole('link')).not.toBeInTheDocument();
    expect(within(await card('Free')).queryByText('Your plan')).not.toBeInTheDocument();
    const business = within(await card('Business')).getByRole('link', { name: 'Choose Business' });
    expect(business).toHaveAttribute('href', '/billing?plan=business');
    await userEvent.click(business);
    expect(await screen.findByRole('status', { name: 'Landed on' })).toHaveTextContent('/billing?plan=business');
    expect(calls.map((c) => c.path)).toContain('/api/subscriptions/current');
  });

  it('?feature=maps highlights the feature in every card and recommends the cheapest plan with it', async () => {
    pricingServer();
    renderPricing('/pricing?feature=maps');
    expect(await screen.findByText('Route maps are included from the Pay as you go plan')).toBeInTheDocument();
    for (const plan of PLANS.plans) {
      const region = await card(plan.name);
      const maps = within(region).getByText('Route maps').closest('li');
      expect(maps).toHaveClass('pricing-feature-highlight');
      expect(within(region).getByText('Tracked QR codes').closest('li')).not.toHaveClass('pricing-feature-highlight');
      if (plan.id === 'pay_as_you_go') expect(within(region).getByText('Recommended')).toBeInTheDocument();
      else expect(within(region).queryByText('Recommended')).not.toBeInTheDocument();
    }
  });

  it('?feature=api recommends Pro; an unknown feature is ignored', async () => {
    pricingServer();
    const { unmount } = renderPricing('/pricing?feature=api');
    expect(await screen.findByText('Print-on-Demand API is included from the Pro plan')).toBeInTheDocument();
    expect(within(await card('Pro')).getByText('Recommended')).toBeInTheDocument();
    unmount();

    renderPricing('/pricing?feature=teleport');
    await card('Pro');
    expect(screen.queryByText('Recommended')).not.toBeInTheDocument();
    expect(document.querySelector('.pricing-feature-highlight')).toBeNull();
    expect(document.querySelector('.pricing-note')).toBeNull();
  });

  it('shows a failure with Retry, which loads the plans', async () => {
    let fail = true;
    pricingServer({
      plans: () => {
        if (fail) throw new Failure(503, 'Database unavailable');
        return PLANS;
      },
    });
    renderPricing();
    expect(await screen.findByText('Failed to load plans: Database unavailable')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await card('Business')).toBeInTheDocument();
    expect(screen.queryByText(/Failed to load plans/)).not.toBeInTheDocument();
  });
});
