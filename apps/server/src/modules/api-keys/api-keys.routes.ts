import {
  ZApiKeyCreatedSchema, ZApiKeyCreateSchema, ZApiKeySchema, ZApiKeyUpdateSchema, ZErrorSchema, ZIdParams, ZNoContent,
} from '@mailcraft/shared';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { requirePrincipal, signedIn } from '../../platform/principal.js';
import { createKey, deleteKey, listKeys, regenerateKey, setKeyActive } from './api-keys.service.js';

/**
 * API key management for the signed-in user (docs/requirements/print-on-demand-api.md#api-keys-tab Keys tab, §7 Key management), at
 * `/keys…` as the spec calls them and at `/api/keys…`; session login required, another user's key → 404:
 * - GET    /keys → TApiKey[] (masked)
 * - POST   /keys {name, scopes, rate_limit, expires_in, mode} → 201 TApiKeyCreated (the full key, this once; 402 without the plan's `api`)
 * - POST   /keys/{id}/regenerate → TApiKeyCreated (the old key stops working at once; 402 without the plan's `api`)
 * - PUT    /keys/{id} {is_active} → TApiKey
 * - DELETE /keys/{id} → 204
 */
export async function apiKeysRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const tags = ['api-keys'];
  const errors = { 400: ZErrorSchema, 401: ZErrorSchema, 402: ZErrorSchema, 404: ZErrorSchema };
  for (const base of ['/api/keys', '/keys']) {
    const hide = base === '/keys'; // one entry per operation in the document
    app.get(base, {
      ...signedIn,
      schema: { hide, summary: 'Your API keys (masked)', tags, response: { 200: z.array(ZApiKeySchema), 401: ZErrorSchema } },
    }, async (req) => listKeys(ctx, requirePrincipal(req)));

    app.post(base, {
      ...signedIn,
      schema: { hide, summary: 'Create an API key (answered in full this once)', tags, body: ZApiKeyCreateSchema, response: { 201: ZApiKeyCreatedSchema, ...errors } },
    }, async (req, reply) => reply.status(201).send(await createKey(ctx, requirePrincipal(req), req.body)));

    app.post(`${base}/:id/regenerate`, {
      ...signedIn,
      schema: { hide, summary: 'Give an API key a new secret; the old one stops working', tags, params: ZIdParams, response: { 200: ZApiKeyCreatedSchema, ...errors } },
    }, async (req) => regenerateKey(ctx, requirePrincipal(req), req.params.id));

    app.put(`${base}/:id`, {
      ...signedIn,
      schema: { hide, summary: 'Switch an API key on or off', tags, params: ZIdParams, body: ZApiKeyUpdateSchema, response: { 200: ZApiKeySchema, ...errors } },
    }, async (req) => setKeyActive(ctx, requirePrincipal(req), req.params.id, req.body.is_active));

    app.delete(`${base}/:id`, {
      ...signedIn,
      schema: { hide, summary: 'Delete an API key', tags, params: ZIdParams, response: { 204: ZNoContent, ...errors } },
    }, async (req, reply) => {
      await deleteKey(ctx, requirePrincipal(req), req.params.id);
      return reply.status(204).send(null);
    });
  }
}
