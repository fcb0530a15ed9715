import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp, stubApi } from '../../test/render';
import { OutboxPage } from './outbox-page';

describe('Outbox', () => {
  it('says mail is kept without SMTP and opens a message\'s text', async () => {
    stubApi({
      'GET /api/outbox': () => ({
        delivery: 'outbox',
        messages: [{ id: 'm1', to: '5551234567@vtext.com', subject: '', text: 'Scan: James Butt, 6649 N Blue Gum St', html: null, created_at: '2026-11-25T12:00:00Z' }],
      }),
    });
    renderWithApp(<OutboxPage />, { route: '/outbox' });
    expect(await screen.findByText(/No mail server is configured \(SMTP_URL\)/)).toBeInTheDocument();
    expect(screen.getByText('5551234567@vtext.com')).toBeInTheDocument();
    expect(screen.getByText('(text message)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show the message to 5551234567@vtext.com' }));
    expect(screen.getByText('Scan: James Butt, 6649 N Blue Gum St')).toBeInTheDocument();
  });

  it('with SMTP configured, says mail is sent', async () => {
    stubApi({ 'GET /api/outbox': () => ({ delivery: 'smtp', messages: [] }) });
    renderWithApp(<OutboxPage />, { route: '/outbox' });
    expect(await screen.findByText(/Mail is sent through the configured SMTP server/)).toBeInTheDocument();
    expect(screen.getByText(/No messages yet/)).toBeInTheDocument();
  });
});
