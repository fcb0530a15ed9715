import { useId, useState } from 'react';
import { Button } from 'antd';
import { RECIPIENT_PAGE_SIZES } from '@mailcraft/shared';

/**
 * Paging of the recipient cards (docs/requirements/print-on-demand-api.md#order-form-rules): Prev / 'Page [n] of {pages}' / Next and
 * 'Per page' 25, 50, 75 or 100. The page number input accepts only 1 … `pages`: other text stays
 * in the box until it loses focus and changes nothing. `onPage` gets a page in range; `onLimit` a size.
 */
export function PageControls({ page, pages, limit, onPage, onLimit }: {
  page: number; pages: number; limit: number; onPage: (page: number) => void; onLimit: (limit: number) => void;
}) {
  const limitId = useId();
  const [typed, setTyped] = useState<string | null>(null);
  const last = Math.max(pages, 1);
  const go = (n: number) => {
    setTyped(null);
    onPage(n);
  };
  const type = (text: string) => {
    setTyped(text);
    const n = Number(text);
    if (/^\d+$/.test(text.trim()) && n >= 1 && n <= last && n !== page) onPage(n);
  };
  return (
    <div className="pod-order-paging">
      <Button size="small" onClick={() => go(page - 1)} disabled={page <= 1}>Prev</Button>
      <span className="pod-inline">
        Page
        <input type="number" className="pod-select pod-order-page" aria-label="Page number" min={1} max={last} step={1}
          value={typed ?? String(page)} onChange={(e) => type(e.target.value)} onBlur={() => setTyped(null)} />
        <span>{`of ${last}`}</span>
      </span>
      <Button size="small" onClick={() => go(page + 1)} disabled={page >= last}>Next</Button>
      <label htmlFor={limitId} className="pod-inline">
        Per page
        <select id={limitId} className="pod-select" value={limit} onChange={(e) => onLimit(Number(e.target.value))}>
          {RECIPIENT_PAGE_SIZES.map((n) => <option key={n} value={n}>{n}</option>)}
        </select>
      </label>
    </div>
  );
}
