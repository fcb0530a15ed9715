import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Typography } from 'antd';
import type { TListScanSummary } from '@mailcraft/shared';
import { PlainTable } from '../../components/plain-table';
import { useListSummaries } from './scans-api';
import { percent, when } from './scans-format';
import { RecentActivity } from './recent-activity';
import './scans.css';

const PAGE_SIZE = 10;

/** /analytics: every list with its scan counts, each linking to its analytics, and Recent Activity. */
export function AnalyticsPage() {
  const lists = useListSummaries();
  const [page, setPage] = useState(1);
  const rows = lists.data ?? [];
  return (
    <div>
      <Typography.Title level={2}>Analytics</Typography.Title>
      {lists.isError ? <Alert type="error" showIcon title="Failed to load data" /> : (
        <PlainTable<TListScanSummary>
          label="Mailing lists"
          loading={lists.isPending}
          rows={rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)}
          rowKey={(l) => l.list_id}
          empty="No mailing lists yet"
          pager={{ page, pageSize: PAGE_SIZE, total: rows.length, onChange: setPage }}
          columns={[
            { title: 'Mailing List', render: (l) => <Link to={`/analytics/${l.list_id}`}>{l.name}</Link> },
            { title: 'Records', render: (l) => l.row_count },
            { title: 'Total scans', render: (l) => l.total_scans },
            { title: 'Unique scans', render: (l) => l.unique_scans },
            { title: 'Scan rate', render: (l) => percent(l.scan_rate) },
            { title: 'Last scan', render: (l) => when(l.last_scan_at) },
          ]}
        />
      )}
      <RecentActivity />
    </div>
  );
}
