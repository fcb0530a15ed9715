import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { AppError, ERROR_STATUS, type ErrorCode } from './errors.js';
import { issueSentence, type Issue } from './validation-sentences.js';
import { isStatementTimeout, STATEMENT_TIMEOUT_MESSAGE } from '../db/statement-timeouts.js';

/** Where the public API's documentation explains an error code, or undefined on the web app. */
export type DocUrl = ((code: string) => string) | undefined;

/** An error answer's fields before the envelope adds `request_id` (and `doc_url` on the public API). */
type ErrorFields = { code: ErrorCode; message: string; details?: unknown };

/**
 * Sends `{ error: { code, message, request_id, details?, doc_url? } }` with `status`: `request_id`
 * is the request's id, also in the X-Request-Id header, so a user can quote it to support.
 */
function sendError(reply: FastifyReply, status: number, error: ErrorFields, docUrl?: DocUrl) {
  const body = { ...error, request_id: reply.request.id, ...(docUrl ? { doc_url: docUrl(error.code) } : {}) };
  return reply.status(status).send({ error: body });
}

/** Zod issues as the envelope's `details` and first sentence (issueSentence: the field named). */
function validationError(issues: Issue[], context?: string): ErrorFields {
  const details = issues.map((issue) => ({ message: issueSentence(issue, context), path: `/${(issue.path ?? []).map(String).join('/')}` }));
  return { code: 'VALIDATION', message: details[0]?.message ?? 'The request is not valid', details };
}

/** The issues of a route's schema validation failure (`err.validation` of fastify-type-provider-zod), as zod reports them. */
const schemaIssues = (err: FastifyError): Issue[] =>
  (err.validation ?? []).map((v) => ({ ...(v.params as object), code: v.keyword, path: v.instancePath.split('/').filter(Boolean), message: v.message ?? 'Invalid' }));

/**
 * The sentence naming the field of a request that failed its route's schema (a route with
 * `attachValidation` shows it in its own page), or undefined for any other error.
 */
export function validationSentence(err: unknown): string | undefined {
  if (!hasZodFastifySchemaValidationErrors(err)) return undefined;
  return validationError(schemaIssues(err as FastifyError), (err as FastifyError).validationContext).message;
}

/**
 * The sentence for an error Fastify itself raised below 500 (the body parser, the router): its
 * own messages name internals ('Body cannot be empty when content-type is set to …', a JSON
 * parser's 'Unexpected token } in JSON at position 12').
 */
function fastifySentence(err: FastifyError, status: number): string {
  if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return 'This Content-Type is not accepted: send the body as JSON (Content-Type: application/json)';
  if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) return 'The request body is too large';
  if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError) return 'The request body is not valid JSON';
  if (err.code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH') return 'The Content-Length header does not match the body';
  return err.message;
}

/**
 * Maps every thrown error to the envelope with the status of its code (docs/architecture.md#errors-envelope): an
 * AppError as it is; validation failures as a sentence naming the field; a statement timeout as
 * 503; Fastify's own 4xx in a sentence; anything else logged with its detail and answered as
 * INTERNAL without it. `docUrl` (the public API) adds the documentation link.
 */
export function installErrorHandler(app: FastifyInstance, docUrl?: DocUrl): void {
  const send = (reply: FastifyReply, status: number, error: ErrorFields) => sendError(reply, status, error, docUrl);
  app.setErrorHandler((err: FastifyError | AppError | ZodError, request: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof AppError) return send(reply, err.status, { code: err.code, message: err.message, details: err.details });
    if (err instanceof ZodError) return send(reply, 400, validationError(err.issues as unknown as Issue[]));
    if (hasZodFastifySchemaValidationErrors(err)) return send(reply, 400, validationError(schemaIssues(err as FastifyError), err.validationContext));
    if (isStatementTimeout(err)) {
      request.log.warn({ err }, 'statement timeout');
      return send(reply, 503, { code: 'SERVICE_UNAVAILABLE', message: STATEMENT_TIMEOUT_MESSAGE });
    }
    const status = (err as FastifyError).statusCode ?? 500;
    if (status >= 500) {
      request.log.error(err);
      return send(reply, 500, { code: 'INTERNAL', message: 'Something went wrong. Please try again later.' });
    }
    const code = (Object.keys(ERROR_STATUS) as ErrorCode[]).find((c) => c !== 'VALIDATION' && ERROR_STATUS[c] === status) ?? 'BAD_REQUEST';
    return send(reply, status, { code, message: fastifySentence(err as FastifyError, status) });
  });
}

/** The 404 envelope of an unknown route (with the documentation link on the public API). */
export const notFoundEnvelope = (reply: FastifyReply, docUrl?: DocUrl) => sendError(reply, 404, { code: 'NOT_FOUND', message: 'Not found' }, docUrl);

/**
 * The 405 of a known path asked with a method it does not take: the `Allow` header lists
 * `allowed` (RFC 9110 §15.5.6), and so does the message.
 */
export const methodNotAllowed = (reply: FastifyReply, allowed: string[], docUrl?: DocUrl) => {
  reply.header('allow', allowed.join(', '));
  const message = `${reply.request.method} is not allowed here: this path takes ${allowed.join(', ')}`;
  return sendError(reply, 405, { code: 'METHOD_NOT_ALLOWED', message }, docUrl);
};
