import type { TPrintJobTracking } from '@mailcraft/shared';
import { countTicks, useWidth } from '../../components/chart-scale';
import { PlainTable } from '../../components/plain-table';
import { count, sharePercent } from './tracking-format';

const HEIGHT = 220;
const PAD = { top: 12, right: 12, bottom: 40, left: 40 };
/** Widest a day's bar is drawn, in px (a file delivered on one or two days shows slim bars, not a wall). */
const MAX_BAR = 48;

/**
 * In-home by day (docs/requirements/mail-tracking.md#timelines-and-analytics): pieces delivered per UTC day as bars,
 * oldest first as the server gives them (days without any left out), each bar's count in its tooltip. Plain SVG like
 * the scan charts (recharts alone would break the first-load budget, docs/decisions/0024-antd-and-a-first-load-budget.md).
 * An image named 'In-home by day: 7 pieces on 1 day'.
 */
export function InHomeByDay({ days }: { days: TPrintJobTracking['in_home_by_day'] }) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const plotW = Math.max(0, width - PAD.left - PAD.right);
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const ticks = countTicks(Math.max(0, ...days.map((d) => d.pieces)));
  const top = ticks[ticks.length - 1];
  const slot = days.length > 0 ? plotW / days.length : plotW;
  const bar = Math.min(MAX_BAR, Math.max(2, slot * 0.7));
  const y = (v: number) => PAD.top + plotH - (v / top) * plotH;
  const labelEvery = Math.max(1, Math.ceil(days.length / Math.max(1, Math.floor(plotW / 80))));
  const total = days.reduce((sum, d) => sum + d.pieces, 0);
  return (
    <div ref={ref} className="chart" role="img" aria-label={`In-home by day: ${count(total)} pieces on ${days.length} ${days.length === 1 ? 'day' : 'days'}`}>
      {width > 0 && (
        <svg width={width} height={HEIGHT}>
          {ticks.map((t) => (
            <g key={t}>
              <line x1={PAD.left} x2={PAD.left + plotW} y1={y(t)} y2={y(t)} className="chart-grid" />
              <text x={PAD.left - 6} y={y(t)} className="chart-label" textAnchor="end" dominantBaseline="middle">{t}</text>
            </g>
          ))}
          {days.map((d, i) => {
            const cx = PAD.left + slot * (i + 0.5);
            return (
              <g key={d.date}>
                <rect x={cx - bar / 2} y={y(d.pieces)} width={bar} height={PAD.top + plotH - y(d.pieces)} rx={3} className="in-home-bar">
                  <title>{`${d.date}: ${count(d.pieces)} delivered`}</title>
                </rect>
                {i % labelEvery === 0 && <text x={cx} y={PAD.top + plotH + 16} className="chart-label" textAnchor="middle">{d.date}</text>}
              </g>
            );
          })}
        </svg>
      )}
    </div>
  );
}

/** In-home by state: delivered pieces per state of their address, most first, with each state's share of the delivered pieces. */
export function InHomeByState({ states }: { states: TPrintJobTracking['in_home_by_state'] }) {
  const delivered = states.reduce((sum, s) => sum + s.pieces, 0);
  return (
    <PlainTable
      label="In-home by state" rows={states} rowKey={(s) => s.state} empty="No piece delivered yet"
      columns={[
        { title: 'State', render: (s) => s.state || '—' },
        { title: 'Delivered', align: 'right', render: (s) => count(s.pieces) },
        { title: 'Share', align: 'right', render: (s) => sharePercent(delivered > 0 ? s.pieces / delivered : 0) },
      ]}
    />
  );
}
