import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aKey } from '../test-helpers';
import { ORDERS_TEST_KEY_HINT } from './order-list';
import { anOrder, apiPage, created, uuid, type SeenCall } from './test-fixtures';
import { ada, open, server, submitMailing } from './test-scenario';

const LIVE = anOrder({ id: uuid('eeeeeeee', 1), status: 'rendered', message: 'Print file ready' });
const TEST = anOrder({ id: uuid('eeeeeeee', 2), test: true, message: 'Test order received: it is never printed or charged' });
/** GET /api/orders as the API answers it: test orders with ?test=true or a test key, else live ones. */
const orders = (testKey = false) => ({ url }: { url: URL }) => apiPage(testKey || url.searchParams.get('test') === 'true' ? [TEST] : [LIVE]);
const listed = (calls: SeenCall[]) => calls.filter((c) => c.method === 'GET' && c.path === '/api/orders').map((c) => Object.fromEntries(c.url.searchParams));

describe('Order Entry tab: the orders, live or test (test mode is a separate world)', () => {
  it('lists live orders with a live key, and test orders only when switched to Test', async () => {
    const calls = server({ 'GET /api/orders': orders() });
    open();
    const view = await screen.findByRole('region', { name: 'Orders' });
    expect(await within(view).findByText(LIVE.id)).toBeInTheDocument();
    expect(within(view).getByRole('radio', { name: 'Live' })).toBeChecked();
    expect(within(view).queryByText(TEST.id)).toBeNull();

    fireEvent.click(within(view).getByRole('radio', { name: 'Test' }));
    expect(await within(view).findByText(TEST.id)).toBeInTheDocument();
    expect(within(view).queryByText(LIVE.id)).toBeNull();
    expect(listed(calls())).toEqual([{ limit: '25' }, { limit: '25', test: 'true' }]);
    for (const c of calls().filter((x) => x.path === '/api/orders')) expect(c.headers['x-api-key']).toBeTruthy();
  });

  it('shows each order\'s piece on its way: the latest stage, no scan yet, or nothing to track', async () => {
    const delivered = anOrder({
      id: uuid('eeeeeeee', 3), status: 'rendered', imb: '0027012345600000000162701',
      tracking_events: [
        { stage: 'accepted', occurred_at: '2026-06-05T09:00:00.000Z', facility: { zip: '60607', city: 'CHICAGO', state: 'IL' }, simulated: false },
        { stage: 'delivered', occurred_at: '2026-06-07T16:00:00.000Z', facility: { zip: '62701', city: 'SPRINGFIELD', state: 'IL' }, simulated: false },
      ],
    });
    const waiting = anOrder({ id: uuid('eeeeeeee', 4), status: 'rendered', imb: '0027012345600000000262701' });
    server({ 'GET /api/orders': () => apiPage([delivered, waiting, LIVE]) });
    open();
    const view = await screen.findByRole('region', { name: 'Orders' });
    const row = async (id: string) => (await within(view).findByText(id)).closest('tr')!;
    expect(within(await row(delivered.id)).getByText('Delivered').closest('[title]')?.getAttribute('title')).toMatch(/^Accepted .+ · Delivered .+$/);
    expect(within(await row(waiting.id)).getByText('No scan yet')).toBeInTheDocument();
    expect(within(await row(LIVE.id)).getByLabelText('Not tracked: no IMb')).toBeInTheDocument();
  });

  it('keeps a test key on Test: it sees test orders only', async () => {
    server({ 'GET /api/keys': () => [aKey({ mode: 'test', api_key: 'test_AbCd…wxyz' })], 'GET /api/orders': orders(true) });
    open();
    const view = await screen.findByRole('region', { name: 'Orders' });
    expect(await within(view).findByText(TEST.id)).toBeInTheDocument();
    expect(within(view).getByRole('radio', { name: 'Test' })).toBeChecked();
    expect(within(view).getByRole('radio', { name: 'Live' })).toBeDisabled();
    expect(within(view).getByText(ORDERS_TEST_KEY_HINT)).toBeInTheDocument();
  });

  it('shows an order placed here without reloading the page', async () => {
    let placed = false;
    const calls = server({
      'GET /api/orders': () => apiPage(placed ? [LIVE] : []),
      'POST /api/orders/mailing': () => {
        placed = true;
        return created(LIVE)();
      },
    });
    open();
    const view = await screen.findByRole('region', { name: 'Orders' });
    expect(await within(view).findByText('No orders yet.')).toBeInTheDocument();
    fireEvent.click(await ada());
    fireEvent.click(submitMailing());
    expect(await within(view).findByText(LIVE.id)).toBeInTheDocument();
    await waitFor(() => expect(listed(calls()).length).toBeGreaterThan(1));
  });
});
