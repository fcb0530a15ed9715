import { Fragment, useState, type ReactNode } from 'react';
import { Button, Skeleton } from 'antd';
import { DownOutlined, RightOutlined } from '@ant-design/icons';
import './plain-table.css';

/** One column of a PlainTable: its heading and how a row shows in it. */
export type PlainColumn<T> = {
  title: ReactNode;
  /** React key of the column; defaults to the title when that is a string. */
  key?: string;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right';
  /** Width in px (pinned columns need one). */
  width?: number;
  /** Class of the column's cells (header and body), for a feature's own CSS. */
  className?: string;
};

/** Paging of a PlainTable; `page` is 1-based. With `pageSizes`, a 'Rows per page' choice is shown. */
export type PlainPager = {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  pageSizes?: readonly number[];
  onPageSize?: (size: number) => void;
  /** Text beside the pager, e.g. 'Showing 1 to 10 of 500 records'. */
  summary?: string;
};

/**
 * A read-only table in antd's small-table look: optional pager (Previous/Next, 'Page x of y', rows
 * per page), rows that expand to show more (`expand`, a toggle button with aria-expanded), and
 * the first `pinned` columns kept in view while a wide table scrolls. For tables that only show
 * rows: antd's Table brings its tree, filter menus and virtual list, ~59 KB gzip on a page's first
 * load (docs/architecture.md#first-load-budget). Data rows have the class `plain-table-row`. With `stackOnPhones`, on a
 * window under 576 px each row shows as a card of 'column: value' lines instead of a table wider
 * than the phone (every cell carries its column title as `data-label`).
 */
export function PlainTable<T>({ columns, rows, rowKey, empty, loading, label, pager, expand, pinned = 0, className, stackOnPhones = false }: {
  columns: PlainColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  empty: ReactNode;
  /** Shows a skeleton instead of the table (first load). */
  loading?: boolean;
  /** Accessible name of the table. */
  label?: string;
  pager?: PlainPager;
  /** What an expanded row shows, and the toggle's accessible name for the row. */
  expand?: { render: (row: T) => ReactNode; label: (row: T) => string };
  pinned?: number;
  className?: string;
  stackOnPhones?: boolean;
}) {
  const [open, setOpen] = useState<Set<string>>(new Set());
  if (loading) return <Skeleton active paragraph={{ rows: 3 }} />;
  const toggle = (key: string) => setOpen((s) => {
    const next = new Set(s);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    return next;
  });
  const span = columns.length + (expand ? 1 : 0);
  let left = expand ? 40 : 0;
  const offsets = columns.map((c, i) => {
    if (i >= pinned) return undefined;
    const at = left;
    left += c.width ?? 120;
    return at;
  });
  const cellStyle = (c: PlainColumn<T>, i: number) => ({
    textAlign: c.align,
    width: c.width,
    minWidth: c.width,
    ...(offsets[i] !== undefined ? { left: offsets[i] } : {}),
  });
  const cellClass = (i: number) => [offsets[i] !== undefined && 'plain-table-pinned', columns[i].className].filter(Boolean).join(' ') || undefined;
  const cellLabel = (c: PlainColumn<T>) => (typeof c.title === 'string' && c.title ? c.title : undefined);
  const colKey = (c: PlainColumn<T>, i: number) => c.key ?? (typeof c.title === 'string' ? c.title : String(i));

  return (
    <div className={['plain-table-box', stackOnPhones && 'plain-table-stacked', className].filter(Boolean).join(' ')}>
      <div className="plain-table-wrap">
        <table className="plain-table" aria-label={label}>
          <thead>
            <tr>
              {expand && <th className="plain-table-toggle-cell" aria-label="Details" />}
              {columns.map((c, i) => <th key={colKey(c, i)} scope="col" style={cellStyle(c, i)} className={cellClass(i)}>{c.title}</th>)}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr><td colSpan={span} className="plain-table-empty">{empty}</td></tr>
            ) : rows.map((row) => {
              const key = rowKey(row);
              const isOpen = open.has(key);
              return (
                <Fragment key={key}>
                  <tr className="plain-table-row">
                    {expand && (
                      <td className="plain-table-toggle-cell">
                        <button type="button" className="plain-table-toggle" aria-expanded={isOpen} aria-label={expand.label(row)} onClick={() => toggle(key)}>
                          {isOpen ? <DownOutlined /> : <RightOutlined />}
                        </button>
                      </td>
                    )}
                    {columns.map((c, i) => <td key={colKey(c, i)} style={cellStyle(c, i)} className={cellClass(i)} data-label={cellLabel(c)}>{c.render(row)}</td>)}
                  </tr>
                  {expand && isOpen && (
                    <tr className="plain-table-expanded"><td colSpan={span}>{expand.render(row)}</td></tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>
      {pager && <Pager {...pager} />}
    </div>
  );
}

function Pager({ page, pageSize, total, onChange, pageSizes, onPageSize, summary }: PlainPager) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && !pageSizes && !summary) return null;
  return (
    <nav className="plain-table-pager" aria-label="Pages">
      {summary && <span className="plain-table-summary">{summary}</span>}
      <Button size="small" disabled={page <= 1} onClick={() => onChange(page - 1)}>Previous</Button>
      <span>Page {page.toLocaleString()} of {pages.toLocaleString()}</span>
      <Button size="small" disabled={page >= pages} onClick={() => onChange(page + 1)}>Next</Button>
      {pageSizes && onPageSize && (
        <select aria-label="Rows per page" value={pageSize} onChange={(e) => onPageSize(Number(e.target.value))}>
          {pageSizes.map((n) => <option key={n} value={n}>{n} rows per page</option>)}
        </select>
      )}
    </nav>
  );
}
