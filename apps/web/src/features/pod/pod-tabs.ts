/**
 * The tabs of the Print on Demand API page and their addresses (docs/requirements/print-on-demand-api.md#screens "Routes in this
 * area"): Order Entry at /pod (the default), API Keys at /pod/api-keys, Documentation at
 * /pod/documentation, Test API at /pod/test, API Debug at /pod?tab=debug. `gated`: locked without
 * the plan's `api` feature (docs/requirements/print-on-demand-api.md#api-access: Documentation and API Debug stay open).
 */
export const POD_TABS = [
  { key: 'orders', label: 'Order Entry', href: '/pod', gated: true },
  { key: 'api-keys', label: 'API Keys', href: '/pod/api-keys', gated: true },
  { key: 'documentation', label: 'Documentation', href: '/pod/documentation', gated: false },
  { key: 'test', label: 'Test API', href: '/pod/test', gated: true },
  { key: 'debug', label: 'API Debug', href: '/pod?tab=debug', gated: false },
] as const;

/** A tab's key. */
export type PodTab = (typeof POD_TABS)[number]['key'];

const isTab = (key: string | null | undefined): key is PodTab => POD_TABS.some((t) => t.key === key);

/**
 * The tab an address opens: the path's segment after /pod (api-keys, documentation, test), else
 * `?tab=` on /pod (any tab's key), else Order Entry.
 */
export function podTabFrom(pathname: string, search: string): PodTab {
  const segment = pathname.replace(/\/+$/, '').split('/')[2];
  if (isTab(segment)) return segment;
  const query = new URLSearchParams(search).get('tab');
  return isTab(query) ? query : 'orders';
}

/** The address of a tab (for the URL when switching tabs). */
export const podTabHref = (tab: PodTab) => POD_TABS.find((t) => t.key === tab)!.href;
