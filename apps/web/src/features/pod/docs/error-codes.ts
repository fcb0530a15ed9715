import { ERROR_CODES, type ErrorCode } from '@mailcraft/shared';

/**
 * Every `error.code` the public API answers, with its status and what to do (docs/requirements/print-on-demand-api.md#messages; the codes
 * and statuses are the server's `ERROR_STATUS`, listed once in packages/shared `ERROR_CODES`, so a
 * new code fails the type check here until it is documented).
 */
export const ERROR_CODE_DOCS: Record<ErrorCode, { status: number; title: string; fix: string }> = {
  BAD_REQUEST: { status: 400, title: 'Bad request', fix: 'The request could not be read (e.g. malformed JSON). Check the body and the parameters.' },
  VALIDATION: { status: 400, title: 'Validation failed', fix: 'A parameter or body field is missing or invalid (e.g. a format that does not fit the template): `message` names the first problem, `details` lists them all.' },
  UNAUTHORIZED: { status: 401, title: 'Invalid API key', fix: 'Send an active, unexpired key in the X-API-Key header (or the api_key query parameter).' },
  PAYMENT_REQUIRED: { status: 402, title: 'Plan limit reached', fix: 'The plan allows no more of this resource: upgrade it on the Billing page.' },
  FORBIDDEN: { status: 403, title: 'Forbidden', fix: 'The plan has no API access (Pro or higher), or the key\'s permissions do not allow this method on this resource.' },
  NOT_FOUND: { status: 404, title: 'Not found', fix: 'The resource does not exist or belongs to another account, or the path is wrong.' },
  CONFLICT: { status: 409, title: 'Conflict', fix: 'The resource is not in a state that allows this (e.g. cancelling an order already printed, or fetching a print file not rendered yet), or a request with the same Idempotency-Key is still running.' },
  PAYLOAD_TOO_LARGE: { status: 413, title: 'Payload too large', fix: 'The body is over 1 MB: send fewer records per request.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, title: 'Unsupported media type', fix: 'Send the body as JSON with Content-Type: application/json.' },
  UNPROCESSABLE: { status: 422, title: 'Cannot be done', fix: 'The request is valid but cannot be carried out (e.g. a list that maps no address column yet, or an Idempotency-Key reused with a different request).' },
  METHOD_NOT_ALLOWED: { status: 405, title: 'Method not allowed', fix: 'The path exists but not with this method: the Allow header lists the methods it takes.' },
  RATE_LIMITED: { status: 429, title: 'Rate limit exceeded', fix: 'The key sent more requests this minute than its rate limit, or this address sent too many wrong keys: wait the Retry-After seconds, then retry.' },
  INTERNAL: { status: 500, title: 'Server error', fix: 'Something went wrong on our side. Retry later (with the same Idempotency-Key for a POST); contact support if it persists.' },
  BAD_GATEWAY: { status: 502, title: 'Bad gateway', fix: 'A service the API depends on did not answer. Retry later.' },
  SERVICE_UNAVAILABLE: { status: 503, title: 'Service unavailable', fix: 'The server is too busy to answer in time. Retry in a few seconds.' },
};

/** The error codes in the server's order. */
export const DOCUMENTED_ERROR_CODES: readonly ErrorCode[] = ERROR_CODES;

/**
 * The element id of an error code's entry, as the server's `doc_url` names it
 * (`/pod/documentation#errors-{code lower-case}`, apps/server public-api.ts): 'RATE_LIMITED' →
 * 'errors-rate_limited'.
 */
export const errorAnchor = (code: string): string => `errors-${code.toLowerCase()}`;

/** Whether a location hash ('#errors-not_found') points into the error catalogue. */
export const isErrorHash = (hash: string): boolean => hash.startsWith('#errors-');
