import { act, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TTrackedPiece } from '@mailcraft/shared';
import { renderWithApp } from '../../test/render';
import { Failure, Reply, stubServer, type Call } from '../../test/fake-server';
import { PrintFileTrackingPage } from './print-file-tracking-page';
import { aPiece, aTimeline, aTracking } from './test-fixtures';

const PATH = '/api/print-jobs/job-1/tracking';

function renderPage() {
  return renderWithApp(
    <Routes><Route path="/projects/:projectId/print-files/:jobId/tracking" element={<PrintFileTrackingPage />} /></Routes>,
    { route: '/projects/p1/print-files/job-1/tracking' },
  );
}

const trackingGets = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.path === PATH).length;
/** The query of the last GET of the file's tracking. */
const lastAsked = (calls: Call[], param: string) => calls.filter((c) => c.method === 'GET' && c.path === PATH).at(-1)?.url.searchParams.get(param);
const funnelRow = (name: string) => screen.findByRole('listitem', { name });
const simulated = { print_job_id: 'job-1', pieces: 2, events: 10, delivered_by: '2026-03-04T12:02:00.000Z' };

afterEach(() => vi.useRealTimers());

describe('a print file\'s tracking page', () => {
  it('before any scan: says where scans come from, offers Simulate delivery and lists the pieces as No scan yet', async () => {
    stubServer({ [`GET ${PATH}`]: () => aTracking([aPiece(1), aPiece(2)]) });
    renderPage();
    expect(await screen.findByText('No scans yet')).toBeInTheDocument();
    expect(screen.getByText(/Scans arrive from USPS Informed Visibility \(IV-MTR\)/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mail tracking' })).toHaveAttribute('href', '/tracking');
    expect(screen.getAllByRole('button', { name: /Simulate delivery/ })).toHaveLength(1);
    const table = screen.getByRole('table', { name: 'Mail pieces' });
    expect(within(table).getAllByText('No scan yet')).toHaveLength(2);
    expect(within(table).getByText('Recipient 2')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Delivery funnel' })).not.toBeInTheDocument();
  });

  it('Simulate delivery refreshes every 3 s until every piece is delivered, then stops', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let phase = 0;
    const files = [
      [aPiece(1), aPiece(2)],
      [aPiece(1, 'delivered'), aPiece(2, 'in_transit')],
      [aPiece(1, 'delivered'), aPiece(2, 'delivered')],
    ];
    const calls = stubServer({
      [`GET ${PATH}`]: () => aTracking(files[phase]),
      [`POST ${PATH}/simulate`]: () => {
        phase = 1;
        return new Reply(202, simulated);
      },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /Simulate delivery/ }));
    expect(await screen.findByText('Simulated delivery is playing')).toBeInTheDocument();
    expect(await funnelRow('Delivered: 1 of 2 pieces (50 %)')).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'In transit: 1 of 2 pieces (50 %)' })).toBeInTheDocument();

    phase = 2;
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(await funnelRow('Delivered: 2 of 2 pieces (100 %)')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'In-home by day: 2 pieces on 1 day' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.queryByText('Simulated delivery is playing')).not.toBeInTheDocument();
    const asked = trackingGets(calls);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(trackingGets(calls)).toBe(asked);
  });

  it('stops refreshing after 3 minutes even when pieces are still on their way', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let started = false;
    const calls = stubServer({
      [`GET ${PATH}`]: () => aTracking(started ? [aPiece(1, 'delivered'), aPiece(2, 'out_for_delivery')] : [aPiece(1), aPiece(2)]),
      [`POST ${PATH}/simulate`]: () => {
        started = true;
        return new Reply(202, simulated);
      },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /Simulate delivery/ }));
    await screen.findByText('Simulated delivery is playing');
    const first = trackingGets(calls);
    await act(() => vi.advanceTimersByTimeAsync(9000));
    expect(trackingGets(calls)).toBeGreaterThanOrEqual(first + 3);
    await act(() => vi.advanceTimersByTimeAsync(180_000));
    expect(screen.queryByText('Simulated delivery is playing')).not.toBeInTheDocument();
    const asked = trackingGets(calls);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(trackingGets(calls)).toBe(asked);
  });

  it('shows the server\'s message when the simulation is refused', async () => {
    stubServer({
      [`GET ${PATH}`]: () => aTracking([aPiece(1)]),
      [`POST ${PATH}/simulate`]: () => { throw new Failure(402, 'Simulations are not in your plan'); },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /Simulate delivery/ }));
    expect(await screen.findByText('Failed to simulate delivery: Simulations are not in your plan')).toBeInTheDocument();
    expect(screen.queryByText('Simulated delivery is playing')).not.toBeInTheDocument();
  });

  it('a piece opens its timeline in a drawer', async () => {
    const delivered = aPiece(2, 'delivered');
    stubServer({
      [`GET ${PATH}`]: () => aTracking([aPiece(1, 'delivered'), delivered]),
      'GET /api/mail-pieces/piece-2/timeline': () => aTimeline(delivered),
    });
    renderPage();
    expect(await funnelRow('Delivered: 2 of 2 pieces (100 %)')).toBeInTheDocument();
    expect(screen.getByText('0.1 days')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Timeline of piece 2' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('Piece #2: Recipient 2')).toBeInTheDocument();
    await within(drawer).findByText('Scans');
    expect(drawer.querySelectorAll('.piece-timeline-event')).toHaveLength(5);
    expect(within(drawer).getAllByText('Simulated')).toHaveLength(5);
  });

  it('asks for the pieces without a scan after N days and filters the table to them', async () => {
    const waiting: TTrackedPiece[] = [aPiece(1), aPiece(2, 'delivered')];
    const calls = stubServer({
      [`GET ${PATH}`]: ({ url }) => {
        const days = Number(url.searchParams.get('no_scan_days'));
        const stage = url.searchParams.get('stage');
        const shown = stage ? waiting.filter((p) => (p.stage ?? 'no_scan') === stage) : waiting;
        return { ...aTracking(waiting), pieces: shown, pieces_total: shown.length, no_scan_after_days: { days, pieces: days <= 10 ? 1 : 0 } };
      },
    });
    renderPage();
    const days = await screen.findByRole('spinbutton', { name: 'Days without a scan' });
    expect(days).toHaveValue(7);
    expect(lastAsked(calls, 'no_scan_days')).toBe('7');
    fireEvent.click(await screen.findByRole('button', { name: 'Show them' }));
    await expect.poll(() => lastAsked(calls, 'stage')).toBe('no_scan');
    expect(screen.getByRole('combobox', { name: 'Stage' })).toHaveValue('no_scan');
    await expect.poll(() => within(screen.getByRole('table', { name: 'Mail pieces' })).queryByText('Recipient 2')).toBeNull();
    fireEvent.change(days, { target: { value: '14' } });
    await expect.poll(() => lastAsked(calls, 'no_scan_days')).toBe('14');
    await expect.poll(() => screen.queryByRole('button', { name: 'Show them' })).toBeNull();
  });

  it('a file without tracked pieces (a proof, or printed without a Mailer ID) says so', async () => {
    stubServer({});
    renderPage();
    expect(await screen.findByText('This print file is not tracked')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
  });
});
