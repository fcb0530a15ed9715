import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { UPLOAD_MAX_BYTES } from '@mailcraft/shared';
import type { AppContext } from './platform/context.js';
import { installErrorHandler } from './platform/http.js';
import { routeModules } from './modules/index.js';

/**
 * Builds the HTTP app: plugins, error envelope, every module's `/api` routes and, when the web
 * app is built, the SPA with an index.html fallback for client-side routes.
 */
export async function buildApp(ctx: AppContext, opts: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: opts.logger ?? false, trustProxy: true, bodyLimit: 10 * 1024 * 1024 });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  app.decorateRequest('user', null);

  await app.register(helmet, {
    contentSecurityPolicy: false, // the pdfme Designer injects inline styles and fonts as data URLs
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cookie);
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10 } });
  await app.register(rateLimit, { global: false });

  for (const register of routeModules) await register(app, ctx);

  const webDir = ctx.config.webDir;
  const index = webDir ? path.join(webDir, 'index.html') : null;
  if (webDir && index && fs.existsSync(index)) {
    // wildcard: files are looked up per request, so a rebuilt web app is served without a restart.
    await app.register(fastifyStatic, { root: webDir, wildcard: true, index: false });
    const sendIndex = (reply: FastifyReply) =>
      reply.type('text/html').header('cache-control', 'no-cache').send(fs.createReadStream(index));
    app.get('/', (_req, reply) => sendIndex(reply));
    app.setNotFoundHandler((req, reply) => {
      if (req.url.startsWith('/api/') || req.method !== 'GET') {
        return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Not found' } });
      }
      return sendIndex(reply);
    });
  } else {
    app.setNotFoundHandler((_req, reply) => reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Not found' } }));
  }
  return app;
}
