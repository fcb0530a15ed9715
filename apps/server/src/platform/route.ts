import type { FastifyContextConfig, FastifyReply, FastifyRequest } from 'fastify';
import { API_KEY_MESSAGES, modeAllows, scopesAllow, ZApiErrorSchema, ZErrorSchema, ZNoContent } from '@mailcraft/shared';
import type { z } from 'zod';
import { AppError } from './errors.js';
import type { ZodApp } from './module.js';
import { requireAdmin, requirePrincipal, type Principal } from './principal.js';

/**
 * Who may call a route (docs/architecture.md#authentication):
 * - 'public': anyone; the handler gets the principal or null;
 * - 'user': a signed-in session or an API key — UNAUTHORIZED (401) 'Please log in to continue' otherwise;
 * - 'admin': an administrator — 401, or FORBIDDEN (403) 'Administrators only';
 * - `scope('orders')`: a public API key whose scopes allow the request's method on that resource, and a test key
 *   only where test mode may write (docs/requirements/print-on-demand-api.md#scopes) — 401 or 403;
 * - 'key': any public API key, whatever its scopes (the key's own account routes, e.g. `/api/auth/verify`): the public
 *   API listener's authenticate step has checked it; 401 without a principal. Errors in the public API's shape, as `scope(…)`.
 * Each is checked before the body is validated, so an anonymous caller learns that it must sign in, not what its payload lacks.
 */
export type RouteAuth = 'public' | 'user' | 'admin' | 'key' | { scope: string };

/** The `auth` of a public API route needing `resource` (e.g. 'orders', 'mailing_lists'). */
export const scope = (resource: string): { scope: string } => ({ scope: resource });

/** An error status a route documents; the listener's error handler answers it in the route's error shape. */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 429 | 500 | 502 | 503;

/** A non-JSON answer in an OpenAPI `content` map, as shared `binary()` builds. */
type ContentAnswer = { description: string; content: Record<string, unknown> };
type Schema = z.ZodType;
type In<S> = S extends Schema ? z.output<S> : undefined;
/** What a handler returns for a response schema: its input shape; nothing for `ZNoContent` (204). */
type Out<R> = R extends z.ZodNull ? void | null : R extends Schema ? z.input<R> : unknown;

/** What a route declares; the helper builds the Fastify schema, the error map and the authentication step from it. */
export type RouteSpec<P, Q, B, R> = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path; several paths are aliases (e.g. `/api/keys` and the spec's `/keys`): the first is documented, the others hidden. */
  url: string | readonly string[];
  auth: RouteAuth;
  summary: string;
  description?: string;
  /** The OpenAPI operationId (given on the public API, whose clients are generated). */
  operationId?: string;
  tags: readonly string[];
  params?: P;
  query?: Q;
  body?: B;
  /** The success answer: a zod schema, or a content map for binary answers. */
  response: R;
  /** The success status: 200 unless given; 204 sends no body whatever the handler returns. */
  status?: 200 | 201 | 202 | 204;
  /** The error statuses to document (401/403 of `auth` are added). */
  errors?: readonly ErrorStatus[];
  /** Other documented answers (redirects, alternative content), by status. */
  answers?: Record<number, unknown>;
  /** Hide every path of this route from the OpenAPI document. */
  hide?: boolean;
  config?: FastifyContextConfig;
  bodyLimit?: number;
  /** The request media types to document when the body is not JSON (e.g. `['multipart/form-data']`, read in the handler). */
  consumes?: readonly string[];
  /** `false` skips helmet's per-request page headers (CSP and others) on answers no browser renders as a page (images, redirects). */
  helmet?: false;
  /**
   * Let an invalid body or query reach the handler (Fastify's `attachValidation`): the input is then unvalidated and
   * `req.validationError` holds the failure — for server-hosted forms that answer it with the page again (`auth.routes.ts`).
   */
  attachValidation?: boolean;
};

/** The validated input of a request. */
export type RouteInput<P, Q, B> = { params: In<P>; query: In<Q>; body: In<B> };
/** The raw request and reply, for headers, cookies, streams and redirects. */
export type RouteHttp = { req: FastifyRequest; reply: FastifyReply };
type PrincipalOf<A> = A extends 'public' ? Principal | null : Principal;

