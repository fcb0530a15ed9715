import { z } from 'zod';

/**
 * Schemas every route uses: the `{id}` path parameter and the error envelope (STYLE.md "Errors",
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
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Every error answer: `{ error: { code, message, details? } }`. */
export const ZErrorSchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES).describe('Machine-readable error code'),
    message: z.string().describe('What went wrong, in words safe to show to the user'),
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
}).meta({ id: 'Health' });
