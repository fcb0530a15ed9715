import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LIST_MESSAGES } from '@mailcraft/shared';
import { renderWithApp, stubApi } from '../../test/render';
import { aMailingList, aProject } from '../../test/fixtures';
import { ListSelectionScreen } from './list-selection-screen';

const spring = aProject({ id: 'p1', name: 'Spring mailer', list_id: 'mine', list_name: 'mine.csv', list_size: 2 });
const autumn = aProject({ id: 'p2', name: 'Autumn mailer', list_id: 'theirs', list_name: 'theirs.csv', list_size: 3 });
const lists = [
  aMailingList({ id: 'mine', name: 'mine.csv', project_id: 'p1' }),
  aMailingList({ id: 'theirs', name: 'theirs.csv', project_id: 'p2', created_at: '2026-01-02T00:00:00.000Z' }),
  aMailingList({ id: 'spare', name: 'spare.csv', project_id: 'p1', created_at: '2026-01-03T00:00:00.000Z' }),
];

function open() {
  stubApi({
    'GET /api/projects/p1': () => spring,
    'GET /api/projects': () => [spring, autumn],
    'GET /api/lists': () => lists,
  });
  renderWithApp(<ListSelectionScreen projectId="p1" />, { route: '/upload?project=p1' });
}

const card = async (name: string) => (await screen.findByText(name, { selector: '.list-card-title *' })).closest<HTMLElement>('[data-testid="list-card"]')!;

describe('list selection: deleting a list', () => {
  it('offers Delete for a list no project prints from, none for the current list', async () => {
    open();
    expect(within(await card('spare.csv')).getByRole('button', { name: 'Delete spare.csv' })).toBeEnabled();
    expect(within(await card('mine.csv')).queryByRole('button', { name: 'Delete mine.csv' })).not.toBeInTheDocument();
  });

  it('does not offer Delete for another project\'s current list, and says which project uses it', async () => {
    open();
    const theirs = await card('theirs.csv');
    expect(await within(theirs).findByText('Current list of Autumn mailer')).toBeInTheDocument();
    const remove = within(theirs).getByRole('button', { name: 'Delete theirs.csv' });
    expect(remove).toBeDisabled();
    await userEvent.hover(remove);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(`Autumn mailer prints from this list. ${LIST_MESSAGES.currentList}.`);
  });
});
