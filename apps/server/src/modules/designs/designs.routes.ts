import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZProjectDesignSaveSchema } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import { requireUser, signedIn } from '../../platform/http.js';
import { getDesign, saveDesign } from './designs.service.js';

const ZIdParams = z.object({ id: z.string() });

/**
 * Design routes (spec 000 §3 Design template, §7), for the signed-in user; another user's
 * project → 404:
 * - GET  /api/templates/project/:id/design → {template_data_inside, template_data_outside, updated_at}
 * - POST /api/templates/project/:id/design ZProjectDesignSaveSchema → the same shape, as saved
 *        (400 wrong page size or shape, 413 thumbnail over 2 MB)
 */
export async function designsRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/api/templates/project/:id/design', { ...signedIn, schema: { params: ZIdParams } }, async (req) =>
    getDesign(ctx.db, requireUser(req).id, req.params.id));

  app.post('/api/templates/project/:id/design', { ...signedIn, schema: { params: ZIdParams, body: ZProjectDesignSaveSchema } }, async (req) =>
    saveDesign(ctx.db, ctx.storage, requireUser(req).id, req.params.id, req.body));
}