/**
 * Declares one route (each of its paths) from its zod schemas (docs/architecture.md#route-schemas-and-openapi):
 * `route(app, { method: 'GET', url: '/api/keys', auth: 'user', summary, tags, response: z.array(ZApiKeySchema), errors: [404] },
 * (principal, { params, query, body }, { req, reply }) => listKeys(ctx, principal))`.
 * The handler's value is sent with `status` (200 by default; 204 sends nothing); a handler that answers itself returns
 * the reply. Errors are documented in the web app's shape (`ZErrorSchema`), or the public API's (`ZApiErrorSchema`)
 * on `scope(…)` and 'key' routes.
 */
export function route<A extends RouteAuth, P extends Schema | undefined = undefined, Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined, R extends Schema | ContentAnswer = Schema>(
  app: ZodApp,
  spec: RouteSpec<P, Q, B, R> & { auth: A },
  handler: (principal: PrincipalOf<A>, input: RouteInput<P, Q, B>, http: RouteHttp) => Promise<Out<R> | FastifyReply> | Out<R> | FastifyReply,
): void {
  const urls = typeof spec.url === 'string' ? [spec.url] : spec.url;
  const errorSchema = typeof spec.auth === 'object' || spec.auth === 'key' ? ZApiErrorSchema : ZErrorSchema;
  const statuses = new Set<number>(spec.errors ?? []);
  if (spec.auth !== 'public') statuses.add(401);
  if (spec.auth === 'admin' || typeof spec.auth === 'object') statuses.add(403);
  const status = spec.status ?? 200;
  const response: Record<number, unknown> = { [status]: status === 204 ? ZNoContent : spec.response, ...spec.answers };
  for (const code of [...statuses].sort((a, b) => a - b)) response[code] = errorSchema;
  const preValidation = authStep(spec.auth);

  urls.forEach((url, i) => {
    app.route({
      method: spec.method,
      url,
      ...(preValidation ? { preValidation } : {}),
      ...(spec.config ? { config: spec.config } : {}),
      ...(spec.bodyLimit ? { bodyLimit: spec.bodyLimit } : {}),
      ...(spec.helmet === false ? { helmet: false as const } : {}),
      ...(spec.attachValidation ? { attachValidation: true } : {}),
      schema: {
        hide: spec.hide || i > 0,
        summary: spec.summary,
        ...(spec.description ? { description: spec.description } : {}),
        ...(spec.operationId ? { operationId: spec.operationId } : {}),
        tags: [...spec.tags],
        ...(spec.consumes ? { consumes: [...spec.consumes] } : {}),
        ...(spec.params ? { params: spec.params } : {}),
        ...(spec.query ? { querystring: spec.query } : {}),
        ...(spec.body ? { body: spec.body } : {}),
        response,
      },
      handler: async (req: FastifyRequest, reply: FastifyReply) => {
        const input = { params: req.params, query: req.query, body: req.body } as RouteInput<P, Q, B>;
        const result = await handler(req.principal as PrincipalOf<A>, input, { req, reply });
        if (result === reply || reply.sent) return reply;
        return reply.status(status).send(status === 204 ? null : result);
      },
    });
  });
}

/** The preValidation step of `auth` (see RouteAuth), or none for public routes. */
function authStep(auth: RouteAuth): ((req: FastifyRequest) => Promise<void>) | undefined {
  if (auth === 'public') return undefined;
  if (auth === 'user' || auth === 'key') return async (req) => void requirePrincipal(req);
  if (auth === 'admin') return async (req) => void requireAdmin(req);
  const resource = auth.scope;
  return async (req) => requireScope(requirePrincipal(req), resource, req.method);
}

/**
 * A key's scope check (docs/requirements/print-on-demand-api.md#scopes): FORBIDDEN (403) when its scopes do not allow
 * `method` on `resource`, or when a test key sends a change test mode does not allow (shared `modeAllows`:
 * test keys only read projects, lists, addresses, templates and permits; API_KEY_MESSAGES.testKeyReadOnly).
 */
export function requireScope(principal: Principal, resource: string, method: string): void {
  if (!scopesAllow(principal.scopes, resource, method)) {
    throw new AppError('FORBIDDEN', `This API key may not ${method} ${resource} (its scopes: ${principal.scopes.join(', ')})`);
  }
  if (principal.apiKey && !modeAllows(principal.apiKey.mode, resource, method)) throw new AppError('FORBIDDEN', API_KEY_MESSAGES.testKeyReadOnly);
}
