import { z } from 'zod';
import { ZFontDataSchema, ZFontSchema, ZIdParams } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { route } from '../../platform/route.js';
import { fontBase64, listFonts } from './fonts.service.js';

/**
 * Font routes (docs/requirements/workflow.md#api "fonts"), both for signed-in users (401 otherwise):
 * - GET /api/fonts → `[{ id, postscript_name, is_fallback, display_name }]` (built-in and uploaded fonts)
 * - GET /api/fonts/{id}/base64 → `{ data }`, the TTF as base64; 404 for an unknown id.
 * Font files may be cached by the browser for a day: fonts do not change under an id.
 */
export async function fontsRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const tags = ['fonts'];
  route(app, { method: 'GET', url: '/api/fonts', auth: 'user', summary: 'Fonts available to designs', tags, response: z.array(ZFontSchema) },
    (principal) => listFonts(ctx, principal));

  route(app, {
    method: 'GET', url: '/api/fonts/:id/base64', auth: 'user', summary: 'A font file as base64', tags, params: ZIdParams, response: ZFontDataSchema, errors: [404],
  }, (principal, { params }, { reply }) => {
    reply.header('cache-control', 'private, max-age=86400');
    return fontBase64(ctx, principal, params.id);
  });
}
