/** One GET of the API Debug tab: `path` as sent; `needsKey` false for the open health check. */
export type DebugCheck = { id: string; path: string; description: string; needsKey: boolean };

/** How many checks run at once (the API's per-key rate limit is 100 a minute by default, docs/requirements/print-on-demand-api.md#limits). */
export const DEBUG_CONCURRENCY = 4;

const RESOURCES: readonly [segment: string, label: string][] = [
  ['keys', 'API keys'],
  ['mailingLists', 'Mailing lists'],
  ['templates', 'Templates'],
  ['addresses', 'Addresses'],
  ['projects', 'Projects'],
  ['orders', 'Orders'],
  ['reinforcements', 'Reinforcements'],
];

const check = (path: string, description: string, needsKey = true): DebugCheck => ({ id: path, path, description, needsKey });

/**
 * The batch the API Debug tab runs on start (docs/requirements/print-on-demand-api.md#api "Debug tab GETs"): the health check, each
 * resource with and without the /api prefix, and /debug/routes and /debug/user at both paths. A
 * 404 on a bare path or on /keys (the key list belongs to the signed-in site, not the keyed API)
 * is a result to show, not a failure of the tab.
 */
export const DEBUG_CHECKS: readonly DebugCheck[] = [
  check('/api/health', 'Health check (no key needed)', false),
  check('/health', 'Health check, bare path', false),
  ...RESOURCES.flatMap(([segment, label]) => [check(`/api/${segment}`, label), check(`/${segment}`, `${label}, bare path`)]),
  check('/debug/routes', 'Routes the API serves'),
  check('/api/debug/routes', 'Routes the API serves, /api path'),
  check('/debug/user', 'Who the key acts for'),
  check('/api/debug/user', 'Who the key acts for, /api path'),
];

/**
 * The group of `path` (docs/requirements/print-on-demand-api.md#screens "grouped by first path segment"): its first segment after an
 * optional /api prefix and without the query — '/api/projects?x=1' and '/projects' are 'projects',
 * '/api/debug/user' is 'debug'; '/' or '/api' alone is '/'.
 */
export function groupOfPath(path: string): string {
  const pathname = path.split(/[?#]/)[0];
  const rest = pathname.replace(/^\/api(?=\/|$)/, '');
  return rest.split('/').find(Boolean) ?? '/';
}
