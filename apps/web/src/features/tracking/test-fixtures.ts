import type { MailStage, TMailPieceTimeline, TPrintJobTracking, TrackingCountKey, TTrackedPiece, TTrackingEvent, TTrackingImport } from '@mailcraft/shared';

/** Funnel counts: zero for every key but those given. */
export const counts = (given: Partial<Record<TrackingCountKey, number>>): TPrintJobTracking['counts'] => ({
  accepted: 0, in_transit: 0, in_local_area: 0, out_for_delivery: 0, delivered: 0, returned_to_sender: 0, forwarded: 0, no_scan: 0, ...given,
});

/** A tracked piece, number `n`, at `stage`. */
export const aPiece = (n: number, stage: MailStage | null = null, over: Partial<TTrackedPiece> = {}): TTrackedPiece => ({
  id: `piece-${n}`, piece_number: n, record_id: `rec-${n}`, record_number: n,
  imb: `00270123456${String(n).padStart(9, '0')}78701`,
  address: { name: `Recipient ${n}`, lines: [`${n} Main St`], city: 'Austin', state: 'TX', zip: '78701' },
  stage, stage_at: stage ? '2026-03-04T13:12:00.000Z' : null, in_home_at: stage === 'delivered' ? '2026-03-04T13:12:00.000Z' : null,
  ...over,
});

/** GET /api/print-jobs/{jobId}/tracking of a file of `pieces` (one page), counting their stages. */
export function aTracking(pieces: TTrackedPiece[], over: Partial<TPrintJobTracking> = {}): TPrintJobTracking {
  const c = counts({});
  for (const p of pieces) c[p.stage ?? 'no_scan'] += 1;
  const delivered = pieces.filter((p) => p.stage === 'delivered').length;
  return {
    print_job_id: 'job-1', total_pieces: pieces.length, counts: c, pieces, pieces_total: pieces.length, page: 1, limit: 50,
    in_home_by_day: delivered ? [{ date: '2026-03-04', pieces: delivered }] : [],
    in_home_by_state: delivered ? [{ state: 'TX', pieces: delivered }] : [],
    median_days_to_in_home: delivered ? 0.1 : null,
    no_scan_after_days: { days: 7, pieces: 0 },
    simulated: pieces.some((p) => p.stage !== null),
    ...over,
  };
}

/** A simulated scan at `stage` (the five of a simulated journey, an hour apart from 07:00 Chicago time). */
export function aScan(stage: MailStage, i: number, over: Partial<TTrackingEvent> = {}): TTrackingEvent {
  const codes: Record<string, [string, string]> = {
    accepted: ['SIM-ACCEPT', 'Simulated: accepted at the origin facility'],
    in_transit: ['SIM-TRANSIT', 'Simulated: processed at the origin plant'],
    in_local_area: ['SIM-LOCAL', 'Simulated: arrived at the destination plant'],
    out_for_delivery: ['SIM-OFD', 'Simulated: sorted in the carrier\'s walk sequence'],
    delivered: ['SIM-DELIVERED', 'Simulated: delivered'],
  };
  const [code, operation] = codes[stage] ?? ['919', null];
  const hour = String(7 + i).padStart(2, '0');
  return {
    id: `ev-${i}`, stage, operation_code: code, operation,
    occurred_at: `2026-03-04T${String(13 + i).padStart(2, '0')}:12:00.000Z`, time_zone: 'America/Chicago', local_time: `2026-03-04T${hour}:12:00-06:00`,
    facility: i < 2 ? { zip: '75260', city: 'DALLAS', state: 'TX' } : { zip: '78701', city: 'AUSTIN', state: 'TX' },
    source: 'simulated',
    ...over,
  };
}

/** A piece's whole simulated journey: GET /api/mail-pieces/{pieceId}/timeline. */
export function aTimeline(piece: TTrackedPiece, stages: MailStage[] = ['accepted', 'in_transit', 'in_local_area', 'out_for_delivery', 'delivered']): TMailPieceTimeline {
  return { piece: { ...piece, print_job_id: 'job-1', order_id: null }, events: stages.map((s, i) => aScan(s, i)) };
}

/** A batch of scan data. */
export const anImport = (over: Partial<TTrackingImport> = {}): TTrackingImport => ({
  id: 'imp-1', source: 'upload', filename: 'scans.psv', status: 'done', rows: 12, matched: 10, duplicates: 2, unmatched: 2,
  unmatched_samples: ['00270999999999999999', '00270888888888888888'], error: null,
  created_at: '2026-03-04T12:00:00.000Z', finished_at: '2026-03-04T12:00:05.000Z', ...over,
});
