import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { requireUser } from '../../platform/http.js';
import { fontBase64, listFonts } from './fonts.service.js';

const ZFontParams = z.object({ id: z.string().uuid() });

/**
 * Font routes (spec 000 §7 "fonts"), both for signed-in users (401 otherwise):
 * - GET /api/fonts → `[{ id, postscript_name, is_fallback }]`
 * - GET /api/fonts/{id}/base64 → `{ data }`, the TTF as base64; 404 for an unknown id.
 * Responses may be cached by the browser for a day: fonts do not change under an id.
 */
export async function fontsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/api/fonts', async (req) => {
    requireUser(req);
    return listFonts(ctx);
  });

  app.get('/api/fonts/:id/base64', async (req, reply) => {
    requireUser(req);
    const params = ZFontParams.safeParse(req.params);
    if (!params.success) throw notFound('Font');
    reply.header('cache-control', 'private, max-age=86400');
    return fontBase64(ctx, params.data.id);
  });
}
