/** Whether `path` already starts with the /api prefix ('/api', '/api/…', '/api?…'), not merely '/apikeys'. */
const hasApiPrefix = (path: string) => /^\/api(?:[/?#]|$)/.test(path);

/**
 * The path the Test API tab sends for the typed `endpoint` (docs/requirements/print-on-demand-api.md#screens: 'Use /api prefix
 * (recommended)'): trimmed, with a leading '/', and — when `useApiPrefix` — '/api' in front unless
 * it is already there; without it the path goes as typed ('/projects'). A whole URL pasted into
 * the field keeps only its path and query, since the host is fixed (this page's origin).
 * `endpoint` must not be blank (the form says 'Please enter an API endpoint' first).
 */
export function requestPath(endpoint: string, useApiPrefix: boolean): string {
  let path = endpoint.trim();
  if (/^https?:\/\//i.test(path)) {
    try {
      const url = new URL(path);
      path = url.pathname + url.search;
    } catch {
      // Not a URL after all: sent as typed.
    }
  }
  if (!path.startsWith('/')) path = `/${path}`;
  return useApiPrefix && !hasApiPrefix(path) ? `/api${path}` : path;
}
