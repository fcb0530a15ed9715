import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BILLING_MESSAGES, FREE_PLAN_IDS, type PlanId, type TBilling, type TPlanChangeResult, type TUpgradeRequest } from '@mailcraft/shared';
import { renderWithApp } from '../../test/render';
import { Failure, Reply, stubServer } from '../../test/fake-server';
import { PLANS } from './plans-fixture';
import { formatRequestDate } from './billing-rules';
import { BillingPage } from './billing-page';

const planOf = (id: PlanId) => PLANS.plans.find((p) => p.id === id)!;

const requestFor = (planId: PlanId, from: PlanId): TUpgradeRequest => ({
  id: 'r1', user_id: 'u1', email: 'ann@example.com', plan_id: planId, plan_name: planOf(planId).name,
  current_plan_id: from, status: 'pending', created_at: '2026-11-03T12:00:00Z', decided_at: null,
});

/**
 * The server behind /billing, keeping the user's plan and pending request between calls as the real
 * one does (docs/requirements/administration.md#administration): a free plan changes at once, a paid plan becomes a pending request.
 * `failBilling` answers the first GET /api/billing with 500 'Database unavailable'.
 */
function billingServer({ plan = 'free' as PlanId, request = null as TUpgradeRequest | null, failBilling = false, failChange = null as string | null } = {}) {
  const state = { plan, request, failBilling };
  const calls = stubServer({
    'GET /api/plans': () => PLANS,
    'GET /api/subscriptions/current': () => {
      const current = planOf(state.plan);
      return { subscription: { plan: { id: current.id, name: current.id, display_name: current.name, features: current.features }, status: 'active' }, features: current.features };
    },
    'GET /api/billing': (): TBilling => {
      if (state.failBilling) {
        state.failBilling = false;
        throw new Failure(500, 'Database unavailable');
      }
      const current = planOf(state.plan);
      return {
        plan_id: current.id, plan_name: current.name, monthly_price: current.monthly_price, pending_request: state.request,
        usage: { month: '2026-11', pieces_printed: 12_345, orders_placed: 7, api_calls: 1_000_000, scans: 0 },
      };
    },
    'POST /api/billing/plan': (call): TPlanChangeResult => {
      if (failChange) throw new Failure(409, failChange);
      const wanted = (call.body as { plan: PlanId }).plan;
      if (FREE_PLAN_IDS.includes(wanted)) {
        state.plan = wanted;
        return { status: 'changed', plan_id: wanted, request: null, message: BILLING_MESSAGES.changed };
      }
      state.request = requestFor(wanted, state.plan);
      return { status: 'pending', plan_id: state.plan, request: state.request, message: BILLING_MESSAGES.pending };
    },
    'DELETE /api/billing/request': () => {
      if (!state.request) throw new Failure(404, BILLING_MESSAGES.noRequest);
      state.request = null;
      return new Reply(204);
    },
  });
  const count = (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path).length;
  return { calls, count };
}

const renderBilling = (route = '/billing') => renderWithApp(<BillingPage />, { route });
const changeSection = () => screen.getByRole('region', { name: 'Change plan' });

afterEach(() => vi.restoreAllMocks());

