import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { clientKey } from '../../platform/client-key.js';
import { SHORT_CODE_PATTERN } from '../qr-codes/qr-codes.service.js';
import { createScanRecorder } from './scan-recorder.js';

const page = (title: string, text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">`
  + `<meta name="robots" content="noindex"><title>${title}</title></head>`
  + `<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#333">`
  + `<h1 style="font-size:1.4rem">${title}</h1><p>${text}</p></body></html>`;

const NOT_FOUND = page('Link not found', 'This link does not exist or is no longer active.');
const NO_DESTINATION = page('Not set up yet', 'The sender has not chosen where this code leads yet. Please try again later.');
const TOO_MANY = page('Too many requests', 'Please wait a minute and try again.');

/**
 * The short links `{PUBLIC_URL}/{code}` (docs/requirements/scans-and-analytics.md#scan-recording; docs/requirements/notifications.md#rules with an unguessable code), on the
 * web listener outside `/api`. GET and HEAD: the scan is recorded (time, place, device, bot or
 * human) before the answer — 302 to the record's destination, a plain page when the list has no
 * destination yet, a plain 404 page for an unknown or deleted code. Answers are never cached
 * and carry no referrer. Paths that do not look like a code fall through to the web app. One
 * client address (IPv6 /64) gets SCAN_RATE_LIMIT requests a minute (default 600; a phone scans a
 * few), then a 429 page: a flood neither fills the scans table nor fans out to the owner's webhooks.
 * The count is shared by every process on the database (platform/shared-rate-limit.ts): a process lets
 * an address's first tenth of the limit through on its own count (a phone's few scans cost no
 * statement), then counts it in the database — exact on one process, at most (N − 1) × a tenth over
 * the limit across N processes (docs/decisions/0026-shared-limits-in-postgresql.md).
 * Hidden from the OpenAPI document: it is a link for people, not an API.
 */
export async function shortLinkRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const recorder = createScanRecorder(ctx);
  // People, not programs, follow these links: errors are plain pages too.
  app.setErrorHandler((err: { statusCode?: number }, req, reply) => {
    if (err.statusCode === 429) return reply.code(429).type('text/html; charset=utf-8').send(TOO_MANY);
    req.log.error(err);
    return reply.code(500).type('text/html; charset=utf-8').send(page('Something went wrong', 'Please try again in a moment.'));
  });
  const pattern = SHORT_CODE_PATTERN.source;
  const limit = ctx.config.scanRateLimit;
  // Declared bare, not with route() (platform/route.ts): the scan path takes no principal, documents nothing and answers
  // pages itself, so the helper would only add a handler wrapper and a response schema to every scan.
  app.get(`/:code(${pattern})`, {
    // A redirect needs none of the page headers helmet computes per request (CSP and others).
    helmet: false,
    config: limit > 0 ? {
      rateLimitLocalAllowance: Math.floor(limit / 10),
      rateLimit: {
        max: limit, timeWindow: '1 minute', keyGenerator: (req) => clientKey(req.ip),
        errorResponseBuilder: (_req, c) => Object.assign(new Error('Too many requests'), { statusCode: c.statusCode }),
      },
    } : {},
    schema: { hide: true, params: z.object({ code: z.string().regex(SHORT_CODE_PATTERN).describe('The short code') }) },
  }, async (req, reply) => {
    const outcome = await recorder.record({
      code: req.params.code,
      at: new Date(),
      ip: req.ip ?? null,
      userAgent: req.headers['user-agent'] ?? null,
      referrer: req.headers.referer ?? null,
      method: req.method,
    });
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').header('x-robots-tag', 'noindex, nofollow');
    if (outcome.kind === 'redirect') return reply.code(302).header('location', outcome.url).send();
    return reply.code(outcome.kind === 'unknown' ? 404 : 200).type('text/html; charset=utf-8').send(outcome.kind === 'unknown' ? NOT_FOUND : NO_DESTINATION);
  });
}
