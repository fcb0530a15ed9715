/** A custom header row of the Advanced sub-tab (docs/requirements/print-on-demand-api.md#screens): `id` keys the row in the list. */
export type HeaderRow = { id: number; name: string; value: string };

let lastRowId = 0;
/** A new, empty header row. */
export const newHeaderRow = (): HeaderRow => ({ id: ++lastRowId, name: '', value: '' });

/** Headers the tab sets itself (callApi): a row naming one is left out, so it cannot double them. */
export const RESERVED_HEADERS: readonly string[] = ['x-api-key', 'accept', 'content-type'];

/** An HTTP header name (RFC 9110 token). */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * The custom headers to send for `rows` (docs/requirements/print-on-demand-api.md#test-api-tab API: 'X-API-Key plus any custom
 * headers'): names trimmed and lower-cased (HTTP names are case-insensitive), rows without a name
 * skipped, reserved names (RESERVED_HEADERS) skipped, the values of a repeated name joined with
 * ', '. A name that is not a valid header name gives `{ error: 'Invalid header name: "…"' }`
 * instead (the browser would refuse the request).
 */
export function headersFromRows(rows: readonly HeaderRow[]): { headers: Record<string, string> } | { error: string } {
  const headers: Record<string, string> = {};
  for (const row of rows) {
    const name = row.name.trim();
    if (!name) continue;
    if (!TOKEN.test(name)) return { error: `Invalid header name: "${name}"` };
    const key = name.toLowerCase();
    if (RESERVED_HEADERS.includes(key)) continue;
    const value = row.value.trim();
    headers[key] = key in headers ? `${headers[key]}, ${value}` : value;
  }
  return { headers };
}
