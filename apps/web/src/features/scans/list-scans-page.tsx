import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, Button, Col, Empty, Row, Spin, Statistic, Typography } from 'antd';
import { Card } from '../../components/card';
import { PlainTable } from '../../components/plain-table';
import { useListAnalytics, useScannedRecords } from './scans-api';
import { inHomeDays, percent, when } from './scans-format';
import { GeoIpAttribution, RecentActivity } from './recent-activity';
import { CountBars, ScansOverTime } from './scan-charts';
import './scans.css';

/**
 * /analytics/{listId} (docs/requirements/scans-and-analytics.md#analytics): totals, scan rate (unique scans ÷ records), scans
 * over time, top places, devices, OS and browsers, scans by days after their piece's in-home time when mail
 * tracking has deliveries (docs/requirements/mail-tracking.md#timelines-and-analytics), the scanned records with their counts, CSV
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
            <Card title="Device types"><div className="analytics-chart"><CountBars data={a.devices} name="Device types" /></div></Card>
            <Card title="Operating systems"><div className="analytics-chart"><CountBars data={a.os} name="Operating systems" /></div></Card>
            <Card title="Browsers"><div className="analytics-chart"><CountBars data={a.browsers} name="Browsers" /></div></Card>
            {a.after_in_home.length > 0 && (
              <Card title="Scanned after in-home">
                <div className="analytics-chart">
                  <CountBars data={a.after_in_home.map((d) => ({ name: inHomeDays(d.days), scans: d.scans }))} name="Scans by days after in-home" />
                </div>
              </Card>
            )}
          </div>
          <Card title="Top locations" style={{ marginBottom: 24 }}>
            <PlainTable
              label="Top locations" rows={a.top_locations} rowKey={(l) => `${l.city}-${l.region}-${l.country}`} empty="N/A"
              columns={[
                { title: 'City', render: (l) => l.city ?? 'N/A' }, { title: 'Region', render: (l) => l.region ?? 'N/A' },
                { title: 'Country', render: (l) => l.country ?? 'N/A' }, { title: 'Scans', render: (l) => l.scans },
              ]} />
            <GeoIpAttribution />
          </Card>
          <Card title="Scanned records" style={{ marginBottom: 24 }}>
            <PlainTable
              label="Scanned records" loading={records.isPending} rows={records.data?.records ?? []} rowKey={(r) => r.record_id} empty="N/A"
              pager={{ page, pageSize: 25, total: records.data?.total ?? 0, onChange: setPage }}
              columns={[
                { title: 'Name', render: (r) => r.name }, { title: 'Email', render: (r) => r.email ?? 'N/A' },
                { title: 'City, State ZIP', render: (r) => r.city_state_zip ?? 'N/A' }, { title: 'Scans', render: (r) => r.scans },
                { title: 'First scan', render: (r) => when(r.first_scanned_at) }, { title: 'Last scan', render: (r) => when(r.last_scanned_at) },
              ]} />
          </Card>
        </>
      )}
      <RecentActivity listId={listId} />
    </div>
  );
}
