import {
  DESIGN_LIMITS, DESIGN_TOO_DEEP_MESSAGE, ZNoContent, ZReinforcementDesignSchema, ZReinforcementSaveSchema, ZReinforcementSlotParams, ZIdParams, type ReinforcementSlot,
} from '@mailcraft/shared';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { route } from '../../platform/route.js';
import { deleteReinforcement, projectReinforcementDesigns, saveReinforcement } from './reinforcements.service.js';

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
  const errors = [400, 404] as const;

  route(app, {
    method: 'GET', url: '/api/projects/:id/reinforcements', auth: 'user', summary: 'The project\'s reinforcement designs', tags, params: ZIdParams,
    response: z.array(ZReinforcementDesignSchema), errors,
  }, (principal, { params }) => projectReinforcementDesigns(ctx, principal, params.id));

  route(app, {
    method: 'PUT', url: '/api/projects/:id/reinforcements/:slot', auth: 'user', summary: 'Save a reinforcement design', tags,
    params: ZReinforcementSlotParams, body: ZReinforcementSaveSchema, response: ZReinforcementDesignSchema, errors: [...errors, 413],
    config: { jsonDepth: { max: DESIGN_LIMITS.bodyDepth, message: DESIGN_TOO_DEEP_MESSAGE } },
  }, (principal, { params, body }) => saveReinforcement(ctx, principal, { projectId: params.id, slot: params.slot as ReinforcementSlot, ...body }));

  route(app, {
    method: 'DELETE', url: '/api/projects/:id/reinforcements/:slot', auth: 'user', summary: 'Remove a reinforcement', tags,
    params: ZReinforcementSlotParams, response: ZNoContent, status: 204, errors,
  }, (principal, { params }) => deleteReinforcement(ctx, principal, { projectId: params.id, slot: params.slot as ReinforcementSlot }));
}
