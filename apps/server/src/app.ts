import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { binary, UPLOAD_MAX_BYTES } from '@mailcraft/shared';
import type { AppContext } from './platform/context.js';
import { CONTENT_SECURITY_POLICY } from './platform/csp.js';
import { installErrorHandler, notFoundEnvelope, type DocUrl } from './platform/http.js';
import { registerModules } from './platform/module.js';
import { registerOpenApi } from './platform/openapi.js';
import { registerHealthRoutes, registerReadyRoute } from './platform/health.routes.js';
import { route } from './platform/route.js';
import { limitJsonDepth } from './platform/json-depth.js';
import { clientKey } from './platform/client-key.js';
import { sharedRateLimitStore } from './platform/shared-rate-limit.js';

import { beginActivity } from './platform/runtime-activity.js';
import { authenticateSession, guardRequests } from './modules/auth/session-auth.js';
import { rootModules, webModules } from './modules/index.js';

/** The deepest nesting any JSON request body may have (objects and arrays). */
const JSON_MAX_DEPTH = 64;

/** A registered route, as the listener's `routeTable` lists it (OpenAPI completeness test, diagnostics). */
export type RouteEntry = { method: string; url: string; hidden: boolean; hasResponse: boolean };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered on this listener, in order. */
    routeTable: RouteEntry[];
  }
}

/**
 * What every listener shares: zod validation and serialisation, the error envelope, a random id
 * per request (`req_…`, in the X-Request-Id header of every answer and the `request_id` of every
 * error; incoming X-Request-Id headers are not trusted), JSON bodies that may be empty, no principal yet.
 */
export function baseFastify(ctx: AppContext, opts: { logger?: boolean; bodyLimit: number; docUrl?: DocUrl }): FastifyInstance {
  // Fastify accepts a hop count too (proxy-addr), though its type does not say so.
  const trustProxy = ctx.config.trustProxy as boolean | string | string[];
  const app = Fastify({ logger: opts.logger ?? false, trustProxy, bodyLimit: opts.bodyLimit, genReqId: newRequestId });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app, opts.docUrl);
  // Every JSON body, signed in or not, is refused past JSON_MAX_DEPTH levels (or its route's own
  // `config.jsonDepth`) as it streams in, before JSON.parse could hold the HTTP thread on it.
  const tooDeep = `This request's JSON nests more than ${JSON_MAX_DEPTH} levels deep.`;
  app.addHook('preParsing', async (req, reply, payload) => {
    if (!/json/i.test(req.headers['content-type'] ?? '')) return payload;
    const own = req.routeOptions.config?.jsonDepth;
    return limitJsonDepth(own?.max ?? JSON_MAX_DEPTH, own?.message ?? tooDeep)(req, reply, payload);
  });
  acceptEmptyJsonBodies(app);
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    done();
  });
  app.decorateRequest('principal', null);
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  // What is in flight, for the stall watchdog's report.
  const ends = new WeakMap<object, () => void>();
  app.addHook('onRequest', (req, reply, done) => {
    const endActivity = beginActivity(`${req.method} ${req.routeOptions.url ?? req.url.split('?')[0]}`);
    ends.set(req, endActivity);
    reply.raw.once('close', endActivity); // a reply handed to the public API skips onResponse here
    done();
  });
  const end = (req: object) => {
    ends.get(req)?.();
    ends.delete(req);
  };
  app.addHook('onResponse', (req, _reply, done) => { end(req); done(); });
  app.addHook('onRequestAbort', (req, done) => { end(req); done(); });
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url, hidden: !!route.schema?.hide, hasResponse: !!route.schema?.response });
  });
  return app;
}

/** A request's id: 'req_' and 16 random bytes in base64url (128 bits; Fastify's `genReqId`). */
export const newRequestId = (): string => `req_${randomBytes(16).toString('base64url')}`;

/**
 * Replaces Fastify's JSON body parser by one that reads an empty body as no body: a DELETE or a
 * body-less POST sent with `Content-Type: application/json` and nothing after it is accepted
 * (Fastify answers 400 FST_ERR_CTP_EMPTY_JSON_BODY otherwise); a route that needs a body then
 * says so in its validation. Anything else goes to Fastify's own parser (prototype poisoning refused).
 */
function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if ((body as string).trim() === '') return done(null, undefined);
    return parseJson(req, body as string, done);
  });
}

/** Whether `file` is one of the build's content-hashed files (Vite writes them to assets/). */
function isHashedAsset(webDir: string, file: string): boolean {
  return path.relative(webDir, file).split(path.sep)[0] === 'assets';
}

