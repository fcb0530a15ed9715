import { Link } from 'react-router';
import { Alert, Skeleton, Typography } from 'antd';
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

/**
 * The activity rows as a plain table styled like antd's small table: the projects page is a first
 * load, and antd's Table (with its tree, pagination and virtual list) would add ~45 KB there
 * (issue 6 "Fast pages"); this view needs none of that.
 */
function ActivityTable({ listId }: { listId?: string }) {
  const scans = useRecentScans(listId);
  if (scans.isError) return <Alert type="error" showIcon title={ACTIVITY_MESSAGES.fetchFailed} />;
  if (scans.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  const rows = scans.data.recentScans.filter((s) => s.id);
  return (
    <>
      <div className="activity-table-wrap">
        <table className="activity-table">
          <thead>
            <tr><th scope="col">Time</th><th scope="col">Contact</th><th scope="col">Location</th><th scope="col">Mailing List</th></tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr><td colSpan={4} className="activity-empty">{ACTIVITY_MESSAGES.empty}</td></tr>
            ) : rows.map((s: TRecentScan) => (
              <tr key={s.id}>
                <td>{s.timestamp ? new Date(s.timestamp).toLocaleString() : NA}</td>
                <td>
                  <div>{[s.contact.firstName, s.contact.lastName].filter(Boolean).join(' ') || NA}</div>
                  <Typography.Text type="secondary">{s.contact.email ?? NA}</Typography.Text>
                </td>
                <td>{or(s.location.city, s.location.country)}</td>
                <td>{s.mailingList?.name || NA}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
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
