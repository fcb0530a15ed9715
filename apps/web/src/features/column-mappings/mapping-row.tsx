import { Typography } from 'antd';
import { NativeSelect } from '../../components/native-select';
import { SourceColumnSelect } from './source-column-select';
import { CAPITALIZATIONS, isCustomField, isUspsField, type Capitalization } from '@mailcraft/shared';
import { FIELD_HINTS, fieldLabel } from './field-labels';

const CAPITALIZATION_LABELS: Record<Capitalization, string> = {
  original: 'Original',
  upper: 'UPPERCASE',
  lower: 'lowercase',
  title: 'Title Case',
  sentence: 'Sentence case',
};
const CAPITALIZATION_OPTIONS = CAPITALIZATIONS.map((c) => ({ value: c, label: CAPITALIZATION_LABELS[c] }));

type Props = {
  target: string;
  headers: string[];
  /** Columns mapped to this target. */
  columns: string[];
  /** Column → the target that uses it, for every mapped column. */
  usedBy: Record<string, string>;
  capitalization: Capitalization;
  /** This field's value in the first rows, as it will print; null when not mapped. */
  preview: string[] | null;
  onColumnsChange: (target: string, columns: string[]) => void;
  onCapitalizationChange: (target: string, mode: Capitalization) => void;
};

/**
 * One target field of the mapping screen (docs/requirements/workflow.md#route-table): its name, the source-column dropdown
 * (a column already used elsewhere is disabled; a custom field takes several; antd's Select loads
 * on first use), the capitalization
 * dropdown (non-USPS fields only, enabled once mapped) and the first rows as they will print.
 */
export function MappingRow(p: Props) {
  const label = fieldLabel(p.target);
  const custom = isCustomField(p.target);
  const usps = isUspsField(p.target);
  const mapped = p.columns.length > 0;
  const options = p.headers
    .filter((h) => h !== '')
    .map((h) => {
      const owner = p.usedBy[h];
      return { value: h, label: h, disabled: !!owner && owner !== p.target, owner };
    });
  const hint = FIELD_HINTS[p.target];

  return (
    <div className={mapped ? 'mapping-row mapping-row-mapped' : 'mapping-row'} data-field={p.target}>
      <div className="mapping-field">
        <Typography.Text strong>{label}</Typography.Text>
        <Typography.Text type="secondary" className="mapping-field-key">
          {hint ?? p.target}
        </Typography.Text>
      </div>
      <SourceColumnSelect
        className="mapping-source"
        shown={p.columns.join(', ')}
        aria-label={`Source column for ${label}`}
        placeholder={custom ? 'Choose one or more columns' : 'Choose a column'}
        mode={custom ? 'multiple' : undefined}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        value={custom ? p.columns : (p.columns[0] ?? null)}
        options={options}
        optionRender={(o) =>
          o.data.disabled ? (
            <span className="mapping-option-used">
              {o.data.label} <Typography.Text type="secondary">· used by {fieldLabel(o.data.owner!)}</Typography.Text>
            </span>
          ) : (
            o.data.label
          )
        }
        onChange={(v: string | string[] | null | undefined) =>
          p.onColumnsChange(p.target, v == null ? [] : Array.isArray(v) ? v : [v])
        }
        popupMatchSelectWidth={false}
      />
      {usps ? (
        <Typography.Text type="secondary" className="mapping-capitalization-na">As imported</Typography.Text>
      ) : (
        <NativeSelect<Capitalization>
          aria-label={`Capitalization for ${label}`}
          value={p.capitalization}
          options={CAPITALIZATION_OPTIONS}
          disabled={!mapped}
          style={{ width: '100%' }}
          onChange={(v) => p.onCapitalizationChange(p.target, v)}
        />
      )}
      <div className="mapping-preview" role="group" aria-label={`Preview of ${label}`}>
        {p.preview === null ? (
          <Typography.Text type="secondary">Not mapped</Typography.Text>
        ) : (
          p.preview.map((v, i) => (
            <div key={i} className="mapping-preview-value">
              {v === '' ? <Typography.Text type="secondary" italic>(empty)</Typography.Text> : v}
            </div>
          ))
        )}
      </div>
    </div>
  );
}
