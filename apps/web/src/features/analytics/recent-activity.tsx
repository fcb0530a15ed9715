import { Link } from 'react-router';
import { Alert, Table, Typography } from 'antd';
import { ACTIVITY_MESSAGES, GEOIP_ATTRIBUTION, type TRecentScan } from '@mailcraft/shared';
import { ErrorBoundary } from '../../components/error-boundary';
import { useRecentScans } from './analytics-api';
import './analytics.css';

const NA = ACTIVITY_MESSAGES.missing;
const or = (...parts: Array<string | null | undefined>) => parts.filter(Boolean).join(', ') || NA;

/** The GeoIP data's attribution, required where locations are shown (DB-IP, CC BY 4.0). */
export const GeoIpAttribution = () => (
  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
    <a href={GEOIP_ATTRIBUTION.href} target="_blank" rel="noreferrer">{GEOIP_ATTRIBUTION.text}</a>
  </Typography.Text>
);

function ActivityTable({ listId }: { listId?: string }) {
  const scans = useRecentScans(listId);
  if (scans.isError) return <Alert type="error" showIcon title={ACTIVITY_MESSAGES.fetchFailed} />;
  return (
    <>
      <Table<TRecentScan>
        size="small"
        rowKey="id"
        loading={scans.isPending}
        pagination={false}
        dataSource={(scans.data?.recentScans ?? []).filter((s) => s.id)}
        locale={{ emptyText: ACTIVITY_MESSAGES.empty }}
        columns={[
          { title: 'Time', dataIndex: 'timestamp', render: (t: string) => (t ? new Date(t).toLocaleString() : NA) },
          { title: 'Contact', render: (_, s) => (
            <>
              <div>{[s.contact.firstName, s.contact.lastName].filter(Boolean).join(' ') || NA}</div>
              <Typography.Text type="secondary">{s.contact.email ?? NA}</Typography.Text>
            </>
          ) },
          { title: 'Location', render: (_, s) => or(s.location.city, s.location.country) },
          { title: 'Mailing List', render: (_, s) => s.mailingList?.name || NA },
        ]}
      />
      <GeoIpAttribution />
    </>
  );
}

/**
 * Recent Activity (spec 000 §2, §3 Scan, §4, §8): the latest human scans with Time, Contact,
 * Location and Mailing List, 'N/A' for missing parts, refreshed every 30 s; scans without an id
 * are dropped; a render failure shows 'Something went wrong. Please try again later.'
 */
export function RecentActivity({ listId }: { listId?: string }) {
  return (
    <section aria-label="Recent Activity" className="recent-activity">
      <div className="recent-activity-head">
        <Typography.Title level={4}>Recent Activity</Typography.Title>
        <Link to={listId ? `/analytics/${listId}` : '/analytics'}>{listId ? 'List analytics' : 'All analytics'}</Link>
      </div>
      <ErrorBoundary fallback={ACTIVITY_MESSAGES.boundary}>
        <ActivityTable listId={listId} />
      </ErrorBoundary>
    </section>
  );
}
