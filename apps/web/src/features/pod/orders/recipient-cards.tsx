import { useState } from 'react';
import type { TRecordMailPiece } from '@mailcraft/shared';
import { PieceTimeline } from '../../tracking/piece-timeline';
import { StageTag } from '../../tracking/stage-tag';
import { formatTime } from '../api-key-draft';
import type { Recipient } from './recipient-query';

/** How a recipient is named on its card: full name, else first + last, else company, else 'Record {row}'. */
export function recipientName(r: Recipient): string {
  const f = r.fields;
  return f.full_name || [f.first_name, f.last_name].filter(Boolean).join(' ') || f.company_name || `Record ${r.row}`;
}

/** A recipient's address lines: street (+ line 2) and the last line ('city, state zip' when not mapped as one). */
function addressLines(r: Recipient): string[] {
  const f = r.fields;
  const street = [f.address, f.address_2].filter(Boolean).join(', ');
  const last = f.city_state_zip || `${[f.city, f.state].filter(Boolean).join(', ')} ${f.zip ?? ''}`.trim();
  return [street, last].filter(Boolean);
}

/** What an excluded recipient's card says: the address check left it out of printing, so it is not ordered either. */
export const EXCLUDED_RECIPIENT = 'Excluded from printing by the address check';

/**
 * A recipient's piece of its latest print file on its way, below its card: 'Delivery timeline', opening its scans
 * (`PieceTimeline`, rendered once opened: a page holds up to 100 cards).
 */
function PieceDelivery({ piece }: { piece: TRecordMailPiece }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="pod-order-timeline" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{`Delivery timeline (${piece.events.length} ${piece.events.length === 1 ? 'scan' : 'scans'})`}</summary>
      {open && <PieceTimeline events={piece.events} />}
    </details>
  );
}

/**
 * The recipient cards of one page (docs/requirements/print-on-demand-api.md#screens): name, address as it prints and row number; the
 * `selectedId` card pressed; `onSelect` gets the recipient. A recipient the list's address check
 * excluded from printing says so (EXCLUDED_RECIPIENT) and cannot be chosen. A recipient with a mail piece of
 * its latest print file shows the piece's latest stage and its time on the card, and its timeline below it
 * (docs/requirements/mail-tracking.md#timelines-and-analytics).
 */
export function RecipientCards({ recipients, selectedId, onSelect }: {
  recipients: Recipient[]; selectedId: string | null; onSelect: (recipient: Recipient) => void;
}) {
  return (
    <div className="pod-order-cards" role="group" aria-label="Recipients">
      {recipients.map((r) => {
        const card = (
          <button key={r.id} type="button" className="pod-order-card pod-order-card-small" aria-pressed={r.id === selectedId && !r.excluded}
            disabled={r.excluded} onClick={() => onSelect(r)}>
            <span className="pod-order-card-title">{recipientName(r)}</span>
            {addressLines(r).map((line) => <span key={line} className="pod-order-line">{line}</span>)}
            <span className="pod-hint">{`Row ${r.row}`}</span>
            {r.excluded && <span className="pod-hint pod-excluded">{EXCLUDED_RECIPIENT}</span>}
            {r.piece && (
              <span className="pod-inline">
                <StageTag stage={r.piece.stage} />
                {r.piece.stage_at && <span className="pod-hint">{formatTime(r.piece.stage_at)}</span>}
              </span>
            )}
          </button>
        );
        if (!r.piece) return card;
        return (
          <div key={r.id} className="pod-order-card-stack">
            {card}
            <PieceDelivery piece={r.piece} />
          </div>
        );
      })}
    </div>
  );
}
