import { ZApiKeyCreatedSchema, ZApiKeyCreateSchema, ZApiKeySchema, ZApiKeyUpdateSchema, ZIdParams, ZNoContent } from '@mailcraft/shared';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { route } from '../../platform/route.js';
import { createKey, deleteKey, listKeys, regenerateKey, setKeyActive } from './api-keys.service.js';

/**
 * API key management for the signed-in user (docs/requirements/print-on-demand-api.md#api-keys-tab), at `/api/keys…` and at
 * `/keys…` as the spec calls them (hidden from the document); session login required, another user's key → 404:
 * - GET    /keys → TApiKey[] (masked)
 * - POST   /keys {name, scopes, rate_limit, expires_in, mode} → 201 TApiKeyCreated (the full key, this once; 402 without the plan's `api`)
 * - POST   /keys/{id}/regenerate → TApiKeyCreated (the old key stops working at once; 402 without the plan's `api`)
 * - PUT    /keys/{id} {is_active} → TApiKey
 * - DELETE /keys/{id} → 204
 */
export async function apiKeysRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const tags = ['api-keys'];
  const at = (path: string) => [`/api/keys${path}`, `/keys${path}`];
  const errors = [400, 402, 404] as const;

  route(app, { method: 'GET', url: at(''), auth: 'user', summary: 'Your API keys (masked)', tags, response: z.array(ZApiKeySchema) },
    (principal) => listKeys(ctx, principal));

  route(app, {
    method: 'POST', url: at(''), auth: 'user', summary: 'Create an API key (answered in full this once)', tags,
    body: ZApiKeyCreateSchema, response: ZApiKeyCreatedSchema, status: 201, errors,
  }, (principal, { body }) => createKey(ctx, principal, body));

  route(app, {
    method: 'POST', url: at('/:id/regenerate'), auth: 'user', summary: 'Give an API key a new secret; the old one stops working', tags,
    params: ZIdParams, response: ZApiKeyCreatedSchema, errors,
  }, (principal, { params }) => regenerateKey(ctx, principal, params.id));

  route(app, {
    method: 'PUT', url: at('/:id'), auth: 'user', summary: 'Switch an API key on or off', tags,
    params: ZIdParams, body: ZApiKeyUpdateSchema, response: ZApiKeySchema, errors,
  }, (principal, { params, body }) => setKeyActive(ctx, principal, { id: params.id, isActive: body.is_active }));

  route(app, {
    method: 'DELETE', url: at('/:id'), auth: 'user', summary: 'Delete an API key', tags, params: ZIdParams, response: ZNoContent, status: 204, errors,
  }, async (principal, { params }) => deleteKey(ctx, principal, params.id));
}
