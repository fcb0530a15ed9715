import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render';
import { stubServer } from '../../test/fake-server';
import { DeliveryFunnel } from './delivery-funnel';
import { MailPieceTimeline, PieceTimeline } from './piece-timeline';
import { StageTag } from './stage-tag';
import { aPiece, aScan, aTimeline, counts } from './test-fixtures';

describe('stage tags', () => {
  it('names every stage and colours it; a piece without a scan reads No scan yet', () => {
    renderWithApp(
      <div>
        <StageTag stage="accepted" /><StageTag stage="out_for_delivery" /><StageTag stage="delivered" />
        <StageTag stage="returned_to_sender" /><StageTag stage={null} />
      </div>,
    );
    expect(screen.getByText('Accepted')).toHaveClass('ant-tag-cyan');
    expect(screen.getByText('Out for delivery')).toHaveClass('ant-tag-gold');
    expect(screen.getByText('Delivered')).toHaveClass('ant-tag-green');
    expect(screen.getByText('Returned to sender')).toHaveClass('ant-tag-red');
    expect(screen.getByText('No scan yet')).not.toHaveClass('ant-tag-green');
  });
});

describe('delivery funnel', () => {
  it('shows each stage with its pieces and share of the file', () => {
    renderWithApp(<DeliveryFunnel counts={counts({ no_scan: 1, in_transit: 1, delivered: 2 })} total={4} />);
    const rows = within(screen.getByRole('list', { name: 'Delivery funnel' })).getAllByRole('listitem');
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual([
      'No scan yet: 1 of 4 pieces (25 %)', 'Accepted: 0 of 4 pieces (0 %)', 'In transit: 1 of 4 pieces (25 %)',
      'In local area: 0 of 4 pieces (0 %)', 'Out for delivery: 0 of 4 pieces (0 %)', 'Delivered: 2 of 4 pieces (50 %)',
    ]);
    expect(rows[5]).toHaveTextContent('Delivered250 %');
  });
});

describe('piece timeline', () => {
  it('shows each scan oldest first: stage, time in the facility\'s zone, operation, facility and Simulated', () => {
    renderWithApp(<PieceTimeline events={aTimeline(aPiece(1, 'delivered')).events} />);
    const events = document.querySelectorAll('.piece-timeline-event');
    expect([...events].map((e) => e.getAttribute('data-stage'))).toEqual(['accepted', 'in_transit', 'in_local_area', 'out_for_delivery', 'delivered']);
    expect(events[0]).toHaveTextContent('Accepted');
    expect(events[0]).toHaveTextContent('Mar 4, 2026, 7:12 AM America/Chicago');
    expect(events[0]).toHaveTextContent('Simulated: accepted at the origin facility');
    expect(events[0]).toHaveTextContent('DALLAS, TX 75260');
    expect(events[4]).toHaveTextContent('AUSTIN, TX 78701');
    expect(within(events[4] as HTMLElement).getByText('Simulated')).toBeInTheDocument();
  });

  it('names a USPS operation with its code, marks no source tag for real scans and says when the facility is unknown', () => {
    renderWithApp(<PieceTimeline events={[aScan('in_local_area', 0, {
      operation_code: '919', operation: 'Destination sort', source: 'upload', facility: { zip: null, city: null, state: null }, local_time: null, time_zone: null,
    })]} />);
    expect(screen.getByText('Destination sort (operation 919)')).toBeInTheDocument();
    expect(screen.getByText('Facility not given')).toBeInTheDocument();
    expect(screen.getByText('Mar 4, 2026, 1:12 PM UTC')).toBeInTheDocument();
    expect(screen.queryByText('Simulated')).not.toBeInTheDocument();
  });

  it('takes an order\'s tracking events (flagged simulated) as well', () => {
    renderWithApp(<PieceTimeline events={[{ stage: 'delivered', occurred_at: '2026-03-04T13:12:00.000Z', facility: { zip: '78701', city: 'AUSTIN', state: 'TX' }, simulated: true }]} />);
    expect(screen.getByText('Delivered')).toBeInTheDocument();
    expect(screen.getByText('Simulated')).toBeInTheDocument();
  });

  it('says No scans yet for a piece without scans', () => {
    renderWithApp(<PieceTimeline events={[]} />);
    expect(screen.getByText('No scans yet')).toBeInTheDocument();
  });

  it('loads a piece by id with its recipient, IMb and latest stage', async () => {
    const piece = aPiece(3, 'delivered');
    stubServer({ 'GET /api/mail-pieces/piece-3/timeline': () => aTimeline(piece) });
    renderWithApp(<MailPieceTimeline pieceId="piece-3" />);
    expect(await screen.findByText('Recipient 3')).toBeInTheDocument();
    expect(screen.getByText(piece.imb)).toBeInTheDocument();
    expect(screen.getByText('#3 (record 3)')).toBeInTheDocument();
    expect(document.querySelectorAll('.piece-timeline-event')).toHaveLength(5);
  });

  it('says why a piece cannot be shown', async () => {
    stubServer({});
    renderWithApp(<MailPieceTimeline pieceId="gone" />);
    expect(await screen.findByText('Failed to load the timeline: Not found')).toBeInTheDocument();
  });
});
