import type { TListAnalytics } from '@mailcraft/shared';
import { countTicks, useWidth } from '../../components/chart-scale';

/*
 * The analytics charts as plain SVG and HTML. docs/decisions/README.md#records chose recharts (178 KB gzip with React);
 * on /analytics/{listId} it alone put the first load over the 300 KB budget of docs/requirements/workflow.md#clear-states-and-fast-pages, and these
 * two charts — a daily line of two series and count bars — need none of its machinery.
 */

const SERIES = [
  { key: 'total', name: 'Total scans', color: '#1677ff' },
  { key: 'unique', name: 'Unique scans', color: '#52c41a' },
] as const;
const HEIGHT = 260;
const PAD = { top: 12, right: 16, bottom: 52, left: 40 };

/**
 * Scans over time: total and unique (first) scans per UTC day, a line each, with the day's counts
 * in each point's tooltip. `days` are in date order (GET /api/analytics/lists/{id} `by_day`).
 */
export function ScansOverTime({ days }: { days: TListAnalytics['by_day'] }) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const plotW = Math.max(0, width - PAD.left - PAD.right);
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const ticks = countTicks(Math.max(0, ...days.map((d) => d.total)));
  const top = ticks[ticks.length - 1];
  const x = (i: number) => PAD.left + (days.length <= 1 ? plotW / 2 : (i * plotW) / (days.length - 1));
  const y = (v: number) => PAD.top + plotH - (v / top) * plotH;
  const labelEvery = Math.max(1, Math.ceil(days.length / Math.max(1, Math.floor(plotW / 80))));
  const total = days.reduce((sum, d) => sum + d.total, 0);
  return (
    <div ref={ref} className="chart">
      {width > 0 && (
        <svg width={width} height={HEIGHT} role="img" aria-label={`Scans over time: ${total} scans on ${days.length} days`}>
          {ticks.map((t) => (
            <g key={t}>
              <line x1={PAD.left} x2={PAD.left + plotW} y1={y(t)} y2={y(t)} className="chart-grid" />
              <text x={PAD.left - 6} y={y(t)} className="chart-label" textAnchor="end" dominantBaseline="middle">{t}</text>
            </g>
          ))}
          {days.map((d, i) => i % labelEvery === 0 && (
            <text key={d.date} x={x(i)} y={PAD.top + plotH + 16} className="chart-label" textAnchor="middle">{d.date}</text>
          ))}
          {SERIES.map((s) => (
            <g key={s.key}>
              <polyline fill="none" stroke={s.color} strokeWidth={2} points={days.map((d, i) => `${x(i)},${y(d[s.key])}`).join(' ')} />
              {days.map((d, i) => (
                <circle key={d.date} cx={x(i)} cy={y(d[s.key])} r={3.5} fill="#fff" stroke={s.color} strokeWidth={2}>
                  <title>{`${d.date}: ${d.total} total, ${d.unique} unique`}</title>
                </circle>
              ))}
            </g>
          ))}
        </svg>
      )}
      <ul className="chart-legend">
        {SERIES.map((s) => <li key={s.key}><span style={{ background: s.color }} />{s.name}</li>)}
      </ul>
    </div>
  );
}

/** Scans by one device attribute (type, OS, browser) as bars, longest first as given, with counts; `name` labels the list. */
export function CountBars({ data, name }: { data: Array<{ name: string; scans: number }>; name: string }) {
  const max = Math.max(1, ...data.map((d) => d.scans));
  return (
    <ul className="count-bars" aria-label={name}>
      {data.map((d) => (
        <li key={d.name}>
          <span className="count-bars-name" title={d.name}>{d.name}</span>
          <span className="count-bars-track"><span className="count-bars-bar" style={{ width: `${(d.scans / max) * 100}%` }} /></span>
          <span className="count-bars-value">{d.scans}</span>
        </li>
      ))}
    </ul>
  );
}
