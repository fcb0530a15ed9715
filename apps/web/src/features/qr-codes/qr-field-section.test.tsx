import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render';
import { draftFromRecord, type QrDraft } from './qr-draft';
import { QrFieldSection } from './qr-field-section';

/** The Mailing List Fields section with two fields, editing a draft as the QR screen does. */
function Section() {
  const [draft, setDraft] = useState<QrDraft>(() => draftFromRecord(undefined));
  return <QrFieldSection fields={{ first_name: 'fname', last_name: 'lname' }} draft={draft} errors={{}} onChange={setDraft} />;
}

describe('QR field switches', () => {
  it('a click on a field\'s name switches it on, and off again', async () => {
    renderWithApp(<Section />);
    const firstName = screen.getByRole('switch', { name: 'First Name' });
    expect(firstName).not.toBeChecked();
    await userEvent.click(screen.getByText('First Name'));
    expect(firstName).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'First Name parameter' })).toHaveValue('fname');
    expect(screen.getByRole('switch', { name: 'Last Name' })).not.toBeChecked();
    await userEvent.click(screen.getByText('First Name'));
    expect(firstName).not.toBeChecked();
  });

  it('a click on the switch itself toggles it once', async () => {
    renderWithApp(<Section />);
    await userEvent.click(screen.getByRole('switch', { name: 'Last Name' }));
    expect(screen.getByRole('switch', { name: 'Last Name' })).toBeChecked();
  });
});
