import { DESIGN_LIMITS, DESIGN_TOO_DEEP_MESSAGE, ZIdParams, ZProjectDesignSaveSchema, ZProjectDesignSchema } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { route } from '../../platform/route.js';
import { projectDesign, saveProjectDesign } from './projects.service.js';

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
  const errors = [400, 404] as const;

  route(app, {
    method: 'GET', url: '/api/templates/project/:id/design', auth: 'user', summary: 'The project\'s design', tags, params: ZIdParams,
    response: ZProjectDesignSchema, errors,
  }, (principal, { params }) => projectDesign(ctx, principal, params.id));

  route(app, {
    method: 'POST', url: '/api/templates/project/:id/design', auth: 'user', summary: 'Save the project\'s design', tags, params: ZIdParams,
    body: ZProjectDesignSaveSchema, response: ZProjectDesignSchema, errors: [...errors, 413],
    config: { jsonDepth: { max: DESIGN_LIMITS.bodyDepth, message: DESIGN_TOO_DEEP_MESSAGE } },
  }, (principal, { params, body }) => saveProjectDesign(ctx, principal, { id: params.id, design: body }));
}
