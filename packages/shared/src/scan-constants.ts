// Constants of scans and Recent Activity, apart from the zod schemas in scans.ts so that Recent
// Activity on the project list does not load zod (docs/requirements/workflow.md#clear-states-and-fast-pages: first load ≤ 300 KB gzip).

/** Recent Activity (docs/requirements/workflow.md#route-table). */
export const ACTIVITY_MESSAGES = {
  empty: 'No scan data available',
  fetchFailed: 'Failed to fetch analytics data',
  loadFailed: 'Failed to load data',
  boundary: 'Something went wrong. Please try again later.',
  missing: 'N/A',
} as const;
/** Recent Activity refreshes every 30 s (docs/requirements/workflow.md#workflow-order). */
export const SCAN_REFRESH_SECONDS = 30;
/** Raw IP addresses of scans are kept this long, then only the derived location stays (docs/requirements/scans-and-analytics.md#scan-recording). */
export const SCAN_IP_RETENTION_DAYS = 30;
/** Attribution the GeoIP data's licence (CC BY 4.0) asks for wherever locations are shown. */
export const GEOIP_ATTRIBUTION = { text: 'IP Geolocation by DB-IP', href: 'https://db-ip.com' } as const;
