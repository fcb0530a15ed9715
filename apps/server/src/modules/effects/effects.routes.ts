import { z } from 'zod';
import {
  binary, ZEffectCreateSchema, ZEffectPatchSchema, ZEffectPreviewSchema, ZEffectSchema, ZEffectSpecPreviewSchema, ZErrorSchema, ZIdParams, ZNoContent,
} from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { adminOnly, requirePrincipal, signedIn } from '../../platform/principal.js';
import { createEffect, deleteEffect, listEffects, previewEffect, previewSpec, updateEffect } from './effects.service.js';

/**
 * Image effects (docs/requirements/administration.md#administration Admin → Effects):
 * - GET    /api/effects → TEffect[] (signed-in users: the designer's Effect choice), by name
 * - POST   /api/effects/{id}/preview {image: data URL} → image/png: the effect drawn by the same
 *          `applyEffect` print uses (signed-in; 404 unknown; 413 over 5 MB / 25 MP; 422 not PNG/JPEG)
 * - GET    /api/admin/effects → TEffect[] (administrators; 403 others)
 * - POST   /api/admin/effects {name, kind, params} → 201 TEffect (409 duplicate name)
 * - PATCH  /api/admin/effects/{id} {name?, kind?, params?} → TEffect (404, 409)
 * - DELETE /api/admin/effects/{id} → 204 (elements that use it then print without an effect)
 * - POST   /api/admin/effects/preview {effect, image} → image/png: an unsaved effect (the admin form)
 * Every admin change is audited in area 'effects'.
 */
export async function effectsRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const errors = { 400: ZErrorSchema, 401: ZErrorSchema, 403: ZErrorSchema, 404: ZErrorSchema };
  const imageErrors = { ...errors, 413: ZErrorSchema, 422: ZErrorSchema };
  const png = binary('image/png', 'The image with the effect drawn, PNG of the same width and height');

  app.get('/api/effects', {
    ...signedIn,
    schema: { summary: 'Image effects users can apply to image elements', tags: ['effects'], response: { 200: z.array(ZEffectSchema), ...errors } },
  }, async () => listEffects(db));

  app.post('/api/effects/:id/preview', {
    ...signedIn,
    schema: { summary: 'Draw a saved effect on an image, as print does', tags: ['effects'], params: ZIdParams, body: ZEffectPreviewSchema, response: { 200: png, ...imageErrors } },
  }, async (req, reply) => reply.type('image/png').header('cache-control', 'no-store').send(await previewEffect(db, requirePrincipal(req), req.params.id, req.body.image)));

  app.get('/api/admin/effects', {
    ...adminOnly,
    schema: { summary: 'Image effects (administrators)', tags: ['admin'], response: { 200: z.array(ZEffectSchema), ...errors } },
  }, async () => listEffects(db));

  app.post('/api/admin/effects', {
    ...adminOnly,
    schema: { summary: 'Create an image effect (administrators)', tags: ['admin'], body: ZEffectCreateSchema, response: { 201: ZEffectSchema, ...errors, 409: ZErrorSchema } },
  }, async (req, reply) => reply.status(201).send(await createEffect(db, requirePrincipal(req), req.body)));

  app.post('/api/admin/effects/preview', {
    ...adminOnly,
    schema: { summary: 'Draw an unsaved effect on an image (administrators)', tags: ['admin'], body: ZEffectSpecPreviewSchema, response: { 200: png, ...imageErrors } },
  }, async (req, reply) => reply.type('image/png').header('cache-control', 'no-store').send(await previewSpec(requirePrincipal(req), req.body.effect, req.body.image)));

  app.patch('/api/admin/effects/:id', {
    ...adminOnly,
    schema: { summary: 'Change an image effect (administrators)', tags: ['admin'], params: ZIdParams, body: ZEffectPatchSchema, response: { 200: ZEffectSchema, ...errors, 409: ZErrorSchema } },
  }, async (req) => updateEffect(db, requirePrincipal(req), req.params.id, req.body));

  app.delete('/api/admin/effects/:id', {
    ...adminOnly,
    schema: { summary: 'Delete an image effect (administrators)', tags: ['admin'], params: ZIdParams, response: { 204: ZNoContent, ...errors } },
  }, async (req, reply) => {
    await deleteEffect(db, requirePrincipal(req), req.params.id);
    return reply.status(204).send(null);
  });
}
