import {
  DESIGN_LIMITS, DESIGN_TOO_DEEP_MESSAGE, ZErrorSchema, ZNoContent, ZReinforcementDesignSchema, ZReinforcementSaveSchema, ZReinforcementSlotParams, ZIdParams, type ReinforcementSlot,
} from '@mailcraft/shared';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { requirePrincipal, signedIn } from '../../platform/principal.js';
import { getOwnedProject } from '../projects/projects.service.js';
import { deleteReinforcement, listReinforcements, saveReinforcement } from './reinforcements.service.js';

/**
 * A project's reinforcement designs for the Designer's R1–R3 tabs, for the
 * signed-in user; another user's project → 404. The rules live in reinforcements.service.ts.
 * - GET    /api/projects/{id}/reinforcements → TReinforcementDesign[] (saved slots only)
 * - PUT    /api/projects/{id}/reinforcements/{slot} {name, type, template_data, thumbnail?} → TReinforcementDesign
 *          (400 not one page at the project's size or nested deeper than DESIGN_LIMITS.bodyDepth — refused
 *          before it is parsed; 413 thumbnail over 2 MB or an image over the image bounds)
 * - DELETE /api/projects/{id}/reinforcements/{slot} → 204 (404 when empty)
 */
export async function reinforcementsRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const tags = ['designs'];
  const errors = { 400: ZErrorSchema, 401: ZErrorSchema, 404: ZErrorSchema };

  app.get('/api/projects/:id/reinforcements', {
    ...signedIn,
    schema: { summary: 'The project\'s reinforcement designs', tags, params: ZIdParams, response: { 200: z.array(ZReinforcementDesignSchema), ...errors } },
  }, async (req) => listReinforcements(ctx.db, await getOwnedProject(ctx.db, requirePrincipal(req), req.params.id)));

  app.put('/api/projects/:id/reinforcements/:slot', {
    ...signedIn,
    config: { jsonDepth: { max: DESIGN_LIMITS.bodyDepth, message: DESIGN_TOO_DEEP_MESSAGE } },
    schema: {
      summary: 'Save a reinforcement design', tags, params: ZReinforcementSlotParams, body: ZReinforcementSaveSchema,
      response: { 200: ZReinforcementDesignSchema, ...errors, 413: ZErrorSchema },
    },
  }, async (req) => {
    const project = await getOwnedProject(ctx.db, requirePrincipal(req), req.params.id);
    return saveReinforcement(ctx.db, ctx.storage, project, req.params.slot as ReinforcementSlot, req.body);
  });

  app.delete('/api/projects/:id/reinforcements/:slot', {
    ...signedIn,
    schema: { summary: 'Remove a reinforcement', tags, params: ZReinforcementSlotParams, response: { 204: ZNoContent, ...errors } },
  }, async (req, reply) => {
    const project = await getOwnedProject(ctx.db, requirePrincipal(req), req.params.id);
    await deleteReinforcement(ctx.db, ctx.storage, project, req.params.slot as ReinforcementSlot);
    return reply.status(204).send(null);
  });
}
