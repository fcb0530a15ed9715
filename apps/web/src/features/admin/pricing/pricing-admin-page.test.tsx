import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PRICING_MESSAGES, type TAdminPricing, type TPiecePriceInput, type TPlanUpdate } from '@mailcraft/shared';
import { renderWithApp } from '../../../test/render';
import { stubServer, Failure, type Handler } from '../../../test/fake-server';
import { PLANS } from '../../subscriptions/plans-fixture';
import { pricingKeys } from '../../subscriptions/plans-api';
import { AdminPricingPage } from './pricing-admin-page';
import { utcToday } from './price-days';

const SUBSCRIBERS = { free: 40, pay_as_you_go: 3, pro: 12, business: 0 };

/** GET /api/admin/pricing: the seeded plans with users, print pieces with a past price, mailing with an upcoming one. */
const aPricing = (): TAdminPricing => ({
  plans: PLANS.plans.map((p) => ({ ...p, features: { ...p.features }, subscribers: SUBSCRIBERS[p.id] })),
  prices: [
    { id: 'pp-2', key: 'print_piece', amount: 0.45, effective_from: '2026-01-01', status: 'current' },
    { id: 'pp-1', key: 'print_piece', amount: 0.4, effective_from: '2025-06-01', status: 'past' },
    { id: 'ml-2', key: 'mailing', amount: 1.35, effective_from: '2099-03-01', status: 'upcoming' },
    { id: 'ml-1', key: 'mailing', amount: 1.25, effective_from: '2026-01-01', status: 'current' },
    { id: 'rf-1', key: 'reinforcement', amount: 0.25, effective_from: '2026-01-01', status: 'current' },
  ],
});

/** The admin pricing server holding one TAdminPricing; `routes` replace any handler. */
function pricingServer(routes: Record<string, Handler> = {}) {
  const state = aPricing();
  const calls = stubServer({
    'GET /api/admin/pricing': () => state,
    'GET /api/admin/audit': () => [],
    'GET /api/plans': () => PLANS,
    'PUT /api/admin/plans/pro': ({ body }) => {
      const { name, monthly_price, features } = body as TPlanUpdate;
      Object.assign(state.plans[2], { name, monthly_price, features });
      return state;
    },
    'POST /api/admin/prices': ({ body }) => {
      const input = body as TPiecePriceInput;
      state.prices.unshift({ id: 'new-1', ...input, status: input.effective_from === utcToday() ? 'current' : 'upcoming' });
      return state;
    },
    'DELETE /api/admin/prices/ml-2': () => {
      state.prices = state.prices.filter((p) => p.id !== 'ml-2');
      return state;
    },
    ...routes,
  });
  return { calls, state };
}

const open = () => renderWithApp(<AdminPricingPage />, { route: '/admin/pricing' });
const planForm = (name: string) => screen.findByRole('form', { name: `${name} plan` });
const sent = (calls: ReturnType<typeof stubServer>, method: string) => calls.filter((c) => c.method === method);
const audits = (calls: ReturnType<typeof stubServer>) => calls.filter((c) => c.path === '/api/admin/audit').length;

