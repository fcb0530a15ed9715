import { DESIGN_LIMITS, DESIGN_TOO_DEEP_MESSAGE, ZErrorSchema, ZIdParams, ZProjectDesignSaveSchema, ZProjectDesignSchema } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { requirePrincipal, signedIn } from '../../platform/principal.js';
import { getDesign, saveDesign } from '../designs/designs.service.js';
import { getOwnedProject } from './projects.service.js';

/**
 * A project's design, for the signed-in user; another user's
 * project → 404. The project is checked here; the design rules live in the designs module.
 * - GET  /api/templates/project/{id}/design → {template_data_inside, template_data_outside, updated_at}
 * - POST /api/templates/project/{id}/design ZProjectDesignSaveSchema → the same shape, as saved
 *        (400 wrong page size or shape, or nested deeper than DESIGN_LIMITS.bodyDepth — refused
 *        before it is parsed; 413 thumbnail over 2 MB or an image over the image bounds)
 */
export async function projectDesignRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const tags = ['designs'];
  const errors = { 400: ZErrorSchema, 401: ZErrorSchema, 404: ZErrorSchema };

  app.get('/api/templates/project/:id/design', {
    ...signedIn,
    schema: { summary: 'The project\'s design', tags, params: ZIdParams, response: { 200: ZProjectDesignSchema, ...errors } },
  }, async (req) => getDesign(ctx.db, await getOwnedProject(ctx.db, requirePrincipal(req), req.params.id)));

  app.post('/api/templates/project/:id/design', {
    ...signedIn,
    config: { jsonDepth: { max: DESIGN_LIMITS.bodyDepth, message: DESIGN_TOO_DEEP_MESSAGE } },
    schema: {
      summary: 'Save the project\'s design', tags, params: ZIdParams, body: ZProjectDesignSaveSchema,
      response: { 200: ZProjectDesignSchema, ...errors, 413: ZErrorSchema },
    },
  }, async (req) => saveDesign(ctx.db, ctx.storage, await getOwnedProject(ctx.db, requirePrincipal(req), req.params.id), req.body));
}
