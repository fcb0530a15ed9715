import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ORDER_MESSAGES, type TOrder } from '@mailcraft/shared';
import { SIMULATION_POLL_MS } from '../../tracking/use-simulation-watch';
import { aKey, Failure } from '../test-helpers';
import { ORDERS_TEST_KEY_HINT } from './order-list';
import { anOrder, apiPage, created, Reply, uuid, type SeenCall } from './test-fixtures';
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

  it('simulates a test order\'s delivery with a test key, then shows its stages arriving as the list is asked again', async () => {
    const IMB = '0027012345600000000162701';
    const facility = { zip: '62701', city: 'SPRINGFIELD', state: 'IL' };
    const stage = (s: TOrder['tracking_events'][number]['stage'], at: string) => ({ stage: s, occurred_at: at, facility, simulated: true });
    const journey = [
      [],
      [stage('accepted', '2026-06-05T09:00:00.000Z')],
      [stage('accepted', '2026-06-05T09:00:00.000Z'), stage('in_transit', '2026-06-05T09:00:30.000Z'), stage('delivered', '2026-06-05T09:01:30.000Z')],
    ];
    const rendered = anOrder({ id: uuid('eeeeeeee', 5), status: 'rendered', test: true, imb: IMB, message: 'Test order rendered' });
    const unbarcoded = anOrder({ id: uuid('eeeeeeee', 6), status: 'rendered', test: true });
    let asked = 0;
    let simulated = false;
    const calls = server({
      'GET /api/keys': () => [aKey({ mode: 'test', api_key: 'test_AbCd…wxyz' })],
      'GET /api/orders': () => {
        if (simulated) asked++;
        return apiPage([{ ...rendered, tracking_events: journey[Math.min(asked, journey.length - 1)] }, unbarcoded]);
      },
      [`POST /api/orders/${rendered.id}/tracking/simulate`]: () => {
        simulated = true;
        return new Reply(202, { order_id: rendered.id, imb: IMB, events: 5, delivered_by: '2026-06-05T09:02:00.000Z' });
      },
    });
    open();
    const view = await screen.findByRole('region', { name: 'Orders' });
    const row = async (id: string) => (await within(view).findByText(id)).closest('tr')!;
    expect(within(await row(unbarcoded.id)).queryByRole('button', { name: /Simulate delivery/ })).toBeNull();
    fireEvent.click(within(await row(rendered.id)).getByRole('button', { name: /Simulate delivery/ }));

    expect(await within(await row(rendered.id)).findByText('Accepted')).toBeInTheDocument();
    const simulate = calls().filter((c) => c.method === 'POST');
    expect(simulate.map((c) => c.path)).toEqual([`/api/orders/${rendered.id}/tracking/simulate`]);
    expect(simulate[0].headers['x-api-key']).toBeTruthy();
    expect(within(await row(rendered.id)).queryByRole('button', { name: /Simulate delivery/ })).toBeNull();
    // Asked again while the simulation plays, until the piece is delivered.
    expect(await within(await row(rendered.id)).findByText('Delivered', {}, { timeout: SIMULATION_POLL_MS + 3_000 })).toBeInTheDocument();
  }, 15_000);

  it('shows why the API refused a simulation, and offers none to a live key', async () => {
    const rendered = anOrder({ id: uuid('eeeeeeee', 7), status: 'rendered', test: true, imb: '0027012345600000000162701' });
    server({
      'GET /api/keys': () => [aKey({ mode: 'test', api_key: 'test_AbCd…wxyz' })],
      'GET /api/orders': () => apiPage([rendered]),
      [`POST /api/orders/${rendered.id}/tracking/simulate`]: () => { throw new Failure(409, ORDER_MESSAGES.simulatedAlready); },
    });
    open();
    const view = await screen.findByRole('region', { name: 'Orders' });
    fireEvent.click(await within(view).findByRole('button', { name: /Simulate delivery/ }));
    expect(await within(view).findByText(`Simulate delivery failed: ${ORDER_MESSAGES.simulatedAlready}`)).toBeInTheDocument();
  });

  it('offers no simulation to a live key looking at test orders (a live key never changes a test order)', async () => {
    const rendered = anOrder({ id: uuid('eeeeeeee', 8), status: 'rendered', test: true, imb: '0027012345600000000162701' });
    server({ 'GET /api/orders': () => apiPage([rendered]) });
    open();
    const view = await screen.findByRole('region', { name: 'Orders' });
    fireEvent.click(within(view).getByRole('radio', { name: 'Test' }));
    expect(await within(view).findByText(rendered.id)).toBeInTheDocument();
    expect(within(view).queryByRole('button', { name: /Simulate delivery/ })).toBeNull();
  });
});
