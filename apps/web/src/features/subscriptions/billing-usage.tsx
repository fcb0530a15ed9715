import type { TBilling } from '@mailcraft/shared';
import { formatCount, formatUsageMonth } from './billing-rules';

const ROWS: { key: Exclude<keyof TBilling['usage'], 'month'>; label: string }[] = [
  { key: 'pieces_printed', label: 'Pieces printed' },
  { key: 'orders_placed', label: 'Orders placed' },
  { key: 'api_calls', label: 'API calls' },
  { key: 'scans', label: 'Scans' },
];

/**
 * 'This month' on /billing (docs/requirements/administration.md#administration): the month counted ('November 2026', a UTC calendar month)
 * and GET /api/billing `usage` — pieces printed, orders placed, API calls, scans — as en-US numbers
 * in a description list named 'Usage in {month}'.
 */
export function BillingUsage({ usage }: { usage: TBilling['usage'] }) {
  const month = formatUsageMonth(usage.month);
  return (
    <section aria-labelledby="billing-usage-title" style={{ marginTop: 24 }}>
      <h3 id="billing-usage-title" style={{ margin: 0, fontSize: 20, fontWeight: 600 }}>This month</h3>
      <p style={{ margin: '0 0 12px', color: 'rgba(0, 0, 0, 0.45)' }}>{month}</p>
      <dl
        aria-label={`Usage in ${month}`}
        style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))', gap: 12, margin: 0 }}
      >
        {ROWS.map(({ key, label }) => (
          <div key={key} style={{ padding: '12px 16px', border: '1px solid #f0f0f0', borderRadius: 8 }}>
            <dt style={{ color: 'rgba(0, 0, 0, 0.45)' }}>{label}</dt>
            <dd style={{ margin: 0, fontSize: 24, fontWeight: 600 }}>{formatCount(usage[key])}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
