import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ORDER_MESSAGES, REINFORCEMENT_MESSAGES } from '@mailcraft/shared';
import { anOrder, created, Failure, FULL_KEY, Reply, uuid } from './test-fixtures';
import {
  ada, CUSTOMERS, field, NEWEST, open, PEOPLE, posts, server, submitMailing, submitReinforcement, type,
} from './test-scenario';

describe('Order Entry tab: placing a mailing order', () => {
  beforeEach(() => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:print-file'), revokeObjectURL: vi.fn() });
  });
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('sends the chosen recipient with the key, then shows the order and, once rendered, its print file', async () => {
    const order = anOrder({ template_id: `${NEWEST.id}-main` });
    const rendered = { ...order, status: 'rendered', test: true, message: 'Test order rendered: it is never printed or charged', file_url: `/api/orders/${order.id}/file` };
    const calls = server({
      'POST /api/orders/mailing': created(order),
      [`GET /api/orders/${order.id}`]: () => rendered,
      [`GET /api/orders/${order.id}/file`]: () => new Reply(200, { pdf: true }),
    });
    open();
    await ada();
    expect(submitMailing()).toBeDisabled();
    expect(screen.getByText(ORDER_MESSAGES.recipientRequired)).toBeInTheDocument();
    fireEvent.click(await ada());
    fireEvent.change(screen.getByLabelText('Delivery Type'), { target: { value: 'print-only' } });
    fireEvent.change(screen.getByLabelText('Format'), { target: { value: 'mailer-tabloid' } });
    fireEvent.click(submitMailing());

    const panel = await screen.findByRole('region', { name: 'Response' });
    const [post] = posts(calls());
    expect(post.path).toBe('/api/orders/mailing');
    expect(post.body).toEqual({
      templateId: `${NEWEST.id}-main`, mailingListId: CUSTOMERS.id, recipientId: PEOPLE[0].id, deliveryType: 'print-only', format: 'mailer-tabloid',
    });
    expect(post.headers['x-api-key']).toBe(FULL_KEY);
    expect(post.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(within(panel).getByText(order.id)).toBeInTheDocument();
    expect(within(panel).getByText('$1.25')).toBeInTheDocument();
    expect(within(panel).getByText(ORDER_MESSAGES.created)).toBeInTheDocument();

    const link = await within(panel).findByRole('link', { name: 'Download print file' });
    expect(link).toHaveAttribute('href', 'blob:print-file');
    expect(within(panel).getByText('rendered')).toBeInTheDocument();
    expect(within(panel).getByText('Test')).toBeInTheDocument();
    expect(within(panel).getByText(rendered.message)).toBeInTheDocument();
    const file = calls().find((c) => c.path === `/api/orders/${order.id}/file`)!;
    expect(file.headers['x-api-key']).toBe(FULL_KEY);
    expect(file.url.search).toBe('');
    expect(within(panel).getByText('Raw response')).toBeInTheDocument();
  });

  it('retries on the bare path with the same Idempotency-Key when the /api path fails', async () => {
    const calls = server({ 'POST /orders/mailing': created(anOrder({ id: uuid('eeeeeeee', 7) })) });
    open();
    fireEvent.click(await ada());
    fireEvent.click(submitMailing());
    const panel = await screen.findByRole('region', { name: 'Response' });
    expect(await within(panel).findByText(uuid('eeeeeeee', 7))).toBeInTheDocument();
    const [first, second] = posts(calls());
    expect([first.path, second.path]).toEqual(['/api/orders/mailing', '/orders/mailing']);
    expect(second.body).toEqual(first.body);
    expect(second.headers['idempotency-key']).toBe(first.headers['idempotency-key']);
  });

  it("says 'All API endpoints failed' when both paths fail, and the API's message when it answered", async () => {
    let bare = (): unknown => new Reply(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    server({ 'POST /orders/mailing': () => bare() });
    open();
    fireEvent.click(await ada());
    fireEvent.click(submitMailing());
    expect(await screen.findByText('All API endpoints failed')).toBeInTheDocument();

    bare = () => { throw new Failure(429, 'Rate limit exceeded'); };
    fireEvent.click(submitMailing());
    expect(await screen.findByText('Rate limit exceeded')).toBeInTheDocument();
    expect(screen.queryByText('All API endpoints failed')).toBeNull();
  });
});

describe('Order Entry tab: a new recipient', () => {
  it('offers only the mapped fields, requires the address fields and sends the defaults', async () => {
    const calls = server({ 'POST /api/orders/mailing': created(anOrder()) });
    open();
    await ada();
    fireEvent.click(screen.getByRole('radio', { name: 'Add new recipient' }));
    const form = within(screen.getByRole('group', { name: 'New recipient' }));
    expect(form.getAllByRole('textbox').map((i) => i.closest('.pod-field')?.querySelector('label')?.textContent)).toEqual([
      'First Name *', 'Last Name *', 'Full Name', 'Email', 'Address *', 'City *', 'State *', 'ZIP Code *', 'City, State ZIP', 'Custom 1 (Tier)',
    ]);
    expect(field('State')).toHaveAttribute('maxlength', '2');
    expect(submitMailing()).toBeEnabled();

    type('First Name', 'Ada');
    type('Last Name', 'Lovelace');
    expect(field('Full Name')).toHaveValue('Ada Lovelace');
    fireEvent.click(submitMailing());
    expect(await screen.findByRole('alert')).toHaveTextContent(ORDER_MESSAGES.recipientFields);
    expect(posts(calls())).toHaveLength(0);

    type('Address', '12 Analytical Way');
    type('City', 'London');
    type('State', 'LD');
    type('ZIP Code', '10001');
    type('Custom 1 (Tier)', 'Gold');
    expect(field('City, State ZIP')).toHaveValue('London, LD 10001');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(submitMailing());
    await screen.findByRole('region', { name: 'Response' });
    expect(posts(calls())[0].body).toEqual({
      templateId: `${NEWEST.id}-main`, mailingListId: CUSTOMERS.id, deliveryType: 'print-mail', format: 'mailer-letter',
      recipientData: {
        first_name: 'Ada', last_name: 'Lovelace', full_name: 'Ada Lovelace', address: '12 Analytical Way', city: 'London', state: 'LD', zip: '10001',
        city_state_zip: 'London, LD 10001', custom_1: 'Gold',
      },
    });
  });

  it('keeps a typed full name and starts from an empty form each time new recipient is chosen', async () => {
    server();
    open();
    await ada();
    fireEvent.click(screen.getByRole('radio', { name: 'Add new recipient' }));
    type('First Name', 'Ada');
    type('Full Name', 'Countess of Lovelace');
    type('Last Name', 'Lovelace');
    expect(field('Full Name')).toHaveValue('Countess of Lovelace');
    fireEvent.click(screen.getByRole('radio', { name: 'Use existing recipient' }));
    await ada();
    fireEvent.click(screen.getByRole('radio', { name: 'Add new recipient' }));
    expect(field('First Name')).toHaveValue('');
    expect(field('Full Name')).toHaveValue('');
  });
});

describe('Order Entry tab: reinforcement orders', () => {
  it('places the chosen reinforcements in one request, each its own order, and shows every order placed', async () => {
    const calls = server({
      'POST /api/orders/reinforcement': ({ body }) => {
        const { reinforcementId, additionalReinforcements } = body as { reinforcementId: string; additionalReinforcements: string[] };
        const order = (id: string, n: number) => anOrder({ id: uuid('eeeeeeee', n), order_type: 'reinforcement', reinforcement_id: id, cost: 0.25 });
        return new Reply(201, { ...order(reinforcementId, 1), additional_orders: additionalReinforcements.map((id, i) => order(id, i + 2)) });
      },
    });
    open();
    fireEvent.click(await ada());
    fireEvent.click(screen.getByRole('tab', { name: 'Reinforcement Order' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Follow-up 2' }));
    fireEvent.click(submitReinforcement());

    const panel = await screen.findByRole('region', { name: 'Response' });
    expect(await within(panel).findByText('2 orders created')).toBeInTheDocument();
    expect(within(panel).getAllByText('$0.25')).toHaveLength(2);
    expect(within(panel).getByText(uuid('eeeeeeee', 2))).toBeInTheDocument();
    const common = { mailingListId: CUSTOMERS.id, recipientId: PEOPLE[0].id, deliveryType: 'print-mail', format: 'mailer-letter' };
    expect(posts(calls()).map((c) => c.body)).toEqual([
      { reinforcementId: `${NEWEST.id}-r1`, additionalReinforcements: [`${NEWEST.id}-r2`], ...common },
    ]);
  });

  it('places no reinforcement when the request fails', async () => {
    const calls = server({ 'POST /api/orders/reinforcement': () => { throw new Failure(404, 'Reinforcement not found'); } });
    open();
    fireEvent.click(await ada());
    fireEvent.click(screen.getByRole('tab', { name: 'Reinforcement Order' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Follow-up 2' }));
    fireEvent.click(submitReinforcement());
    expect(await screen.findByText('Reinforcement not found')).toBeInTheDocument();
    expect(screen.queryByText(/orders? created/)).toBeNull();
    expect(posts(calls()).map((c) => [c.path, (c.body as { additionalReinforcements: string[] }).additionalReinforcements.length])).toEqual([
      ['/api/orders/reinforcement', 1], ['/orders/reinforcement', 1],
    ]);
  });

  it('asks for at least one reinforcement', async () => {
    server();
    open();
    fireEvent.click(await ada());
    fireEvent.click(screen.getByRole('tab', { name: 'Reinforcement Order' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Follow-up 1' }));
    expect(submitReinforcement()).toBeDisabled();
    expect(screen.getByText(REINFORCEMENT_MESSAGES.selectOne)).toBeInTheDocument();
  });
});
