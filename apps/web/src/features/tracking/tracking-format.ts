import type { MailStage, TPrintJobTracking, TrackingCountKey, TrackingSource, TTrackingEvent } from '@mailcraft/shared';

/**
 * Words and colours of mail tracking (docs/requirements/mail-tracking.md#stages): each stage's label and tag colour,
 * the delivery funnel's rows, and a scan's time in its facility's zone. Pure functions, shared by the tracking pages,
 * the piece timeline and their tests.
 */

/** A stage or `no_scan` as people read it. */
export const STAGE_LABEL: Record<TrackingCountKey, string> = {
  accepted: 'Accepted',
  in_transit: 'In transit',
  in_local_area: 'In local area',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  returned_to_sender: 'Returned to sender',
  forwarded: 'Forwarded',
  no_scan: 'No scan yet',
};

/**
 * The antd tag colour of each stage: blues while the piece moves through the mail stream, gold out for delivery,
 * green delivered, red returned, orange forwarded, grey before any scan.
 */
export const STAGE_COLOR: Record<TrackingCountKey, string> = {
  accepted: 'cyan',
  in_transit: 'blue',
  in_local_area: 'geekblue',
  out_for_delivery: 'gold',
  delivered: 'green',
  returned_to_sender: 'red',
  forwarded: 'orange',
  no_scan: 'default',
};

/** The dot colour of a stage on the piece timeline (a CSS colour matching STAGE_COLOR's tag). */
export const STAGE_DOT: Record<MailStage, string> = {
  accepted: '#13c2c2',
  in_transit: '#1677ff',
  in_local_area: '#2f54eb',
  out_for_delivery: '#faad14',
  delivered: '#52c41a',
  returned_to_sender: '#ff4d4f',
  forwarded: '#fa8c16',
};

/** How a batch of scan data or a scan came in, as people read it. */
export const SOURCE_LABEL: Record<TrackingSource, string> = {
  push: 'API push',
  upload: 'Upload',
  pull: 'IV-MTR connection',
  simulated: 'Simulated',
};

/** The journey's stages in order, then 'No scan yet'; returns and forwards follow the journey when any piece has one. */
const JOURNEY: TrackingCountKey[] = ['accepted', 'in_transit', 'in_local_area', 'out_for_delivery', 'delivered'];
const DETOURS: TrackingCountKey[] = ['returned_to_sender', 'forwarded'];

/** One row of the delivery funnel: a stage, its pieces and their share of the file (0–1). */
export type FunnelRow = { key: TrackingCountKey; label: string; pieces: number; share: number };

/**
 * The delivery funnel of a print file (docs/requirements/mail-tracking.md#timelines-and-analytics): pieces per latest
 * stage — 'No scan yet', accepted, in transit, in local area, out for delivery, delivered, then returned to sender and
 * forwarded only when a piece is there — each with its share of `total` (0 when the file has no pieces).
 */
export function funnelRows(counts: TPrintJobTracking['counts'], total: number): FunnelRow[] {
  const keys: TrackingCountKey[] = ['no_scan', ...JOURNEY, ...DETOURS.filter((k) => counts[k] > 0)];
  return keys.map((key) => ({ key, label: STAGE_LABEL[key], pieces: counts[key], share: total > 0 ? counts[key] / total : 0 }));
}

/** Whether no piece of the file is still on its way: every piece delivered or returned to sender (the simulation's end). */
export function deliveryFinished(t: Pick<TPrintJobTracking, 'counts' | 'total_pieces'>): boolean {
  return t.total_pieces > 0 && t.counts.delivered + t.counts.returned_to_sender >= t.total_pieces;
}

/** Whether a file has no scan at all yet (every piece 'No scan yet'). */
export const noScanYet = (t: Pick<TPrintJobTracking, 'counts' | 'total_pieces'>) => t.counts.no_scan >= t.total_pieces;

/** A share 0–1 as a whole percentage, '0 %' … '100 %' (one decimal under 1 %, so a few pieces never read 0 %). */
export function sharePercent(share: number): string {
  const p = share * 100;
  if (p > 0 && p < 1) return `${p.toFixed(1)} %`;
  return `${Math.round(p)} %`;
}

/** '1,234'. */
export const count = (n: number) => n.toLocaleString('en-US');

/** Days to in-home as '2.4 days' / '1 day', '< 0.1 days' under that (a simulation takes minutes), '—' when unknown. */
export function days(d: number | null): string {
  if (d === null) return '—';
  if (d < 0.1) return '< 0.1 days';
  return `${d.toLocaleString('en-US', { maximumFractionDigits: 1 })} ${d === 1 ? 'day' : 'days'}`;
}

const WALL_CLOCK = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', dateStyle: 'medium', timeStyle: 'short' });
const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * When a scan happened, in its facility's zone as the feed gave it (docs/requirements/mail-tracking.md#scan-data: scans
 * keep their time zone): the wall-clock time of `local_time` followed by the zone — the feed's own name for it
 * ('America/Chicago', 'CST') or the offset ('UTC-06:00'); 'Mar 4, 2024, 7:12 AM America/Chicago'. Without a local time
 * (the feed gave no zone) the instant in UTC, 'Mar 4, 2024, 1:12 PM UTC'.
 */
export function facilityTime(e: { occurred_at: string; local_time?: string | null; time_zone?: string | null }): string {
  const m = e.local_time ? LOCAL_TIME.exec(e.local_time) : null;
  if (!m) return `${WALL_CLOCK.format(new Date(e.occurred_at))} UTC`;
  const wall = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +(m[6] ?? 0)));
  const offset = m[7] === 'Z' ? 'UTC' : `UTC${m[7]}`;
  const named = e.time_zone && !/^(Z|[+-]\d{2}:?\d{2}|UTC[+-]?.*)$/i.test(e.time_zone) ? e.time_zone : null;
  return `${WALL_CLOCK.format(wall)} ${named ?? offset}`;
}

/** A facility as 'DALLAS, TX 75260' (the parts it has), or null when the feed named none. */
export function facilityPlace(f: TTrackingEvent['facility']): string | null {
  const cityState = [f.city, f.state].filter(Boolean).join(', ');
  const place = [cityState, f.zip].filter(Boolean).join(' ');
  return place || null;
}
