import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, Button, Card, Col, Empty, Row, Spin, Statistic, Table, Typography } from 'antd';
import type { TListScanSummary } from '@mailcraft/shared';
import { useListAnalytics, useListSummaries, useScannedRecords } from './analytics-api';
import { GeoIpAttribution, RecentActivity } from './recent-activity';
import { CountBars, ScansOverTime } from './scan-charts';
import './analytics.css';

const percent = (rate: number) => `${(rate * 100).toFixed(1)} %`;
const when = (t: string | null) => (t ? new Date(t).toLocaleString() : '—');

/** /analytics: every list with its scan counts, each linking to its analytics, and Recent Activity. */
export function AnalyticsPage() {
  const lists = useListSummaries();
  return (
    <div>
      <Typography.Title level={2}>Analytics</Typography.Title>
      {lists.isError ? <Alert type="error" showIcon title="Failed to load data" /> : (
        <Table<TListScanSummary>
          rowKey="list_id" scroll={{ x: 'max-content' }} loading={lists.isPending} dataSource={lists.data ?? []} pagination={{ pageSize: 10 }}
          locale={{ emptyText: 'No mailing lists yet' }}
          columns={[
            { title: 'Mailing List', render: (_, l) => <Link to={`/analytics/${l.list_id}`}>{l.name}</Link> },
            { title: 'Records', dataIndex: 'row_count' },
            { title: 'Total scans', dataIndex: 'total_scans' },
            { title: 'Unique scans', dataIndex: 'unique_scans' },
            { title: 'Scan rate', render: (_, l) => percent(l.scan_rate) },
            { title: 'Last scan', render: (_, l) => when(l.last_scan_at) },
          ]}
        />
      )}
      <RecentActivity />
    </div>
  );
}

/**
 * /analytics/{listId} (issue 7 "Analytics"): totals, scan rate (unique scans ÷ records), scans
 * over time, top places, devices, OS and browsers, the scanned records with their counts, CSV
 * export, and the list's Recent Activity. Bots are counted apart and left out of everything else.
 */
export function ListAnalyticsPage() {
  const { listId = '' } = useParams();
  const analytics = useListAnalytics(listId);
  const [page, setPage] = useState(1);
  const records = useScannedRecords(listId, page);
  if (analytics.isPending) return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  if (analytics.isError) return <Alert type="error" showIcon title="Failed to load data" />;
  const a = analytics.data;
  return (
    <div>
      <Typography.Title level={2}>{a.summary.name}</Typography.Title>
      <Row gutter={16} className="analytics-stats">
        <Col><Card><Statistic title="Total scans" value={a.summary.total_scans} /></Card></Col>
        <Col><Card><Statistic title="Unique scans" value={a.summary.unique_scans} /></Card></Col>
        <Col><Card><Statistic title="Scan rate" value={percent(a.summary.scan_rate)} /></Card></Col>
        <Col><Card><Statistic title="Records" value={a.summary.row_count} /></Card></Col>
        <Col><Card><Statistic title="Bot requests (not counted)" value={a.bot_scans} /></Card></Col>
      </Row>
      <Row gutter={8} style={{ marginBottom: 16 }}>
        <Col><Button href={`/api/analytics/lists/${listId}/scans.csv`} download>Export CSV</Button></Col>
        <Col><Link to={`/webhooks/${listId}`}><Button>Webhooks</Button></Link></Col>
      </Row>
      {a.summary.total_scans === 0 ? <Empty description="No scans yet: they appear here as recipients scan their QR codes." /> : (
        <>
          <div className="analytics-charts">
            <Card title="Scans over time"><div className="analytics-chart"><ScansOverTime days={a.by_day} /></div></Card>
            <Card title="Device types"><div className="analytics-chart"><CountBars data={a.devices} name="Scans" /></div></Card>
            <Card title="Operating systems"><div className="analytics-chart"><CountBars data={a.os} name="Scans" /></div></Card>
            <Card title="Browsers"><div className="analytics-chart"><CountBars data={a.browsers} name="Scans" /></div></Card>
          </div>
          <Card title="Top locations" style={{ marginBottom: 24 }}>
            <Table size="small" scroll={{ x: 'max-content' }} rowKey={(l) => `${l.city}-${l.region}-${l.country}`} pagination={false} dataSource={a.top_locations}
              columns={[
                { title: 'City', render: (_, l) => l.city ?? 'N/A' }, { title: 'Region', render: (_, l) => l.region ?? 'N/A' },
                { title: 'Country', render: (_, l) => l.country ?? 'N/A' }, { title: 'Scans', dataIndex: 'scans' },
              ]} />
            <GeoIpAttribution />
          </Card>
          <Card title="Scanned records" style={{ marginBottom: 24 }}>
            <Table size="small" scroll={{ x: 'max-content' }} rowKey="record_id" loading={records.isPending} dataSource={records.data?.records ?? []}
              pagination={{ current: page, pageSize: 25, total: records.data?.total ?? 0, onChange: setPage }}
              columns={[
                { title: 'Name', dataIndex: 'name' }, { title: 'Email', render: (_, r) => r.email ?? 'N/A' },
                { title: 'City, State ZIP', render: (_, r) => r.city_state_zip ?? 'N/A' }, { title: 'Scans', dataIndex: 'scans' },
                { title: 'First scan', render: (_, r) => when(r.first_scanned_at) }, { title: 'Last scan', render: (_, r) => when(r.last_scanned_at) },
              ]} />
          </Card>
        </>
      )}
      <RecentActivity listId={listId} />
    </div>
  );
}
