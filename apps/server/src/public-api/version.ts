import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../platform/errors.js';

/**
 * The public API's dated versions, oldest first (as Stripe-Version): a change that could break an
 * integration (a field removed or renamed, a shape changed) comes as a new date, and a request
 * naming an older one keeps being answered as that version was documented
 * (docs/requirements/print-on-demand-api.md#versions).
 */
export const API_VERSIONS = ['2026-11-27'] as const;
export type ApiVersion = (typeof API_VERSIONS)[number];
/** The version a request without the header gets: the newest. */
export const CURRENT_API_VERSION: ApiVersion = API_VERSIONS[API_VERSIONS.length - 1];
/** The request and response header that names the version. */
export const VERSION_HEADER = 'Mailcraft-Version';

/** What the documentation says of versions, on every operation. */
export const VERSION_DOC = `Versioned by date: send ${VERSION_HEADER}: ${CURRENT_API_VERSION} to keep this behaviour when the API changes `
  + `(without the header you get the newest version); the answer's ${VERSION_HEADER} header names the version that answered.`;

declare module 'fastify' {
  interface FastifyRequest {
    /** The public API version this request is answered as (its Mailcraft-Version header, else the newest). */
    apiVersion: ApiVersion;
  }
}

/**
 * The public API's `onRequest` step for versions: reads `Mailcraft-Version` (absent → the newest),
 * sets `request.apiVersion` and names the version in the answer's header.
 * Errors: VALIDATION (400) for a version the API does not know, naming the ones it does.
 */
export async function readApiVersion(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const raw = request.headers[VERSION_HEADER.toLowerCase()];
  const asked = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  const version = asked ? API_VERSIONS.find((v) => v === asked) : CURRENT_API_VERSION;
  reply.header(VERSION_HEADER.toLowerCase(), version ?? CURRENT_API_VERSION);
  if (!version) throw new AppError('VALIDATION', `${VERSION_HEADER} must be one of: ${API_VERSIONS.join(', ')}`);
  request.apiVersion = version;
}
