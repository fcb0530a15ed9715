import { useId, useState } from 'react';
import { Button, Input } from 'antd';
import { fieldLabel, SEARCH_CRITERIA } from '@mailcraft/shared';
import type { RecipientSearch, SearchCriteria } from './recipient-query';

const CRITERIA_LABEL: Record<SearchCriteria, string> = { contains: 'Contains', exact: 'Exact match', startsWith: 'Starts with', endsWith: 'Ends with' };

/**
 * The recipient search panel (docs/requirements/print-on-demand-api.md#screens): search text, field ('All fields' or one of
 * `fields`, the list's mapped fields), criteria (contains, exact, startsWith, endsWith), Apply and
 * Clear. Apply (or Enter) applies the text; Clear empties it and removes the filter; changing the
 * field or criteria while a filter is applied applies it again with them. `onApply` gets the search,
 * or null for none (an empty text is none).
 */
export function RecipientSearchPanel({ fields, applied, onApply }: {
  fields: readonly string[]; applied: RecipientSearch | null; onApply: (search: RecipientSearch | null) => void;
}) {
  const fieldId = useId();
  const criteriaId = useId();
  const [draft, setDraft] = useState<RecipientSearch>(applied ?? { text: '', field: 'all', criteria: 'contains' });
  const apply = (next: RecipientSearch) => onApply(next.text.trim() ? { ...next, text: next.text.trim() } : null);
  const change = (patch: Partial<RecipientSearch>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    if (applied) apply({ ...next, text: applied.text });
  };
  return (
    <div className="pod-order-search" role="search" aria-label="Search recipients">
      <Input aria-label="Search recipients" placeholder="Search recipients" value={draft.text} allowClear={false}
        onChange={(e) => setDraft({ ...draft, text: e.target.value })} onPressEnter={() => apply(draft)} />
      <div className="pod-field">
        <label htmlFor={fieldId}>Field</label>
        <select id={fieldId} className="pod-select" value={draft.field} onChange={(e) => change({ field: e.target.value })}>
          <option value="all">All fields</option>
          {fields.map((f) => <option key={f} value={f}>{fieldLabel(f)}</option>)}
        </select>
      </div>
      <div className="pod-field">
        <label htmlFor={criteriaId}>Criteria</label>
        <select id={criteriaId} className="pod-select" value={draft.criteria} onChange={(e) => change({ criteria: e.target.value as SearchCriteria })}>
          {SEARCH_CRITERIA.map((c) => <option key={c} value={c}>{CRITERIA_LABEL[c]}</option>)}
        </select>
      </div>
      <Button type="primary" onClick={() => apply(draft)}>Apply</Button>
      <Button onClick={() => { setDraft({ ...draft, text: '' }); onApply(null); }} disabled={!applied && !draft.text}>Clear</Button>
    </div>
  );
}
