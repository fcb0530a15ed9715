import { ZApiKeyListSchema, ZApiVerifySchema, ZCursorQuerySchema } from '@mailcraft/shared';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { PAGING_DOC, pageInMemory } from '../../platform/cursor.js';
import type { ZodApp } from '../../platform/module.js';
import { route, scope } from '../../platform/route.js';
import { listKeys } from './api-keys.service.js';

const errors = [403, 429] as const;
/** A path at `/api…` (documented) and bare (hidden). */
const at = (path: string) => [`/api${path}`, path];

/**
 * The public API's own account routes (docs/requirements/print-on-demand-api.md#api), key-authenticated, at `/api/…` and the bare path:
 * - GET /api/auth/verify → {authenticated, userId, message, mode, scopes}
 * - GET /debug/user → the key's owner and the key (for the API Debug tab; only what the owner may see)
 * - GET /api/keys → a page of the owner's keys, masked (scope keys:get; created and changed only in the web app)
 * - GET /api/debug/routes → the API's documented routes (API Debug)
 */
export async function publicAuthRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  route(app, {
    method: 'GET', url: at('/auth/verify'), auth: 'key', operationId: 'auth.verify', summary: 'Check an API key', tags: ['auth'], response: ZApiVerifySchema, errors,
  }, (p) => ({ authenticated: true as const, userId: p.userId, message: 'API key is valid', mode: p.apiKey!.mode, scopes: [...p.scopes] }));

  route(app, {
    method: 'GET', url: at('/debug/user'), auth: 'key', operationId: 'debug.user', summary: 'Who the key acts for (API Debug)', tags: ['debug'],
    response: z.object({ id: z.string().describe('The key owner\'s user id (docs/requirements/print-on-demand-api.md#api-debug-tab status user)'), is_admin: z.boolean().describe('Whether the owner is an admin (API keys never act as one)'), userId: z.string().describe('The key owner\'s user id'), keyId: z.string().describe('The key\'s id'), mode: z.string().describe('live or test'), scopes: z.array(z.string()).describe('The key\'s permissions') }),
    errors,
  }, (p) => ({ id: p.userId, is_admin: p.apiKey!.ownerIsAdmin ?? false, userId: p.userId, keyId: p.apiKey!.id, mode: p.apiKey!.mode, scopes: [...p.scopes] }));

  route(app, {
    method: 'GET', url: at('/keys'), auth: scope('keys'), operationId: 'keys.list', summary: 'Your API keys, masked (read only: keys are managed in the web app)',
    description: PAGING_DOC, tags: ['auth'], query: ZCursorQuerySchema, response: ZApiKeyListSchema, errors,
  }, async (principal, { query }) => pageInMemory('keys', await listKeys(ctx, principal), (k) => k.id, query));

  route(app, {
    method: 'GET', url: at('/debug/routes'), auth: 'key', operationId: 'debug.routes', summary: 'The API\'s documented routes (API Debug)', tags: ['debug'],
    response: z.array(z.object({ method: z.string().describe('HTTP method'), url: z.string().describe('Path') })), errors,
  }, () => app.routeTable.filter((r) => !r.hidden && r.method !== 'HEAD').map((r) => ({ method: r.method, url: r.url })));
}