/**
 * Whether a request to the web listener is a call of the public API (docs/requirements/print-on-demand-api.md#print-on-demand-api: the API is served on
 * the main port too, so the web app's Test API, API Debug and Order Entry call it from their own
 * origin): any request with an `X-API-Key` header (both path forms, as on API_PORT), an `/api/…`
 * path with the `api_key` query parameter (docs/requirements/print-on-demand-api.md#api), and the API's interactive reference and
 * its document (`/api/docs`, `/api/docs/json`). The session API and page loads carry neither.
 */
export function isKeyedApiRequest(url: string, headers: Record<string, unknown>): boolean {
  if (headers['x-api-key'] !== undefined) return true;
  if (!url.startsWith('/api/')) return false;
  if (url === '/api/docs' || url.startsWith('/api/docs/') || url.startsWith('/api/docs?')) return true;
  const q = url.indexOf('?');
  return q >= 0 && new URLSearchParams(url.slice(q + 1)).has('api_key');
}

/**
 * Builds the web listener (PORT): plugins, the generated OpenAPI document at
 * `GET /api/openapi.json`, every module's `/api` routes inside one scope whose authenticate step
 * is the session cookie, and, when the web app is built, the SPA with an index.html fallback.
 * With `keyedApi` (the public API listener), requests that carry an API key
 * (`isKeyedApiRequest`) are handed to it before anything else runs, so the documented API answers
 * on this port's `/api/…` paths exactly as on API_PORT.
 */
export async function buildApp(ctx: AppContext, opts: { logger?: boolean; keyedApi?: FastifyInstance } = {}): Promise<FastifyInstance> {
  const app = baseFastify(ctx, { logger: opts.logger, bodyLimit: 10 * 1024 * 1024 });
  const keyedApi = opts.keyedApi;
  if (keyedApi) {
    await keyedApi.ready();
    app.addHook('onRequest', (req, reply, done) => {
      if (!isKeyedApiRequest(req.raw.url ?? '', req.headers)) return done();
      reply.hijack();
      keyedApi.routing(req.raw, reply.raw);
    });
  }
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    crossOriginEmbedderPolicy: false,
    // helmet's default no-referrer makes browsers send `Origin: null` on same-origin form posts,
    // which the cross-site check refuses; this policy keeps the real origin on our own requests.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  await app.register(cookie);
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10 } });
  // Per route only; counted in the database, so a limit holds across every process sharing it
  // (platform/shared-rate-limit.ts), per client address bucket (IPv6 /64, platform/client-key.ts).
  await app.register(rateLimit, { global: false, store: sharedRateLimitStore(ctx.database), keyGenerator: (req) => clientKey(req.ip) });
  await registerOpenApi(app, {
    title: 'Mailcraft web API',
    description: 'The API of the Mailcraft web app, authenticated by the session cookie.',
    path: '/api/openapi.json',
    serverUrl: ctx.config.publicUrl,
    securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'mc_session', description: 'Session cookie set by POST /api/auth/login' } },
  });

  await app.register(async (api) => {
    api.decorateRequest('sessionUser', null);
    api.decorateRequest('sessionExpiresAt', null);
    api.addHook('onRequest', authenticateSession(ctx));
    api.addHook('preHandler', guardRequests(ctx));
    await registerModules(api, ctx, webModules);
  });
  await registerModules(app, ctx, rootModules);
  registerHealthRoutes(app, ctx);
  registerReadyRoute(app, ctx);

  const webDir = ctx.config.webDir;
  const index = webDir ? path.join(webDir, 'index.html') : null;
  if (webDir && index && fs.existsSync(index)) {
    // wildcard: files are looked up per request, so a rebuilt web app is served without a restart.
    // preCompressed: the build writes .br and .gz beside each file; the best one the client accepts
    // is sent (docs/requirements/workflow.md#clear-states-and-fast-pages). Hashed files under /assets/ never change: cached for a year, immutable;
    // anything else is revalidated.
    await app.register(fastifyStatic, {
      root: webDir, wildcard: true, index: false, preCompressed: true, cacheControl: false,
      setHeaders: (reply, file) => {
        reply.header('cache-control', isHashedAsset(webDir, file) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    const sendIndex = (reply: FastifyReply) =>
      reply.type('text/html').header('cache-control', 'no-cache').send(fs.createReadStream(index));
    route(app.withTypeProvider<ZodTypeProvider>(), {
      method: 'GET', url: '/', auth: 'public', summary: 'The web app', tags: ['web'], response: binary('text/html', 'The web app\'s page'), hide: true,
    }, (_principal, _input, { reply }) => sendIndex(reply));
    app.setNotFoundHandler((req, reply) => {
      if (req.url.startsWith('/api/') || req.method !== 'GET') return notFoundEnvelope(reply);
      return sendIndex(reply);
    });
  } else {
    app.setNotFoundHandler((_req, reply) => notFoundEnvelope(reply));
  }
  return app;
}
