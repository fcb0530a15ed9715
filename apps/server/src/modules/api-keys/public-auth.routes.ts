import { ZApiErrorSchema, ZApiKeyListSchema, ZApiVerifySchema, ZCursorQuerySchema } from '@mailcraft/shared';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { PAGING_DOC, pageInMemory } from '../../platform/cursor.js';
import type { ZodApp } from '../../platform/module.js';
import { requirePrincipal } from '../../platform/principal.js';
import { scoped } from './api-key-auth.js';
import { listKeys } from './api-keys.service.js';

const errors = { 401: ZApiErrorSchema, 403: ZApiErrorSchema, 429: ZApiErrorSchema };

/**
 * The public API's own account routes (docs/requirements/print-on-demand-api.md#api), key-authenticated, at `/api/…` and the bare path:
 * - GET /api/auth/verify → {authenticated, userId, message, mode, scopes}
 * - GET /debug/user → the key's owner and the key (for the API Debug tab; only what the owner may see)
 * - GET /api/keys → a page of the owner's keys, masked (scope keys:get; created and changed only in the web app)
 */
export async function publicAuthRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  for (const prefix of ['/api', '']) {
    const hide = prefix === '';
    app.get(`${prefix}/auth/verify`, {
      schema: { hide, operationId: 'auth.verify', summary: 'Check an API key', tags: ['auth'], response: { 200: ZApiVerifySchema, ...errors } },
    }, async (req) => {
      const p = requirePrincipal(req);
      return { authenticated: true as const, userId: p.userId, message: 'API key is valid', mode: p.apiKey!.mode, scopes: [...p.scopes] };
    });
    app.get(`${prefix}/debug/user`, {
      schema: {
        hide, operationId: 'debug.user', summary: 'Who the key acts for (API Debug)', tags: ['debug'],
        response: { 200: z.object({ id: z.string().describe('The key owner\'s user id (docs/requirements/print-on-demand-api.md#api-debug-tab status user)'), is_admin: z.boolean().describe('Whether the owner is an admin (API keys never act as one)'), userId: z.string().describe('The key owner\'s user id'), keyId: z.string().describe('The key\'s id'), mode: z.string().describe('live or test'), scopes: z.array(z.string()).describe('The key\'s permissions') }), ...errors },
      },
    }, async (req) => {
      const p = requirePrincipal(req);
      return { id: p.userId, is_admin: p.apiKey!.ownerIsAdmin ?? false, userId: p.userId, keyId: p.apiKey!.id, mode: p.apiKey!.mode, scopes: [...p.scopes] };
    });
    app.get(`${prefix}/keys`, {
      ...scoped('keys'),
      schema: {
        hide, operationId: 'keys.list', summary: 'Your API keys, masked (read only: keys are managed in the web app)', description: PAGING_DOC, tags: ['auth'],
        querystring: ZCursorQuerySchema, response: { 200: ZApiKeyListSchema, ...errors },
      },
    }, async (req) => pageInMemory('keys', await listKeys(ctx, requirePrincipal(req)), (k) => k.id, req.query));
    app.get(`${prefix}/debug/routes`, {
      schema: {
        hide, operationId: 'debug.routes', summary: 'The API\'s documented routes (API Debug)', tags: ['debug'],
        response: { 200: z.array(z.object({ method: z.string().describe('HTTP method'), url: z.string().describe('Path') })), ...errors },
      },
    }, async () => app.routeTable.filter((r) => !r.hidden && r.method !== 'HEAD').map((r) => ({ method: r.method, url: r.url })));
  }
}
