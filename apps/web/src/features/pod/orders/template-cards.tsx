import { Typography } from 'antd';
import type { PseudoTemplate } from './templates';

const TYPE_LABEL = { self_mailer: 'Self-mailer', postcard: 'Postcard' } as const;

/**
 * The template cards (docs/requirements/print-on-demand-api.md#order-entry-tab Entry): one pressable card per pseudo-template with its
 * face thumbnails (main: Outside and Inside; a reinforcement: Front; 'No preview' when a thumbnail
 * is missing), its type and sides. `selected` ids show pressed; `onSelect` gets the card's template.
 * Empty: 'No templates available for this project'.
 */
export function TemplateCards({ templates, selected, onSelect }: {
  templates: PseudoTemplate[]; selected: readonly string[]; onSelect: (template: PseudoTemplate) => void;
}) {
  if (templates.length === 0) return <Typography.Text type="secondary">No templates available for this project</Typography.Text>;
  return (
    <div className="pod-order-cards" role="group" aria-label="Templates">
      {templates.map((t) => (
        <button key={t.id} type="button" className="pod-order-card" aria-pressed={selected.includes(t.id)} onClick={() => onSelect(t)}>
          <span className="pod-order-faces">
            {t.faces.map((face) => (
              <span key={face.label} className="pod-order-face">
                {face.url
                  ? <img src={face.url} alt={`${t.name} ${face.label.toLowerCase()}`} loading="lazy" />
                  : <span className="pod-order-noimage">No preview</span>}
                <span className="pod-hint">{face.label}</span>
              </span>
            ))}
          </span>
          <span className="pod-order-card-title">{t.name}</span>
          <span className="pod-hint">{`${TYPE_LABEL[t.type]} · ${t.sides === 1 ? '1 side' : `${t.sides} sides`}`}</span>
        </button>
      ))}
    </div>
  );
}
