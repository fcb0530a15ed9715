import { Typography } from 'antd';
import type { TMailingList } from '@mailcraft/shared';

const recipients = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'recipient' : 'recipients'}`;

/**
 * The mailing list cards (docs/requirements/print-on-demand-api.md#screens): name and recipient count, the `selectedId` one pressed;
 * `onSelect` gets the list's id. Empty: 'No mailing lists available for this project'.
 */
export function ListCards({ lists, selectedId, onSelect }: {
  lists: TMailingList[]; selectedId: string | null; onSelect: (listId: string) => void;
}) {
  if (lists.length === 0) return <Typography.Text type="secondary">No mailing lists available for this project</Typography.Text>;
  return (
    <div className="pod-order-cards" role="group" aria-label="Mailing lists">
      {lists.map((l) => (
        <button key={l.id} type="button" className="pod-order-card pod-order-card-small" aria-pressed={l.id === selectedId} onClick={() => onSelect(l.id)}>
          <span className="pod-order-card-title">{l.name}</span>
          <span className="pod-hint">{recipients(l.row_count)}</span>
        </button>
      ))}
    </div>
  );
}
