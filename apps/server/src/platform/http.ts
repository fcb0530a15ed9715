import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { AppError, ERROR_STATUS, type ErrorCode } from './errors.js';

/** First zod issue as one readable line, e.g. 'Line 3 is required'. */
function zodMessage(issues: { message: string }[]): string {
  return issues[0]?.message ?? 'Invalid request';
}

/**
 * Maps every thrown error to `{ error: { code, message, details? } }` with the status of its
 * code (STYLE.md "Errors"). Unknown errors are logged and answered as INTERNAL without detail.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError | ZodError, request: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send({ error: { code: err.code, message: err.message, details: err.details } });
    }
    if (err instanceof ZodError) {
      return reply.status(400).send({ error: { code: 'VALIDATION', message: zodMessage(err.issues), details: err.issues } });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({ message: v.message ?? 'Invalid', path: v.instancePath }));
      return reply.status(400).send({ error: { code: 'VALIDATION', message: zodMessage(issues), details: issues } });
    }
    const status = (err as FastifyError).statusCode ?? 500;
    if (status >= 500) {
      request.log.error(err);
      return reply.status(500).send({ error: { code: 'INTERNAL', message: 'Something went wrong. Please try again later.' } });
    }
    const code = (Object.keys(ERROR_STATUS) as ErrorCode[]).find((c) => c !== 'VALIDATION' && ERROR_STATUS[c] === status) ?? 'BAD_REQUEST';
    return reply.status(status).send({ error: { code, message: err.message } });
  });
}

/** The 404 envelope of an unknown route. */
export const notFoundEnvelope = (reply: FastifyReply) =>
  reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Not found' } });
