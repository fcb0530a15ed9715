import { useState } from 'react';
import { flushSync } from 'react-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render';
import { assign, draftFrom, setCapitalization } from './mapping-draft';
import { MappingSection } from './mapping-section';

const headers = ['First', 'Surname', 'IMB', 'Tel', 'Mobile'];

/** The rows of the mapping screen for `fields`, editing a draft as the mapping editor does. */
function Rows({ fields, mappings }: { fields: string[]; mappings: Record<string, string> }) {
  const [draft, setDraft] = useState(() => draftFrom(headers, mappings, {}));
  return (
    <MappingSection
      fields={fields}
      headers={headers}
      draft={draft}
      usedBy={draft.mappings}
      previews={{ first_name: ['Ann', ''], last_name: ['Lee', 'Ray'] }}
      onColumnsChange={(target, columns) => setDraft((d) => assign(d, target, columns))}
      onCapitalizationChange={(target, mode) => setDraft((d) => setCapitalization(d, target, mode))}
    />
  );
}

const row = (field: string) => document.querySelector<HTMLElement>(`[data-field="${field}"]`)!;
const capitalization = (label: string) => screen.getByRole('combobox', { name: `Capitalization for ${label}` });

/** Opens a row's source-column dropdown (loading antd's Select); its options are then found by their column name (title). */
async function openSource(label: string) {
  await userEvent.click(screen.getByRole('combobox', { name: `Source column for ${label}` }));
  await screen.findByRole('listbox', {}, { timeout: 10_000 }); // antd's Select loads on first use
}

describe('mapping row', () => {
  it('shows the first rows as they will print, marking empty values', () => {
    renderWithApp(<Rows fields={['first_name']} mappings={{ First: 'first_name' }} />);
    const preview = within(screen.getByRole('group', { name: 'Preview of First Name' }));
    expect(preview.getByText('Ann')).toBeInTheDocument();
    expect(preview.getByText('(empty)')).toBeInTheDocument();
  });

  it('enables the capitalization only once a column is chosen', async () => {
    renderWithApp(<Rows fields={['first_name', 'last_name']} mappings={{ First: 'first_name' }} />);
    expect(within(row('last_name')).getByText('Not mapped')).toBeInTheDocument();
    expect(capitalization('Last Name')).toBeDisabled();
    expect(capitalization('First Name')).toBeEnabled();

    await openSource('Last Name');
    await userEvent.click(await screen.findByTitle('Surname'));

    expect(capitalization('Last Name')).toBeEnabled();
    expect(within(screen.getByRole('group', { name: 'Preview of Last Name' })).getByText('Lee')).toBeInTheDocument();
  });

  it('shows a column another field uses as taken, with that field’s name', async () => {
    renderWithApp(<Rows fields={['first_name', 'last_name']} mappings={{ First: 'first_name' }} />);
    await openSource('Last Name');
    const taken = await screen.findByText('· used by First Name');
    expect(taken.closest('[aria-disabled]')).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByTitle('Surname')).toHaveAttribute('aria-disabled', 'false');
  });

  it('has no capitalization for USPS fields', () => {
    renderWithApp(<Rows fields={['imbno']} mappings={{ IMB: 'imbno' }} />);
    expect(within(row('imbno')).getByText('As imported')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /Capitalization/ })).not.toBeInTheDocument();
  });

  it('opens every source dropdown on its first click, also after a choice in another row', async () => {
    // A browser runs React's updates at the microtask checkpoint after each listener of a user's
    // mousedown, before the event reaches `window`; a script's dispatch (as in jsdom) runs them
    // only after it. A document listener that flushes React's pending work restores that order.
    const flush = () => flushSync(() => {});
    document.addEventListener('mousedown', flush);
    const source = (label: string) => screen.getByRole('combobox', { name: `Source column for ${label}` });
    try {
      renderWithApp(<Rows fields={['phone', 'cell_phone', 'email']} mappings={{}} />);
      await openSource('Phone');
      await waitFor(() => expect(source('Phone')).toHaveAttribute('aria-expanded', 'true'));
      await userEvent.click(await screen.findByTitle('Tel'));

      await userEvent.click(source('Cell Phone'));
      await waitFor(() => expect(source('Cell Phone')).toHaveAttribute('aria-expanded', 'true'));
      await userEvent.click((await screen.findAllByTitle('Mobile')).at(-1)!); // the newest popup
      expect(row('cell_phone').querySelector('.mapping-source')).toHaveTextContent('Mobile');

      await userEvent.click(source('Email'));
      await waitFor(() => expect(source('Email')).toHaveAttribute('aria-expanded', 'true'));
    } finally {
      document.removeEventListener('mousedown', flush);
    }
  });
});
