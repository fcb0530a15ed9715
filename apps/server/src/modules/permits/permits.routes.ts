import { indiciaLines, ZErrorSchema, ZIdParams, ZNoContent, ZPermitCreateSchema, ZPermitSchema, ZProductPermitSchema } from '@mailcraft/shared';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { requirePrincipal, signedIn } from '../../platform/principal.js';
import { createPermit, deletePermit, listPermits } from './permits.service.js';

/**
 * Mailing permit routes (docs/requirements/projects.md#data), for the signed-in user; another user's ids → 404:
 * - GET    /api/templates/permits      → TPermit[] (default first)
 * - POST   /api/templates/permits      {name, indicia: {line1..line6}, isDefault} → 201 TPermit
 *          (400 'Permit name is required', 'Line {n} is required', 'Maximum 20 characters allowed')
 * - DELETE /api/templates/permits/{id} → 204
 * - GET    /api/templates/permits/product → `{ available, indicia }`: the operator's own permit
 *          (PRODUCT_PERMIT_NUMBER / PRODUCT_PERMIT_CITY), offered only when complete (docs/requirements/workflow.md#clear-states-and-fast-pages)
 * A project's permit is set through the projects module (PUT /api/templates/project/{id}/permit).
 */
export async function permitsRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const tags = ['permits'];

  app.get('/api/templates/permits', {
    ...signedIn,
    schema: { summary: 'The user\'s mailing permits, default first', tags, response: { 200: z.array(ZPermitSchema), 401: ZErrorSchema } },
  }, async (req) => listPermits(db, requirePrincipal(req)));

  app.get('/api/templates/permits/product', {
    ...signedIn,
    schema: { summary: 'The product\'s own permit, when this server offers one', tags, response: { 200: ZProductPermitSchema, 401: ZErrorSchema } },
  }, async () => {
    const indicia = ctx.config.productPermit;
    return { available: !!indicia, indicia: indicia ? { ...indicia, text: indiciaLines(indicia).join('\n') } : null };
  });

  app.post('/api/templates/permits', {
    ...signedIn,
    schema: { summary: 'Save a mailing permit', tags, body: ZPermitCreateSchema, response: { 201: ZPermitSchema, 400: ZErrorSchema, 401: ZErrorSchema } },
  }, async (req, reply) => reply.status(201).send(await createPermit(db, requirePrincipal(req), req.body)));

  app.delete('/api/templates/permits/:id', {
    ...signedIn,
    schema: { summary: 'Delete a mailing permit', tags, params: ZIdParams, response: { 204: ZNoContent, 401: ZErrorSchema, 404: ZErrorSchema } },
  }, async (req, reply) => {
    await deletePermit(db, requirePrincipal(req), req.params.id);
    return reply.status(204).send(null);
  });
}
