/**
 * What each HTTP status of the public API means (docs/requirements/print-on-demand-api.md#messages "Documented HTTP codes": 200, 201,
 * 400 bad request, 401 invalid key, 403 forbidden, 404, 429 rate limit exceeded, 500; the others
 * are the server's own). `documented`: one of the spec's list, shown in Error Handling.
 */
export const HTTP_STATUSES: Record<string, { text: string; documented?: true }> = {
  200: { text: 'OK: the answer is in the body', documented: true },
  201: { text: 'Created: the new resource is in the body', documented: true },
  204: { text: 'No content: done, nothing to return' },
  400: { text: 'Bad request: a parameter or body field is missing or invalid', documented: true },
  401: { text: 'Invalid key: the API key is missing, unknown, inactive or expired', documented: true },
  402: { text: 'Plan limit reached: upgrade the plan to do more' },
  403: { text: 'Forbidden: the plan has no API access, or the key\'s permissions do not allow this call', documented: true },
  404: { text: 'Not found: no such resource (or it is not yours), or no such path', documented: true },
  409: { text: 'Conflict: the resource is not in a state that allows this, or the first request with this Idempotency-Key is still running' },
  413: { text: 'Payload too large: the body is over 1 MB' },
  415: { text: 'Unsupported media type: send JSON with Content-Type: application/json' },
  422: { text: 'Unprocessable: well-formed but cannot be done (e.g. an Idempotency-Key reused with a different body)' },
  429: { text: 'Rate limit exceeded: wait Retry-After seconds', documented: true },
  500: { text: 'Server error: try again later', documented: true },
};

/** The generator's stand-in description for an answer nobody described. */
const GENERIC = new Set(['', 'default response']);

/**
 * The text shown for an answer `status` of a call: the document's description when it says
 * something, else the meaning of the status from HTTP_STATUSES, else 'HTTP {status}'.
 */
export function responseText(status: string, description: string): string {
  if (!GENERIC.has(description.trim().toLowerCase())) return description;
  return HTTP_STATUSES[status]?.text ?? `HTTP ${status}`;
}
