import { Checkbox, Typography } from 'antd';
import { REINFORCEMENT_MESSAGES as M, REINFORCEMENTS_PER_ORDER, type TReinforcement } from '@mailcraft/shared';

/**
 * The reinforcement multi-select cards (docs/requirements/print-on-demand-api.md#screens): 'Select 1-3 reinforcements', one
 * checkbox card per reinforcement (thumbnail, name, type, size); once three are chosen the others
 * are disabled. `selected` ids keep the order they were chosen in; `onChange` gets the new list.
 * Empty: 'No reinforcements available'.
 */
export function ReinforcementCards({ reinforcements, selected, onChange }: {
  reinforcements: TReinforcement[]; selected: readonly string[]; onChange: (ids: string[]) => void;
}) {
  if (reinforcements.length === 0) return <Typography.Text type="secondary">{M.none}</Typography.Text>;
  const full = selected.length >= REINFORCEMENTS_PER_ORDER;
  const toggle = (id: string, on: boolean) => onChange(on ? [...selected.filter((s) => s !== id), id] : selected.filter((s) => s !== id));
  return (
    <div className="pod-order-cards" role="group" aria-label={M.selectLabel}>
      {reinforcements.map((r) => {
        const checked = selected.includes(r.id);
        return (
          <div key={r.id} className="pod-order-card pod-order-card-small" data-checked={checked}>
            {r.thumbnail ? <img src={r.thumbnail} alt={`${r.name} preview`} loading="lazy" /> : <span className="pod-order-noimage">No preview</span>}
            <Checkbox checked={checked} disabled={!checked && full} onChange={(e) => toggle(r.id, e.target.checked)}>{r.name}</Checkbox>
            <span className="pod-hint">{`${r.type === 'digital' ? 'Digital' : 'Image'} · ${r.size}`}</span>
          </div>
        );
      })}
    </div>
  );
}
