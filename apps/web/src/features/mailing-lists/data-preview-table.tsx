import { useState } from 'react';
import { Alert, Button, Typography } from 'antd';
import { fieldLabel, PREVIEW_PAGE_SIZES, printedCell, type FieldSettings, type Mappings } from '@mailcraft/shared';
import { PlainTable, type PlainColumn } from '../../components/plain-table';
import { useListPreview } from './mailing-lists-api';
import './mailing-lists.css';

/** 'Showing x to y of z records' for a page (docs/requirements/mailing-lists.md#mapping-screen screen); 0 to 0 when empty. */
export function showingText(offset: number, limit: number, total: number): string {
  const from = total === 0 ? 0 : offset + 1;
  const to = Math.min(offset + limit, total);
  return `Showing ${from.toLocaleString()} to ${to.toLocaleString()} of ${total.toLocaleString()} records`;
}

type Row = { key: number; values: string[] };

/** Data columns pinned at the left beside '#', so a wide list keeps its names in view while scrolling. */
const PINNED_COLUMNS = 1;

/**
 * Data Preview table (docs/requirements/workflow.md#route-table): the list's rows, paged on the server, rows per page 10/25/50
 * (default 10, §9) and 'Showing x to y of z records'. Used below the mapping screen (`step` =
 * 'mapping') and in the list preview modal of the upload screen. With `printed` (the mapping
 * screen's current mapping), each mapped column shows its field under its name and its values as
 * they will print (`printedCell`: ZIP 08014, capitalisation — docs/requirements/workflow.md#clear-states-and-fast-pages); otherwise raw values. The
 * row number and first column stay pinned while a wide list scrolls.
 */
export function DataPreviewTable({ listId, step, printed }: {
  listId: string;
  step?: 'mapping';
  printed?: { mappings: Mappings; settings: FieldSettings };
}) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PREVIEW_PAGE_SIZES[0]);
  const offset = (page - 1) * pageSize;
  const preview = useListPreview(listId, offset, pageSize, step);

  if (preview.isError && !preview.data) {
    return (
      <Alert
        type="error"
        showIcon
        title="Failed to load list data"
        action={<Button size="small" onClick={() => preview.refetch()}>Retry</Button>}
      />
    );
  }

  const headers = preview.data?.headers ?? [];
  const total = preview.data?.total ?? 0;
  const rows: Row[] = (preview.data?.rows ?? []).map((values, i) => ({ key: offset + i, values }));
  const columns: PlainColumn<Row>[] = [
    { key: '#', title: '#', width: 64, render: (r) => <Typography.Text type="secondary">{r.key + 1}</Typography.Text> },
    ...headers.map((h, i): PlainColumn<Row> => {
      const field = printed?.mappings[h];
      const name = h || <Typography.Text type="secondary">(column {i + 1})</Typography.Text>;
      return {
        key: `${i}:${h}`,
        title: field ? <span className="preview-head">{name}<span className="preview-field">{fieldLabel(field)}</span></span> : name,
        width: 160,
        render: (r) => <span className="preview-cell">{printed ? printedCell(r.values[i] ?? '', field, printed.settings) : r.values[i] ?? ''}</span>,
      };
    }),
  ];

  return (
    <PlainTable<Row>
      className="data-preview-table"
      label="Data Preview"
      columns={columns}
      rows={rows}
      rowKey={(r) => String(r.key)}
      pinned={1 + PINNED_COLUMNS}
      empty={preview.isPending ? 'Loading…' : 'No records'}
      pager={{
        page,
        pageSize,
        total,
        pageSizes: PREVIEW_PAGE_SIZES,
        summary: showingText(offset, pageSize, total),
        onChange: setPage,
        onPageSize: (size) => {
          setPageSize(size);
          setPage(1);
        },
      }}
    />
  );
}
