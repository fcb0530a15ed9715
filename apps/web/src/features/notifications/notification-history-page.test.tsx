import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_MESSAGES as M, type TNotificationDelivery } from '@mailcraft/shared';
import { renderWithApp, stubApi } from '../../test/render';
import { NotificationHistoryPage } from './notification-history-page';
import { aNotification } from './test-helpers';

const page = () => renderWithApp(
  <Routes><Route path="/notifications/:notificationId/history" element={<NotificationHistoryPage />} /></Routes>,
  { route: '/notifications/n1/history' },
);

function aDelivery(overrides: Partial<TNotificationDelivery> = {}): TNotificationDelivery {
  return {
    id: 'd1', status: 'success', created_at: '2026-03-02T10:00:00.000Z', scan_timestamp: '2026-03-02T09:59:58.000Z', city: 'Austin', country: 'US',
    response_code: 200, response_body: { ok: true }, attempts: 1, next_retry: null, error_message: null, ...overrides,
  };
}

describe('notification delivery history', () => {
  it('says when there is no history, and links back to the configuration page', async () => {
    stubApi({ 'GET /api/notifications/n1': () => aNotification(), 'GET /api/notifications/n1/history': () => [] });
    page();
    expect(await screen.findByText(M.historyEmpty)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Delivery History: Sales phone' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to Notification Configuration/ })).toHaveAttribute('href', '/notifications?project=p1&listId=l1');
  });

  it('shows each delivery with its status colour, and expands to the retries and the answer', async () => {
    const calls = stubApi({
      'GET /api/notifications/n1': () => aNotification(),
      'GET /api/notifications/n1/history': () => [
        aDelivery({ id: 'd2', status: 'failed', attempts: 3, next_retry: '2026-03-02T10:10:00.000Z', response_code: 503, response_body: '{"error":"busy"}', error_message: 'HTTP 503' }),
        aDelivery({ id: 'd3', status: 'failed', attempts: 4, next_retry: null, created_at: '2026-03-01T10:00:00.000Z' }),
        aDelivery(),
        aDelivery({ id: 'd4', status: 'queued', created_at: '2026-02-01T10:00:00.000Z' }),
      ],
    });
    page();
    const table = await screen.findByRole('table', { name: 'Delivery history' });
    expect(within(table).getAllByText('failed')[0]).toHaveClass('ant-tag-red');
    expect(within(table).getByText('success')).toHaveClass('ant-tag-green');
    expect(within(table).getByText('queued').className).not.toMatch(/ant-tag-(red|green|blue)/);
    expect(within(table).getAllByText('Austin, US')).toHaveLength(4);

    fireEvent.click(screen.getByRole('button', { name: `Details of the failed delivery of ${new Date('2026-03-02T10:00:00.000Z').toLocaleString()}` }));
    expect(screen.getByText('Attempts: 3')).toBeInTheDocument();
    expect(screen.getByText(`Next retry: ${new Date('2026-03-02T10:10:00.000Z').toLocaleString()}`)).toBeInTheDocument();
    expect(screen.getByText('HTTP 503')).toBeInTheDocument();
    expect(screen.getByText(/"error": "busy"/)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: `Details of the failed delivery of ${new Date('2026-03-01T10:00:00.000Z').toLocaleString()}` }));
    expect(screen.getByText('Attempts: 4')).toBeInTheDocument();
    expect(screen.getByText('No further retries')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await expect.poll(() => calls.filter((c) => c === 'GET /api/notifications/n1/history').length).toBe(2);
  });

  it('says when the history cannot be fetched', async () => {
    stubApi({ 'GET /api/notifications/n1': () => aNotification() });
    page();
    expect(await screen.findByText(M.historyFailed)).toBeInTheDocument();
  });
});
