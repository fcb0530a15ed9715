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
 * The recipient cards of one page (docs/requirements/print-on-demand-api.md#screens): name, address as it prints and row number; the
 * `selectedId` card pressed; `onSelect` gets the recipient. A recipient the list's address check
 * excluded from printing says so (EXCLUDED_RECIPIENT) and cannot be chosen.
 */
export function RecipientCards({ recipients, selectedId, onSelect }: {
  recipients: Recipient[]; selectedId: string | null; onSelect: (recipient: Recipient) => void;
}) {
  return (
    <div className="pod-order-cards" role="group" aria-label="Recipients">
      {recipients.map((r) => (
        <button key={r.id} type="button" className="pod-order-card pod-order-card-small" aria-pressed={r.id === selectedId && !r.excluded}
          disabled={r.excluded} onClick={() => onSelect(r)}>
          <span className="pod-order-card-title">{recipientName(r)}</span>
          {addressLines(r).map((line) => <span key={line} className="pod-order-line">{line}</span>)}
          <span className="pod-hint">{`Row ${r.row}`}</span>
          {r.excluded && <span className="pod-hint pod-excluded">{EXCLUDED_RECIPIENT}</span>}
        </button>
      ))}
    </div>
  );
}
