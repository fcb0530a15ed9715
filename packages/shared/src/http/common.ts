import { z } from 'zod';

/**
 * Schemas every route uses: the `{id}` path parameter and the error envelope (docs/architecture.md#errors-envelope,
 * after Dub's `{ error: { code, message } }`).
 */

/** Path parameters `{ id }` of every `/…/{id}` route. Any string: a malformed id answers 404 like a foreign one. */
export const ZIdParams = z.object({
  id: z.string().max(100).describe('Identifier of the resource (a UUID)'),
});

/** Error codes of the envelope, each with one HTTP status (server `ERROR_STATUS`). */
export const ERROR_CODES = [
  'BAD_REQUEST', 'VALIDATION', 'UNAUTHORIZED', 'PAYMENT_REQUIRED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT',
  'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'UNPROCESSABLE', 'RATE_LIMITED', 'INTERNAL', 'BAD_GATEWAY',
  'METHOD_NOT_ALLOWED', 'SERVICE_UNAVAILABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The id of the request an error answered, also sent as the `X-Request-Id` header: quote it to support. */
export const ZRequestId = z.string().describe('The id of this request (also the X-Request-Id header): quote it when you ask for support');

/** Every error answer: `{ error: { code, message, request_id, details? } }`. */
export const ZErrorSchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES).describe('Machine-readable error code'),
    message: z.string().describe('What went wrong, in words safe to show to the user'),
    request_id: ZRequestId,
    details: z.unknown().optional().describe('Validation issues or other structured detail, when there are any'),
  }).describe('The error'),
}).meta({ id: 'Error' });

/** `?page&limit` of a paged list: page from 1, `limit` 1–`max` (default `defaultLimit`). */
export const pageQuery = (defaultLimit: number, max = 100) => z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1).describe('Page, from 1'),
  limit: z.coerce.number().int().min(1).max(max).default(defaultLimit).describe(`Items per page (1–${max})`),
});

/** A `204 No Content` answer. */
export const ZNoContent = z.null().describe('No content');

/** A binary answer (PDF, PNG) in an OpenAPI `content` map: `binary('application/pdf', 'The print file')`. */
export const binary = (contentType: string, description: string) => ({
  description,
  // unknown, so a handler may send a Buffer or a stream; documented as a binary string.
  content: { [contentType]: { schema: z.unknown().meta({ type: 'string', format: 'binary' }).describe(description) } },
});

/** GET /api/health on both listeners. */
export const ZHealthSchema = z.object({
  status: z.literal('ok').describe('Always "ok" when the server answers'),
  database: z.enum(['pglite', 'postgres']).describe('The database the server runs on'),
  event_loop: z.object({
    p99_ms: z.number().describe('The 99th percentile of the event loop\'s delay over the last minute, in milliseconds (the highest of its 10-second windows)'),
    max_ms: z.number().describe('The worst event-loop delay over the last minute, in milliseconds'),
    window_seconds: z.number().int().describe('How many seconds the figures cover (up to 60 after start)'),
  }).describe('How promptly this process answers: a busy server is slow here, a stalled one is not answering at all'),
  database_thread: z.object({
    busy: z.boolean().describe('Whether the embedded database is running a statement now'),
    busy_for_ms: z.number().int().describe('For how long the current statement has run, in milliseconds (0 when idle)'),
  }).nullable().describe('The embedded database\'s own thread (null on PostgreSQL): a long statement makes requests wait for the database, while this answer still comes at once'),
}).meta({ id: 'Health' });

/** What a readiness check found of one dependency: 'ok', or why it did not answer. */
const ZDependencyState = z.string().describe('"ok", or why it did not answer in time (e.g. "No answer within 2 s")');

/** GET /api/ready: whether this process can serve requests now (README "Running at scale"). */
export const ZReadySchema = z.object({
  status: z.enum(['ready', 'not_ready']).describe('"ready" when the database and the file storage answered (HTTP 200); otherwise "not_ready" (HTTP 503): a load balancer sends this process no traffic'),
  database: ZDependencyState.describe('The database: "ok" when `SELECT 1` answered within 2 s, otherwise why not'),
  storage: ZDependencyState.describe('The file storage (local folder or S3 bucket): "ok" when a lookup answered within 2 s, otherwise why not'),
  stopping: z.boolean().describe('Whether the process is shutting down (SIGTERM): it answers "not_ready" while it finishes its work'),
}).meta({ id: 'Ready' });
