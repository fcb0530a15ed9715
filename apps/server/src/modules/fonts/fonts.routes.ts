import { z } from 'zod';
import { ZErrorSchema, ZFontDataSchema, ZFontSchema, ZIdParams } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { signedIn } from '../../platform/principal.js';
import { fontBase64, listFonts } from './fonts.service.js';

/**
 * Font routes (docs/requirements/workflow.md#api "fonts"), both for signed-in users (401 otherwise):
 * - GET /api/fonts → `[{ id, postscript_name, is_fallback, display_name }]` (built-in and uploaded fonts)
 * - GET /api/fonts/{id}/base64 → `{ data }`, the TTF as base64; 404 for an unknown id.
 * Font files may be cached by the browser for a day: fonts do not change under an id.
 */
export async function fontsRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const tags = ['fonts'];
  app.get('/api/fonts', {
    ...signedIn,
    schema: { summary: 'Fonts available to designs', tags, response: { 200: z.array(ZFontSchema), 401: ZErrorSchema } },
  }, async () => listFonts(ctx));

  app.get('/api/fonts/:id/base64', {
    ...signedIn,
    schema: { summary: 'A font file as base64', tags, params: ZIdParams, response: { 200: ZFontDataSchema, 401: ZErrorSchema, 404: ZErrorSchema } },
  }, async (req, reply) => {
    reply.header('cache-control', 'private, max-age=86400');
    return fontBase64(ctx, req.params.id);
  });
}