describe('/admin/pricing: plans', () => {
  it('shows each plan with its users; Save sends the edits as PUT, a refusal keeps them, a retry saves', async () => {
    let refuse = true;
    const { calls } = pricingServer({
      'PUT /api/admin/plans/pro': ({ body }) => {
        if (refuse) throw new Failure(400, 'Plan name is required');
        return { ...aPricing(), plans: aPricing().plans.map((p) => (p.id === 'pro' ? { ...p, ...(body as TPlanUpdate) } : p)) };
      },
    });
    const { client } = open();
    client.setQueryData(pricingKeys.plans, PLANS); // as /pricing or /billing left it
    const form = await planForm('Pro');
    expect(within(form).getByLabelText('Monthly price')).toHaveValue(99);
    expect(screen.getByText('12 users on this plan')).toBeInTheDocument();
    const save = within(form).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await userEvent.clear(within(form).getByLabelText('Name'));
    await userEvent.type(within(form).getByLabelText('Name'), ' ');
    fireEvent.change(within(form).getByLabelText('Monthly price'), { target: { value: '109.5' } });
    fireEvent.change(within(form).getByLabelText('Max projects per user'), { target: { value: '750' } });
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Route maps' }));
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Route maps' })); // and back: unchanged
    await userEvent.click(save);

    expect(await within(form).findByRole('alert')).toHaveTextContent('Failed to save the plan: Plan name is required');
    const body = { name: ' ', monthly_price: 109.5, features: { ...PLANS.plans[2].features, max_projects: 750 } };
    expect(sent(calls, 'PUT')).toMatchObject([{ path: '/api/admin/plans/pro', body }]);
    expect(within(form).getByLabelText('Monthly price')).toHaveValue(109.5);
    expect(within(form).getByLabelText('Max projects per user')).toHaveValue(750);
    expect(within(form).getByRole('checkbox', { name: 'Route maps' })).toBeChecked();

    refuse = false;
    const auditsBefore = audits(calls);
    await userEvent.type(within(form).getByLabelText('Name'), 'Pro plus');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));

    const saved = await planForm('Pro plus');
    expect(await within(saved).findByRole('status')).toHaveTextContent('Saved the Pro plus plan. Its users have the change on their next request.');
    expect(within(saved).getByLabelText('Monthly price')).toHaveValue(109.5);
    expect(within(saved).getByRole('button', { name: /Save$/ })).toBeDisabled();
    expect(sent(calls, 'PUT').at(-1)!.body).toEqual({ ...body, name: ' Pro plus' });
    await waitFor(() => expect(audits(calls)).toBeGreaterThan(auditsBefore));
    expect(client.getQueryState(pricingKeys.plans)?.isInvalidated).toBe(true);
  });

  it('taking a feature from a plan with users asks first; Cancel sends nothing; a plan without users is not asked about', async () => {
    const { calls } = pricingServer({ 'PUT /api/admin/plans/business': () => aPricing() });
    open();
    const pro = await planForm('Pro');
    await userEvent.click(within(pro).getByRole('checkbox', { name: 'Route maps' }));
    await userEvent.click(within(pro).getByRole('checkbox', { name: 'Print-on-Demand API' }));
    await userEvent.click(within(pro).getByRole('button', { name: 'Save' }));
    const ask = within(pro).getByRole('alertdialog');
    expect(ask).toHaveTextContent('12 users on Pro lose Route maps and Print-on-Demand API at once. Save anyway?');
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(within(pro).getByRole('checkbox', { name: 'Route maps' })).not.toBeChecked();
    expect(sent(calls, 'PUT')).toEqual([]);
    await userEvent.click(within(pro).getByRole('button', { name: 'Save' }));
    await userEvent.click(within(within(pro).getByRole('alertdialog')).getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(sent(calls, 'PUT')).toMatchObject([{ path: '/api/admin/plans/pro', body: { features: { maps: false, api: false, webhooks: true } } }]));

    const business = await planForm('Business');
    await userEvent.click(within(business).getByRole('checkbox', { name: 'Route maps' }));
    await userEvent.click(within(business).getByRole('button', { name: 'Save' }));
    expect(within(business).queryByRole('alertdialog')).not.toBeInTheDocument();
    await waitFor(() => expect(sent(calls, 'PUT').at(-1)).toMatchObject({ path: '/api/admin/plans/business', body: { features: { maps: false } } }));
  });
});

