import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ORDER_MESSAGES, REINFORCEMENT_MESSAGES } from '@mailcraft/shared';
import { apiPage, aRecipient, Failure, FULL_KEY, recipientsHandler, uuid } from './test-fixtures';
import { EXCLUDED_RECIPIENT } from './recipient-cards';
import {
  ada, card, CUSTOMERS, NEWEST, OLDER, open, optionLabels, PROSPECTS, recipientQueries, server, submitMailing, submitReinforcement,
} from './test-scenario';

describe('Order Entry tab: initial load', () => {
  it('picks the newest project, its first list with its recipients and mappings, and preselects the first reinforcement — all with the key', async () => {
    const calls = server();
    open();
    await ada();
    expect(screen.getByLabelText('Project')).toHaveValue(NEWEST.id);
    expect(optionLabels('Project')).toEqual(['Fall Self-Mailer', 'Spring Postcards']);
    expect(card(/Customers\.csv/)).toHaveAttribute('aria-pressed', 'true');
    expect(card(/Customers\.csv/)).toHaveTextContent('3 recipients');
    expect(card(/Prospects\.csv/)).toHaveAttribute('aria-pressed', 'false');
    expect(card(/Alan Turing/)).toHaveTextContent('2 Main St');
    await waitFor(() => expect(calls().some((c) => c.path === `/api/mappings/${CUSTOMERS.id}`)).toBe(true));
    const apiCalls = calls().filter((c) => c.path !== '/api/keys');
    expect(apiCalls.length).toBeGreaterThan(3);
    for (const c of apiCalls) expect(c.headers['x-api-key']).toBe(FULL_KEY);

    fireEvent.click(screen.getByRole('tab', { name: 'Reinforcement Order' }));
    expect(await screen.findByText(REINFORCEMENT_MESSAGES.selectLabel)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Follow-up 1' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Follow-up 2' })).not.toBeChecked();
  });

  it('builds template cards from the thumbnails; a reinforcement card opens the reinforcement tab with that one chosen', async () => {
    server();
    open();
    await ada();
    const templates = within(screen.getByRole('group', { name: 'Templates' }));
    expect(templates.getAllByRole('button').map((b) => b.querySelector('.pod-order-card-title')?.textContent)).toEqual(['Main mailer', 'Reinforcement 1', 'Reinforcement 2']);
    expect(templates.getByRole('img', { name: 'Main mailer outside' })).toHaveAttribute('src', NEWEST.thumbnail_outside);
    expect(templates.getByRole('img', { name: 'Main mailer inside' })).toHaveAttribute('src', NEWEST.thumbnail_inside);
    expect(templates.getByRole('button', { name: /Main mailer/ })).toHaveAttribute('aria-pressed', 'true');

    fireEvent.click(templates.getByRole('button', { name: /Reinforcement 2/ }));
    expect(screen.getByRole('tab', { name: 'Reinforcement Order' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('checkbox', { name: 'Follow-up 2' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Follow-up 1' })).not.toBeChecked();
    expect(templates.getByRole('button', { name: /Reinforcement 2/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Format')).toHaveValue('mailer-letter');
  });

  it('offers the formats of the template type and shows the empty states of a project without lists or reinforcements', async () => {
    server();
    open();
    await ada();
    expect(optionLabels('Format')).toEqual(['Mailer (letter)', 'Mailer (tabloid)']);
    fireEvent.change(screen.getByLabelText('Project'), { target: { value: OLDER.id } });
    expect(await screen.findByText('No mailing lists available for this project')).toBeInTheDocument();
    expect(optionLabels('Format')).toEqual(['Postcard']);
    expect(screen.queryAllByRole('button', { name: /Reinforcement \d/ })).toHaveLength(0);
    fireEvent.click(screen.getByRole('tab', { name: 'Reinforcement Order' }));
    expect(await screen.findByText(REINFORCEMENT_MESSAGES.none)).toBeInTheDocument();
    expect(submitReinforcement()).toBeDisabled();
  });
});

describe('Order Entry tab: empty states and failures', () => {
  it('says when there are no projects', async () => {
    server({ 'GET /api/projects': () => apiPage([]) });
    open();
    expect(await screen.findByText('No projects found. Please create a project first.')).toBeInTheDocument();
    expect(submitMailing()).toBeDisabled();
  });

  it('says why projects failed to load', async () => {
    server({ 'GET /api/projects': () => { throw new Failure(403, 'This key may not read projects'); } });
    open();
    expect(await screen.findByText('Failed to load projects: This key may not read projects')).toBeInTheDocument();
  });

  it('asks for the key, and forgets a key the API refuses', async () => {
    server({ 'GET /api/projects': () => { throw new Failure(401, 'Invalid API key'); } });
    open();
    expect(await screen.findByText('The API refused this key (401). Paste the full key again or choose another key.')).toBeInTheDocument();
    expect(screen.getByLabelText('Full API key')).toBeInTheDocument();
    expect(screen.getByText('Please select an API key')).toBeInTheDocument();
    expect(submitMailing()).toBeDisabled();
  });

  it('shows recipients as they print, and an excluded one as excluded: not chosen, never ordered', async () => {
    const excluded = { ...aRecipient(4, 'Dup', 'Licate'), excluded: true };
    const fixed = { ...aRecipient(5, 'Fix', 'Ed'), excluded: false, fields: { ...aRecipient(5, 'Fix', 'Ed').fields, city: 'New York', state: 'NY', zip: '10001' } };
    const calls = server({ [`GET /api/recipients/${CUSTOMERS.id}`]: recipientsHandler([excluded, fixed]) });
    open();
    const dup = await screen.findByRole('button', { name: /Dup Licate/ });
    expect(dup).toBeDisabled();
    expect(dup).toHaveTextContent(EXCLUDED_RECIPIENT);
    expect(card(/Fix Ed/)).toHaveTextContent('New York, NY 10001');
    expect(card(/Fix Ed/)).toBeEnabled();
    fireEvent.click(dup);
    expect(dup).toHaveAttribute('aria-pressed', 'false');
    expect(submitMailing()).toBeDisabled();
    fireEvent.click(card(/Fix Ed/));
    expect(submitMailing()).toBeEnabled();
    expect(calls().filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('says when a list has no recipients', async () => {
    server({ [`GET /api/recipients/${CUSTOMERS.id}`]: recipientsHandler([]) });
    open();
    expect(await screen.findByText('No recipients available in this mailing list')).toBeInTheDocument();
    expect(submitMailing()).toBeDisabled();
    expect(screen.getByText(ORDER_MESSAGES.recipientRequired)).toBeInTheDocument();
  });

  it('falls back on the data preview, and empties the list with the message when both fail', async () => {
    server({
      [`GET /api/recipients/${CUSTOMERS.id}`]: () => { throw new Failure(403, 'Missing scope recipients:get'); },
      [`GET /api/data-preview/list/${CUSTOMERS.id}`]: () => ({
        headers: [], rows: [], total: 1, page: 1, limit: 25,
        records: [{ record_id: uuid('dddddddd', 9), short_url: '', fields: { first_name: 'Hedy', last_name: 'Lamarr', address: '9 Film Rd' } }],
      }),
      [`GET /api/recipients/${PROSPECTS.id}`]: () => { throw new Failure(403, 'Missing scope recipients:get'); },
    });
    open();
    expect(await screen.findByRole('button', { name: /Hedy Lamarr/ })).toBeInTheDocument();
    fireEvent.click(card(/Prospects\.csv/));
    expect(await screen.findByText('Failed to load recipients: Missing scope recipients:get')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Recipients' })).toBeNull();
  });
});

describe('Order Entry tab: finding a recipient', () => {
  it('shows a found recipient\'s printed piece on its way: its latest stage on the card, its timeline below it', async () => {
    const facility = { zip: '62701', city: 'SPRINGFIELD', state: 'IL' };
    const scan = (stage: 'accepted' | 'out_for_delivery', at: string, code: string, operation: string) => ({
      id: `${code}|${Date.parse(at)}|62701`, stage, operation_code: code, operation, occurred_at: at, time_zone: null, local_time: null, facility, source: 'upload' as const,
    });
    const turing = {
      ...aRecipient(2, 'Alan', 'Turing'),
      piece: {
        id: uuid('ffffffff', 1), print_job_id: uuid('ffffffff', 2), imb: '0027012345600000000162701', stage: 'out_for_delivery' as const,
        stage_at: '2026-06-07T08:00:00.000Z', in_home_at: null,
        events: [scan('accepted', '2026-06-05T09:00:00.000Z', '271', 'Acceptance'), scan('out_for_delivery', '2026-06-07T08:00:00.000Z', '919', 'Out for delivery')],
      },
    };
    server({ [`GET /api/recipients/${CUSTOMERS.id}`]: recipientsHandler([aRecipient(1, 'Ada', 'Lovelace'), turing]) });
    open();
    await ada();
    fireEvent.change(screen.getByRole('textbox', { name: 'Search recipients' }), { target: { value: 'tur' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /Ada Lovelace/ })).toBeNull());
    expect(card(/Alan Turing/)).toHaveTextContent('Out for delivery');

    const timeline = screen.getByText('Delivery timeline (2 scans)');
    fireEvent.click(timeline);
    const details = timeline.closest('details')!;
    await waitFor(() => expect(details.querySelectorAll('[data-stage]')).toHaveLength(2));
    expect([...details.querySelectorAll('[data-stage]')].map((e) => e.getAttribute('data-stage'))).toEqual(['accepted', 'out_for_delivery']);
    expect(within(details).getByText('Acceptance (operation 271)')).toBeInTheDocument();
    // A recipient never printed shows neither.
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(await ada()).not.toHaveTextContent('No scan yet');
    expect(screen.getAllByText(/^Delivery timeline/)).toHaveLength(1);
  });

  it('applies a search, re-applies it when the criteria change, and clears it', async () => {
    const calls = server();
    open();
    await ada();
    fireEvent.change(screen.getByRole('textbox', { name: 'Search recipients' }), { target: { value: 'tur' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /Ada Lovelace/ })).toBeNull());
    expect(card(/Alan Turing/)).toBeInTheDocument();
    expect(recipientQueries(calls()).at(-1)).toEqual({ page: '1', limit: '25', search: 'tur', criteria: 'contains' });

    fireEvent.change(screen.getByLabelText('Criteria'), { target: { value: 'exact' } });
    expect(await screen.findByText('No recipients found matching your search criteria.')).toBeInTheDocument();
    expect(recipientQueries(calls()).at(-1)).toMatchObject({ search: 'tur', criteria: 'exact' });

    fireEvent.change(screen.getByLabelText('Field'), { target: { value: 'last_name' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Search recipients' }), { target: { value: 'turing' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('button', { name: /Alan Turing/ })).toBeInTheDocument();
    expect(recipientQueries(calls()).at(-1)).toEqual({ page: '1', limit: '25', search: 'turing', criteria: 'exact', field: 'last_name' });

    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(await ada()).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search recipients' })).toHaveValue('');
  });

  it('pages within 1 … pages, and a newly chosen list starts on page 1', async () => {
    const calls = server();
    open();
    await ada();
    fireEvent.click(card(/Prospects\.csv/));
    expect(await screen.findByRole('button', { name: /Person1 Prospect/ })).toBeInTheDocument();
    expect(screen.getByText('of 3')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('button', { name: /Person26 Prospect/ })).toBeInTheDocument();
    const pageInput = screen.getByLabelText('Page number');
    fireEvent.change(pageInput, { target: { value: '9' } });
    fireEvent.change(pageInput, { target: { value: '0' } });
    expect(recipientQueries(calls(), PROSPECTS.id).map((q) => q.page)).toEqual(['1', '2']);
    fireEvent.change(pageInput, { target: { value: '3' } });
    expect(await screen.findByRole('button', { name: /Person51 Prospect/ })).toBeInTheDocument();
    fireEvent.blur(pageInput);
    expect(pageInput).toHaveValue(3);

    fireEvent.change(screen.getByLabelText('Per page'), { target: { value: '50' } });
    expect(await screen.findByRole('button', { name: /Person1 Prospect/ })).toBeInTheDocument();
    expect(recipientQueries(calls(), PROSPECTS.id).at(-1)).toEqual({ page: '1', limit: '50' });

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('button', { name: /Person60 Prospect/ })).toBeInTheDocument();
    fireEvent.click(card(/Customers\.csv/));
    await ada();
    fireEvent.click(card(/Prospects\.csv/));
    expect(await screen.findByRole('button', { name: /Person1 Prospect/ })).toBeInTheDocument();
    expect(screen.getByLabelText('Page number')).toHaveValue(1);
  });
});
