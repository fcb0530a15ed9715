import { MAPPING_PREVIEW_ROWS, type Capitalization } from '@mailcraft/shared';
import { MappingRow } from './mapping-row';
import { columnsOf, type MappingDraft } from './mapping-draft';

type Props = {
  fields: readonly string[];
  headers: string[];
  draft: MappingDraft;
  usedBy: Record<string, string>;
  /** Target field → its values in the first rows, for mapped fields. */
  previews: Record<string, string[]>;
  onColumnsChange: (target: string, columns: string[]) => void;
  onCapitalizationChange: (target: string, mode: Capitalization) => void;
};

/** The rows of one group of the mapping screen (docs/requirements/workflow.md#route-table), under a column header. */
export function MappingSection({ fields, headers, draft, usedBy, previews, onColumnsChange, onCapitalizationChange }: Props) {
  return (
    <div className="mapping-section">
      <div className="mapping-row mapping-row-header" aria-hidden>
        <span>Field</span>
        <span>Source column</span>
        <span>Capitalization</span>
        <span>Preview (first {MAPPING_PREVIEW_ROWS} rows)</span>
      </div>
      {fields.map((target) => {
        const columns = columnsOf(draft, headers, target);
        return (
          <MappingRow
            key={target}
            target={target}
            headers={headers}
            columns={columns}
            usedBy={usedBy}
            capitalization={draft.capitalization[target] ?? 'original'}
            preview={columns.length ? (previews[target] ?? []) : null}
            onColumnsChange={onColumnsChange}
            onCapitalizationChange={onCapitalizationChange}
          />
        );
      })}
    </div>
  );
}
