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
