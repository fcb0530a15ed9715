import { configure, fireEvent, screen } from '@testing-library/react';
import { renderWithApp } from '../../../test/render';
import { OrderEntryTab } from '../order-entry-tab';
import type { Call } from '../test-helpers';
import { aList, apiPage, aProject, aRecipient, aReinforcement, orderServer, recipientsHandler, uuid, type SeenCall } from './test-fixtures';

// The tab renders many antd parts and waits on several calls; on a busy machine that takes more than 1 s.
configure({ asyncUtilTimeout: 5_000 });

/*
 * The order entry scenario of the component tests: a user with two projects (the newest a
 * self-mailer with reinforcements 1 and 2), two lists of the newest (3 and 60 recipients) and
 * its column mappings.
 */
export const NEWEST = aProject({ id: uuid('bbbbbbbb', 2), name: 'Fall Self-Mailer', created_at: '2026-06-01T10:00:00.000Z', thumbnail_r1: '/r1.png', thumbnail_r2: '/r2.png' });
export const OLDER = aProject({ id: uuid('bbbbbbbb', 1), name: 'Spring Postcards', template_type: 'postcard', paper_size: '6x9', created_at: '2026-01-01T10:00:00.000Z' });
export const CUSTOMERS = aList(NEWEST.id, { id: uuid('cccccccc', 1), name: 'Customers.csv', row_count: 3 });
export const PROSPECTS = aList(NEWEST.id, { id: uuid('cccccccc', 2), name: 'Prospects.csv', row_count: 60 });
export const PEOPLE = [aRecipient(1, 'Ada', 'Lovelace'), aRecipient(2, 'Alan', 'Turing'), aRecipient(3, 'Grace', 'Hopper')];
export const MANY = Array.from({ length: 60 }, (_, i) => aRecipient(100 + i, `Person${i + 1}`, 'Prospect'));
export const MAPPINGS = {
  first_name: 'First', last_name: 'Last', full_name: 'Name', email: 'Email', address: 'Street', city: 'City', state: 'ST', zip: 'ZIP',
  city_state_zip: 'Last line', custom_1: 'Tier',
};

/** The API of a user with two projects; `routes` replace any. */
export function server(routes: Record<string, (c: Call) => unknown> = {}) {
  return orderServer({
    'GET /api/projects': () => apiPage([OLDER, NEWEST]),
    'GET /api/mailingLists': ({ url }) => apiPage(url.searchParams.get('projectId') === NEWEST.id ? [CUSTOMERS, PROSPECTS] : []),
    [`GET /api/recipients/${CUSTOMERS.id}`]: recipientsHandler(PEOPLE),
    [`GET /api/recipients/${PROSPECTS.id}`]: recipientsHandler(MANY),
    [`GET /api/mappings/${CUSTOMERS.id}`]: () => ({ mappings: MAPPINGS, originalMappings: {} }),
    [`GET /api/mappings/${PROSPECTS.id}`]: () => ({ mappings: MAPPINGS, originalMappings: {} }),
    'GET /api/reinforcements': ({ url }) => apiPage(url.searchParams.get('projectId') === NEWEST.id ? [aReinforcement(NEWEST.id, 1), aReinforcement(NEWEST.id, 2)] : []),
    ...routes,
  });
}

/** Renders the Order Entry tab as the app does. */
export const open = () => renderWithApp(<OrderEntryTab />);
/** The card (pressable button) named `name`. */
export const card = (name: RegExp | string) => screen.getByRole('button', { name });
/** Ada Lovelace's recipient card, once shown (the first render of antd in jsdom is slow on a shared machine). */
export const ada = () => screen.findByRole('button', { name: /Ada Lovelace/ }, { timeout: 5_000 });
/** The Submit button of each mode (while antd's Button leaves its loading state its name starts with 'loading'). */
export const submitMailing = () => screen.getByRole('button', { name: /Submit Mailing Order$/ });
export const submitReinforcement = () => screen.getByRole('button', { name: /Submit Reinforcement Order$/ });
/** The POSTs among `calls`. */
export const posts = (calls: SeenCall[]) => calls.filter((c) => c.method === 'POST');
/** The query parameters of every GET /api/recipients/{listId}, in order. */
export const recipientQueries = (calls: SeenCall[], listId = CUSTOMERS.id) =>
  calls.filter((c) => c.path === `/api/recipients/${listId}`).map((c) => Object.fromEntries(c.url.searchParams));
/** The option texts of the native select labelled `label`. */
export const optionLabels = (label: string) => Array.from((screen.getByLabelText(label) as HTMLSelectElement).options).map((o) => o.text);
/** The new-recipient input labelled `label` (required ones end in ' *'). */
export const field = (label: string) => screen.getByLabelText(new RegExp(`^${label.replace(/[()]/g, '\\$&')}( \\*)?$`)) as HTMLInputElement;
/** Types `value` into the new-recipient input labelled `label`. */
export const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