describe('/billing (docs/requirements/print-on-demand-api.md#print-on-demand-api: where Upgrade Plan leads; docs/requirements/administration.md#administration)', () => {
  it('shows the plan with its price, features and limits, this month\'s usage and the other plans', async () => {
    billingServer({ plan: 'pro' });
    renderBilling();
    expect(screen.getByRole('heading', { name: 'Billing' })).toBeInTheDocument();
    expect(await screen.findByText('Your plan: Pro')).toBeInTheDocument();
    expect(screen.getByText('$99 / month')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Plan features' });
    expect(list).toHaveTextContent('Print-on-Demand API: included');
    expect(list).toHaveTextContent('Projects: 500');
    expect(list).toHaveTextContent('Records per list: 250,000');
    expect(screen.getByRole('link', { name: 'Compare all plans' })).toHaveAttribute('href', '/pricing');

    expect(screen.getByRole('heading', { name: 'This month' })).toBeInTheDocument();
    const usage = screen.getByLabelText('Usage in November 2026');
    const pairs = Array.from(usage.querySelectorAll('div'), (row) => `${row.querySelector('dt')!.textContent}: ${row.querySelector('dd')!.textContent}`);
    expect(pairs).toEqual(['Pieces printed: 12,345', 'Orders placed: 7', 'API calls: 1,000,000', 'Scans: 0']);

    const radios = await within(changeSection()).findAllByRole('radio');
    expect(radios.map((r) => r.closest('label')!.textContent)).toEqual(['Free — Free', 'Pay as you go — Free', 'Business — $299 / month']);
    expect(within(changeSection()).getByRole('button', { name: 'Change plan' })).toBeDisabled();
  });

  it('switches to a free plan after a confirmation naming what is lost, and refetches the subscription', async () => {
    const server = billingServer({ plan: 'pro' });
    const user = userEvent.setup();
    renderBilling();
    await user.click(await screen.findByRole('radio', { name: /^Free/ }));
    await user.click(screen.getByRole('button', { name: 'Switch to Free' }));
    expect(await screen.findByText('Switch to Free?')).toBeInTheDocument();
    expect(screen.getByText(/Free does not include Webhooks on scans, SMS and email scan notifications, Route maps, Print-on-Demand API\. Limits: 25 projects, 250,000 records per list\./)).toBeInTheDocument();
    expect(server.count('POST', '/api/billing/plan')).toBe(0);
    const fetchedBefore = server.count('GET', '/api/subscriptions/current');

    await user.click(screen.getByRole('button', { name: 'Switch' }));
    expect(await within(changeSection()).findByText(BILLING_MESSAGES.changed)).toBeInTheDocument();
    expect(server.calls.find((c) => c.method === 'POST')!.body).toEqual({ plan: 'free' });
    expect(server.count('GET', '/api/subscriptions/current')).toBeGreaterThan(fetchedBefore);
    expect(screen.getByText('Your plan: Free')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Plan features' })).toHaveTextContent('Print-on-Demand API: not included');
    expect(within(changeSection()).queryByRole('radio', { name: /^Free/ })).not.toBeInTheDocument();
  });

  it('requests a paid plan: the answer, then the pending request waiting for an administrator', async () => {
    const server = billingServer({ plan: 'free' });
    const user = userEvent.setup();
    renderBilling();
    await user.click(await screen.findByRole('radio', { name: /^Business/ }));
    await user.click(screen.getByRole('button', { name: 'Request Business' }));
    expect(await within(changeSection()).findByText(BILLING_MESSAGES.pending)).toBeInTheDocument();
    expect(server.calls.find((c) => c.method === 'POST')!.body).toEqual({ plan: 'business' });
    expect(await screen.findByText(`Upgrade to Business requested on ${formatRequestDate('2026-11-03T12:00:00Z')}: waiting for an administrator`)).toBeInTheDocument();
    expect(screen.getByText('Your plan: Free')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /^Business/ })).toBeDisabled();
  });

  it('withdraws a pending request', async () => {
    const server = billingServer({ plan: 'free', request: requestFor('pro', 'free') });
    const user = userEvent.setup();
    renderBilling();
    const pending = `Upgrade to Pro requested on ${formatRequestDate('2026-11-03T12:00:00Z')}: waiting for an administrator`;
    expect(await screen.findByText(pending)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Withdraw request' }));
    expect(await screen.findByText(BILLING_MESSAGES.cancelled)).toBeInTheDocument();
    expect(server.count('DELETE', '/api/billing/request')).toBe(1);
    await waitFor(() => expect(screen.queryByText(pending)).not.toBeInTheDocument());
    expect(screen.getByRole('radio', { name: /^Pro/ })).toBeEnabled();
  });

  it('?plan=pro preselects Pro and scrolls to the change section', async () => {
    const scrolled: string[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this.getAttribute('aria-labelledby') ?? this.tagName);
    });
    billingServer({ plan: 'free' });
    renderBilling('/billing?plan=pro');
    expect(await screen.findByRole('radio', { name: /^Pro/ })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Request Pro' })).toBeEnabled();
    expect(scrolled).toEqual(['billing-change-title']);
  });

  it('a failed load shows the message with Retry; a failed change keeps the selection', async () => {
    billingServer({ plan: 'free', failBilling: true, failChange: 'This request has already been decided' });
    const user = userEvent.setup();
    renderBilling();
    expect(await screen.findByText('Failed to load billing: Database unavailable')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Your plan: Free')).toBeInTheDocument();

    await user.click(await screen.findByRole('radio', { name: /^Pro/ }));
    await user.click(screen.getByRole('button', { name: 'Request Pro' }));
    expect(await screen.findByText('Failed to change plan: This request has already been decided')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /^Pro/ })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Request Pro' })).toBeEnabled();
  });
});
