/**
 * The response body as the Test API tab shows it (docs/requirements/print-on-demand-api.md#screens: pretty-printed): JSON with 2-space
 * indent, a text answer as it came, '' for an empty answer (204, or no body).
 */
export function prettyBody(body: unknown): string {
  if (body === null || body === undefined) return '';
  if (typeof body === 'string') return body;
  return JSON.stringify(body, null, 2);
}
