import type { TPrintJobTracking } from '@mailcraft/shared';
import { count, funnelRows, sharePercent, STAGE_DOT } from './tracking-format';

/** Bar colour of 'No scan yet'. */
const NO_SCAN_COLOR = '#bfbfbf';

/**
 * The delivery funnel of a print file (docs/requirements/mail-tracking.md#timelines-and-analytics): one row per latest
 * stage — 'No scan yet', Accepted … Delivered, then returns and forwards when there are any (`funnelRows`) — with a
 * bar as long as its share of the file's pieces, the count and the percentage. A list named 'Delivery funnel'; each
 * row reads 'Delivered: 7 of 7 pieces (100 %)' to assistive technology.
 */
export function DeliveryFunnel({ counts, total }: { counts: TPrintJobTracking['counts']; total: number }) {
  return (
    <ul className="delivery-funnel" aria-label="Delivery funnel">
      {funnelRows(counts, total).map((r) => (
        <li key={r.key} data-stage={r.key} aria-label={`${r.label}: ${count(r.pieces)} of ${count(total)} pieces (${sharePercent(r.share)})`}>
          <span className="delivery-funnel-name">{r.label}</span>
          <span className="delivery-funnel-track" aria-hidden>
            <span className="delivery-funnel-bar" style={{ width: `${r.share * 100}%`, background: r.key === 'no_scan' ? NO_SCAN_COLOR : STAGE_DOT[r.key] }} />
          </span>
          <span className="delivery-funnel-value">{count(r.pieces)}</span>
          <span className="delivery-funnel-share">{sharePercent(r.share)}</span>
        </li>
      ))}
    </ul>
  );
}