describe('/admin/pricing: per-piece prices', () => {
  it('shows the price in force, the upcoming ones with Remove and earlier ones folded', async () => {
    pricingServer();
    open();
    const mailing = await screen.findByRole('region', { name: 'On-demand mailing piece' });
    expect(within(mailing).getByText('$1.25')).toBeInTheDocument();
    const upcoming = within(mailing).getByRole('table', { name: 'Upcoming prices: On-demand mailing piece' });
    expect(within(upcoming).getByText('$1.35')).toBeInTheDocument();
    expect(within(upcoming).getByRole('button', { name: 'Remove the on-demand mailing piece price from 2099-03-01' })).toBeInTheDocument();

    const print = screen.getByRole('region', { name: 'Mail piece in a print file' });
    expect(within(print).getByText('$0.45')).toBeInTheDocument();
    expect(within(print).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(within(print).getByText('Earlier prices (1)')).toBeInTheDocument();
    expect(within(print).getByText(/\$0\.40 from/)).not.toBeVisible();
  });

  it('Remove asks first and sends DELETE; the upcoming price leaves the list', async () => {
    const { calls } = pricingServer();
    open();
    const mailing = await screen.findByRole('region', { name: 'On-demand mailing piece' });
    await userEvent.click(within(mailing).getByRole('button', { name: 'Remove the on-demand mailing piece price from 2099-03-01' }));
    const tip = (await screen.findByText(/^Remove the \$1\.35 price from/)).closest<HTMLElement>('.ant-popover')!;
    expect(sent(calls, 'DELETE')).toEqual([]);
    await userEvent.click(within(tip).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(mailing).queryByRole('table')).not.toBeInTheDocument());
    expect(sent(calls, 'DELETE').map((c) => c.path)).toEqual(['/api/admin/prices/ml-2']);
  });

  it('a refused removal shows the server\'s message', async () => {
    pricingServer({ 'DELETE /api/admin/prices/ml-2': () => { throw new Failure(409, PRICING_MESSAGES.notUpcoming); } });
    open();
    const mailing = await screen.findByRole('region', { name: 'On-demand mailing piece' });
    await userEvent.click(within(mailing).getByRole('button', { name: /^Remove the on-demand/ }));
    const tip = (await screen.findByText(/^Remove the \$1\.35 price from/)).closest<HTMLElement>('.ant-popover')!;
    await userEvent.click(within(tip).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`Failed to remove the price: ${PRICING_MESSAGES.notUpcoming}`);
  });

  it('Schedule a price: today in UTC by default, sends the POST; a refusal keeps the form', async () => {
    let refuse = true;
    const { calls } = pricingServer({
      'POST /api/admin/prices': () => {
        if (refuse) throw new Failure(400, PRICING_MESSAGES.pastDate);
        return aPricing();
      },
    });
    open();
    const form = await screen.findByRole('form', { name: 'Schedule a price' });
    const day = within(form).getByLabelText('Effective from');
    expect(day).toHaveValue(utcToday());
    expect(day).toHaveAttribute('min', utcToday());
    expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled();

    await userEvent.selectOptions(within(form).getByLabelText('What'), 'On-demand reinforcement piece');
    fireEvent.change(within(form).getByLabelText('Price per piece'), { target: { value: '0.3' } });
    fireEvent.change(day, { target: { value: '2099-07-01' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(`Failed to schedule the price: ${PRICING_MESSAGES.pastDate}`);
    expect(within(form).getByLabelText('Price per piece')).toHaveValue(0.3);
    expect(within(form).getByLabelText('What')).toHaveValue('reinforcement');

    refuse = false;
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('status')).toHaveTextContent(/Scheduled: On-demand reinforcement piece \$0\.30 from/);
    expect(sent(calls, 'POST')).toMatchObject([
      { path: '/api/admin/prices', body: { key: 'reinforcement', amount: 0.3, effective_from: '2099-07-01' } },
      { path: '/api/admin/prices', body: { key: 'reinforcement', amount: 0.3, effective_from: '2099-07-01' } },
    ]);
    expect(within(form).getByLabelText('Price per piece')).toHaveValue(null);
  });
});
