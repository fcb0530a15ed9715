import { z } from 'zod';
import {
  binary, ZEffectCreateSchema, ZEffectPatchSchema, ZEffectPreviewSchema, ZEffectSchema, ZEffectSpecPreviewSchema, ZIdParams, ZNoContent,
} from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { route } from '../../platform/route.js';
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
  const errors = [400, 403, 404] as const;
  const imageErrors = [...errors, 413, 422] as const;
  const png = binary('image/png', 'The image with the effect drawn, PNG of the same width and height');

  route(app, {
    method: 'GET', url: '/api/effects', auth: 'user', summary: 'Image effects users can apply to image elements', tags: ['effects'], response: z.array(ZEffectSchema), errors,
  }, (principal) => listEffects(ctx, principal));

  route(app, {
    method: 'POST', url: '/api/effects/:id/preview', auth: 'user', summary: 'Draw a saved effect on an image, as print does', tags: ['effects'],
    params: ZIdParams, body: ZEffectPreviewSchema, response: png, errors: imageErrors,
  }, async (principal, { params, body }, { reply }) =>
    reply.type('image/png').header('cache-control', 'no-store').send(await previewEffect(ctx, principal, { id: params.id, image: body.image })));

  route(app, { method: 'GET', url: '/api/admin/effects', auth: 'admin', summary: 'Image effects (administrators)', tags: ['admin'], response: z.array(ZEffectSchema), errors },
    (principal) => listEffects(ctx, principal));

  route(app, {
    method: 'POST', url: '/api/admin/effects', auth: 'admin', summary: 'Create an image effect (administrators)', tags: ['admin'],
    body: ZEffectCreateSchema, response: ZEffectSchema, status: 201, errors: [...errors, 409],
  }, (principal, { body }) => createEffect(ctx, principal, body));

  route(app, {
    method: 'POST', url: '/api/admin/effects/preview', auth: 'admin', summary: 'Draw an unsaved effect on an image (administrators)', tags: ['admin'],
    body: ZEffectSpecPreviewSchema, response: png, errors: imageErrors,
  }, async (principal, { body }, { reply }) =>
    reply.type('image/png').header('cache-control', 'no-store').send(await previewSpec(ctx, principal, body)));

  route(app, {
    method: 'PATCH', url: '/api/admin/effects/:id', auth: 'admin', summary: 'Change an image effect (administrators)', tags: ['admin'],
    params: ZIdParams, body: ZEffectPatchSchema, response: ZEffectSchema, errors: [...errors, 409],
  }, (principal, { params, body }) => updateEffect(ctx, principal, { id: params.id, ...body }));

  route(app, {
    method: 'DELETE', url: '/api/admin/effects/:id', auth: 'admin', summary: 'Delete an image effect (administrators)', tags: ['admin'],
    params: ZIdParams, response: ZNoContent, status: 204, errors,
  }, (principal, { params }) => deleteEffect(ctx, principal, params.id));
}
