import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { AppError, ERROR_STATUS, type ErrorCode } from './errors.js';
import { isStatementTimeout, STATEMENT_TIMEOUT_MESSAGE } from '../db/statement-timeouts.js';

/** First zod issue as one readable line, e.g. 'Line 3 is required'. */
function zodMessage(issues: { message: string }[]): string {
  return issues[0]?.message ?? 'Invalid request';
}

/** Where the public API's documentation explains an error code (issue 10), or undefined on the web app. */
export type DocUrl = ((code: string) => string) | undefined;

/**
 * Maps every thrown error to `{ error: { code, message, details?, doc_url? } }` with the status of
 * its code (STYLE.md "Errors"); `docUrl` (the public API) adds the documentation link. Unknown
 * errors are logged and answered as INTERNAL without detail.
 */
export function installErrorHandler(app: FastifyInstance, docUrl?: DocUrl): void {
  const send = (reply: FastifyReply, status: number, error: { code: string; message: string; details?: unknown }) =>
    reply.status(status).send({ error: docUrl ? { ...error, doc_url: docUrl(error.code) } : error });
  app.setErrorHandler((err: FastifyError | AppError | ZodError, request: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof AppError) return send(reply, err.status, { code: err.code, message: err.message, details: err.details });
    if (err instanceof ZodError) return send(reply, 400, { code: 'VALIDATION', message: zodMessage(err.issues), details: err.issues });
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({ message: v.message ?? 'Invalid', path: v.instancePath }));
      return send(reply, 400, { code: 'VALIDATION', message: zodMessage(issues), details: issues });
    }
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
    return send(reply, status, { code, message: err.message });
  });
}

/** The 404 envelope of an unknown route (with the documentation link on the public API). */
export const notFoundEnvelope = (reply: FastifyReply, docUrl?: DocUrl) =>
  reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Not found', ...(docUrl ? { doc_url: docUrl('NOT_FOUND') } : {}) } });
