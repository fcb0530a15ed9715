import { describe, expect, it } from 'vitest';
import { TRACKING_UPLOAD_MAX_BYTES } from '@mailcraft/shared';
import { days, deliveryFinished, facilityPlace, facilityTime, funnelRows, sharePercent } from './tracking-format';
import { scanFileProblem } from './scan-file-upload';
import { counts } from './test-fixtures';

describe('delivery funnel numbers', () => {
  it('lists No scan yet and the five journey stages with their pieces and share of the file', () => {
    const rows = funnelRows(counts({ no_scan: 2, accepted: 1, in_transit: 3, delivered: 4 }), 10);
    expect(rows.map((r) => [r.label, r.pieces, sharePercent(r.share)])).toEqual([
      ['No scan yet', 2, '20 %'], ['Accepted', 1, '10 %'], ['In transit', 3, '30 %'], ['In local area', 0, '0 %'],
      ['Out for delivery', 0, '0 %'], ['Delivered', 4, '40 %'],
    ]);
  });

  it('adds returned to sender and forwarded only when a piece is there', () => {
    const rows = funnelRows(counts({ delivered: 8, returned_to_sender: 1, forwarded: 1 }), 10);
    expect(rows.map((r) => r.label).slice(-2)).toEqual(['Returned to sender', 'Forwarded']);
    expect(funnelRows(counts({ delivered: 8, forwarded: 2 }), 10).map((r) => r.key)).not.toContain('returned_to_sender');
  });

  it('reads 0 % for a file without pieces and one decimal under 1 %', () => {
    expect(funnelRows(counts({}), 0).every((r) => r.share === 0)).toBe(true);
    expect(sharePercent(3 / 1000)).toBe('0.3 %');
    expect(sharePercent(1)).toBe('100 %');
  });

  it('reads the median days to in-home with one decimal, and a simulation\'s minutes as under 0.1 days', () => {
    expect([days(2.4), days(1), days(0.1), days(0), days(null)]).toEqual(['2.4 days', '1 day', '0.1 days', '< 0.1 days', '—']);
  });

  it('a simulation is over once every piece is delivered (or returned)', () => {
    expect(deliveryFinished({ total_pieces: 3, counts: counts({ delivered: 2, out_for_delivery: 1 }) })).toBe(false);
    expect(deliveryFinished({ total_pieces: 3, counts: counts({ delivered: 2, returned_to_sender: 1 }) })).toBe(true);
    expect(deliveryFinished({ total_pieces: 0, counts: counts({}) })).toBe(false);
  });
});

describe('scan times and places', () => {
  it('shows the wall-clock time of the facility with the zone the feed named', () => {
    expect(facilityTime({ occurred_at: '2026-03-04T13:12:00.000Z', local_time: '2026-03-04T07:12:00-06:00', time_zone: 'America/Chicago' }))
      .toBe('Mar 4, 2026, 7:12 AM America/Chicago');
    expect(facilityTime({ occurred_at: '2026-03-04T13:12:00.000Z', local_time: '2026-03-04T08:12:00-05:00', time_zone: '-05:00' }))
      .toBe('Mar 4, 2026, 8:12 AM UTC-05:00');
  });

  it('shows UTC when the feed gave no zone', () => {
    expect(facilityTime({ occurred_at: '2026-03-04T13:12:00.000Z', local_time: null, time_zone: null })).toBe('Mar 4, 2026, 1:12 PM UTC');
  });

  it('names the facility by the parts the feed gave', () => {
    expect(facilityPlace({ city: 'DALLAS', state: 'TX', zip: '75260' })).toBe('DALLAS, TX 75260');
    expect(facilityPlace({ city: null, state: null, zip: '75260' })).toBe('75260');
    expect(facilityPlace({ city: null, state: null, zip: null })).toBeNull();
  });
});

describe('IV-MTR files refused before upload', () => {
  it('takes JSON and delimited text up to the server\'s 100 MB limit', () => {
    expect(scanFileProblem({ name: 'scans.JSON', size: 10 })).toBeNull();
    expect(scanFileProblem({ name: 'scans.psv', size: TRACKING_UPLOAD_MAX_BYTES })).toBeNull();
    expect(scanFileProblem({ name: 'scans.csv', size: TRACKING_UPLOAD_MAX_BYTES + 1 })).toBe('“scans.csv” is larger than 100 MB.');
    expect(scanFileProblem({ name: 'scans.xlsx', size: 10 })).toMatch(/not an IV-MTR file/);
    expect(scanFileProblem({ name: 'scans.txt', size: 0 })).toBe('“scans.txt” is empty.');
  });
});
