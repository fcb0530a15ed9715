import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { IMB_MESSAGES, type TPermit } from '@mailcraft/shared';
import { Reply, stubServer } from '../../test/fake-server';
import { renderWithApp } from '../../test/render';
import { PermitForm } from './permit-form';

describe('new permit form: the mail owner\'s Mailer ID (docs/requirements/mail-tracking.md#imb-assignment)', () => {
  it('saves the Mailer ID typed, and refuses one that is not 6 or 9 digits before sending it', async () => {
    const calls = stubServer({ 'POST /api/templates/permits': ({ body }) => new Reply(201, { id: 'p1', ...(body as object) }) });
    const onSaved = vi.fn<(p: TPermit) => void>();
    renderWithApp(<PermitForm onSaved={onSaved} onCancel={() => {}} />);
    await userEvent.type(screen.getByLabelText('Permit name'), 'Client permit');
    const mid = screen.getByLabelText('Mailer ID (optional)');
    await userEvent.type(mid, '98765');
    await userEvent.click(screen.getByRole('button', { name: 'Save permit' }));
    expect(await screen.findByText(IMB_MESSAGES.mailerIdFormat)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.clear(mid);
    await userEvent.type(mid, '987654321');
    await userEvent.click(screen.getByRole('button', { name: 'Save permit' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ name: 'Client permit', mailer_id: '987654321', isDefault: false });
  });

  it('sends no Mailer ID when the field is left empty (the account\'s applies)', async () => {
    const calls = stubServer({ 'POST /api/templates/permits': ({ body }) => new Reply(201, { id: 'p1', ...(body as object) }) });
    const onSaved = vi.fn<(p: TPermit) => void>();
    renderWithApp(<PermitForm onSaved={onSaved} onCancel={() => {}} />);
    await userEvent.type(screen.getByLabelText('Permit name'), 'Own permit');
    await userEvent.type(screen.getByLabelText('Mailer ID (optional)'), '  ');
    await userEvent.click(screen.getByRole('button', { name: 'Save permit' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')?.body).not.toHaveProperty('mailer_id');
  });
});
