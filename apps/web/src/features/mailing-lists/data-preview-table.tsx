import { useState } from 'react';
import { Alert, Button, Table, Typography } from 'antd';
import { PREVIEW_PAGE_SIZES } from '@mailcraft/shared';
import { useListPreview } from './mailing-lists-api';
import './mailing-lists.css';

/** 'Showing x to y of z records' for a page (spec 000 §2 Mapping screen); 0 to 0 when empty. */
export function showingText(offset: number, limit: number, total: number): string {
  const from = total === 0 ? 0 : offset + 1;
  const to = Math.min(offset + limit, total);
  return `Showing ${from.toLocaleString()} to ${to.toLocaleString()} of ${total.toLocaleString()} records`;
}

type Row = { key: number; values: string[] };

/**
 * Data Preview table (spec 000 §2): the list's raw rows, paged on the server, rows per page 10/25/50
 * (default 10, §9) and 'Showing x to y of z records'. Used below the mapping screen (`step` =
 * 'mapping') and in the list preview modal of the upload screen.
 */
export function DataPreviewTable({ listId, step }: { listId: string; step?: 'mapping' }) {
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
  const columns = [
    {
      key: '#',
      title: '#',
      width: 64,
      fixed: 'left' as const,
      render: (_: unknown, r: Row) => <Typography.Text type="secondary">{r.key + 1}</Typography.Text>,
    },
    ...headers.map((h, i) => ({
      key: `${i}:${h}`,
      title: h || <Typography.Text type="secondary">(column {i + 1})</Typography.Text>,
      ellipsis: true,
      width: 160,
      render: (_: unknown, r: Row) => r.values[i] ?? '',
    })),
  ];

  return (
    <Table<Row>
      className="data-preview-table"
      size="small"
      bordered
      loading={preview.isFetching}
      columns={columns}
      dataSource={rows}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: preview.isPending ? 'Loading…' : 'No records' }}
      pagination={{
        current: page,
        pageSize,
        total,
        showSizeChanger: true,
        pageSizeOptions: PREVIEW_PAGE_SIZES.map(String),
        locale: { items_per_page: 'rows per page' },
        showTotal: () => showingText(offset, pageSize, total),
        onChange: (p, size) => {
          if (size !== pageSize) {
            setPageSize(size);
            setPage(1);
          } else setPage(p);
        },
      }}
    />
  );
}
