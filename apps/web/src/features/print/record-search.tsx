import { useId, useState, type KeyboardEvent } from 'react';
import { Input, Typography } from 'antd';

/** One record a search found: its number in the list (1-based), name and address. */
export type FoundRecord = { record: number; name: string; address: string };

/**
 * 'Find a record' of the proof viewer (docs/requirements/workflow.md#clear-states-and-fast-pages): a combobox (WAI-ARIA 1.2 pattern) whose list
 * shows the records matching what is typed — #n, name, address — chosen by click or the arrow
 * keys and Enter; `onPick(n)` receives the record number and the field empties. The search
 * itself is the caller's (`query`, `found`, `searching`). Built on antd Input instead of
 * AutoComplete, which brought antd's Select (~23 KB gzip) to Print Preview's first load.
 */
export function RecordSearch({ query, onQuery, found, searching, onPick }: {
  query: string;
  onQuery: (q: string) => void;
  found: FoundRecord[] | undefined;
  searching: boolean;
  onPick: (record: number) => void;
}) {
  const listId = useId();
  const [active, setActive] = useState(0);
  const [open, setOpen] = useState(false);
  const rows = query.trim() ? found ?? [] : [];
  const shown = open && query.trim() !== '';
  const pick = (r: FoundRecord) => {
    onPick(r.record);
    onQuery('');
    setOpen(false);
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown') setActive((a) => Math.min(a + 1, rows.length - 1));
    else if (e.key === 'ArrowUp') setActive((a) => Math.max(a - 1, 0));
    else if (e.key === 'Enter' && rows[active]) pick(rows[active]);
    else if (e.key === 'Escape') setOpen(false);
    else return;
    e.preventDefault();
  };
  return (
    <div className="record-search">
      <Input
        role="combobox" aria-label="Find a record" aria-expanded={shown} aria-controls={listId} aria-autocomplete="list"
        aria-activedescendant={shown && rows[active] ? `${listId}-${active}` : undefined}
        placeholder="Find by name or address" value={query} style={{ width: 300, maxWidth: '100%' }}
        onChange={(e) => { onQuery(e.target.value); setActive(0); setOpen(true); }}
        onFocus={() => setOpen(true)} onBlur={() => setOpen(false)} onKeyDown={onKey}
      />
      {shown && (
        <ul className="record-search-list" id={listId} role="listbox" aria-label="Matching records">
          {rows.map((r, i) => (
            <li key={r.record} id={`${listId}-${i}`} role="option" aria-selected={i === active} className="proof-option"
              onMouseDown={(e) => { e.preventDefault(); pick(r); }} onMouseEnter={() => setActive(i)}>
              #{r.record} <strong>{r.name || '(no name)'}</strong> <Typography.Text type="secondary">{r.address}</Typography.Text>
            </li>
          ))}
          {rows.length === 0 && <li className="record-search-empty">{searching ? 'Searching…' : 'No record matches'}</li>}
        </ul>
      )}
    </div>
  );
}
