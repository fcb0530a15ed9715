import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

/**
 * Who is making a request (docs/architecture.md#authentication): set by an authenticate step — the session cookie on the
 * web app's `/api`, an API key on the public API — and passed to every service instead of a bare
 * user id. `scopes` are `resource:method` strings (docs/requirements/print-on-demand-api.md#data); a session holds every scope.
 */
export type Principal = {
  userId: string;
  isAdmin: boolean;
  /** How it authenticated; 'job' is a background job acting for the owner of its data. */
  via: 'session' | 'api_key' | 'job';
  scopes: readonly string[];
  /** The API key a request came with (via 'api_key'): its id and mode; test keys never print or charge (docs/requirements/print-on-demand-api.md#print-on-demand-api). */
  /** The API key a public API call came with; `ownerIsAdmin` is reported by /debug/user, never a power (API keys act as a plain user). */
  apiKey?: { id: string; mode: 'live' | 'test'; ownerIsAdmin?: boolean };
};

/** The scope list of a signed-in session: everything the user may do. */
export const ALL_SCOPES = ['*'] as const;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authenticate step of the listener; null when anonymous. */
    principal: Principal | null;
  }
}

/** The request's principal, or UNAUTHORIZED (401) 'Please log in to continue'. */
export function requirePrincipal(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('UNAUTHORIZED', 'Please log in to continue');
  return request.principal;
}

/** The request's principal when it is an administrator; UNAUTHORIZED (401) or FORBIDDEN (403) otherwise. */
export function requireAdmin(request: FastifyRequest): Principal {
  const principal = requirePrincipal(request);
  if (!principal.isAdmin) throw new AppError('FORBIDDEN', 'Administrators only');
  return principal;
}
