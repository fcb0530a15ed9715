import { Link } from 'react-router';
import { Alert, Typography } from 'antd';
import { ACTIVITY_MESSAGES, GEOIP_ATTRIBUTION, type TRecentScan } from '@mailcraft/shared';
import { ErrorBoundary } from '../../components/error-boundary';
import { PlainTable } from '../../components/plain-table';
import { useRecentScans } from './scans-api';
import './scans.css';

const NA = ACTIVITY_MESSAGES.missing;
const or = (...parts: Array<string | null | undefined>) => parts.filter(Boolean).join(', ') || NA;

/** The GeoIP data's attribution, required where locations are shown (DB-IP, CC BY 4.0). */
export const GeoIpAttribution = () => (
  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
    <a href={GEOIP_ATTRIBUTION.href} target="_blank" rel="noreferrer">{GEOIP_ATTRIBUTION.text}</a>
  </Typography.Text>
);

/** The activity rows (a plain table: the projects page is a first load, docs/architecture.md#first-load-budget). */
function ActivityTable({ listId }: { listId?: string }) {
  const scans = useRecentScans(listId);
  if (scans.isError) return <Alert type="error" showIcon title={ACTIVITY_MESSAGES.fetchFailed} />;
  return (
    <>
      <PlainTable<TRecentScan>
        label="Recent scans"
        loading={scans.isPending}
        rows={(scans.data?.recentScans ?? []).filter((s) => s.id)}
        rowKey={(s) => s.id}
        empty={ACTIVITY_MESSAGES.empty}
        columns={[
          { title: 'Time', render: (s) => (s.timestamp ? new Date(s.timestamp).toLocaleString() : NA) },
          { title: 'Contact', render: (s) => (
            <>
              <div>{[s.contact.firstName, s.contact.lastName].filter(Boolean).join(' ') || NA}</div>
              <Typography.Text type="secondary">{s.contact.email ?? NA}</Typography.Text>
            </>
          ) },
          { title: 'Location', render: (s) => or(s.location.city, s.location.country) },
          { title: 'Mailing List', render: (s) => s.mailingList?.name || NA },
        ]}
      />
      <GeoIpAttribution />
    </>
  );
}

/**
 * Recent Activity (docs/requirements/workflow.md#route-table Scan, §4, §8): the latest human scans with Time, Contact,
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
