import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZPermitCreateSchema, ZProjectPermitSchema } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import { requireUser, signedIn } from '../../platform/http.js';
import { setProjectPermit } from '../projects/projects.service.js';
import { createPermit, deletePermit, listPermits } from './permits.service.js';

const ZIdParams = z.object({ id: z.string() });

/**
 * Mailing permit routes (spec 000 §3–§5, §7), for the signed-in user; another user's ids → 404:
 * - GET    /api/templates/permits          → TPermit[] (default first)
 * - POST   /api/templates/permits          {name, indicia: {line1..line6}, isDefault} → 201 TPermit
 *          (400 'Permit name is required', 'Line {n} is required', 'Maximum 20 characters allowed')
 * - DELETE /api/templates/permits/:id      → 204
 * - PUT    /api/templates/project/:id/permit {permitId, templateType?, paperSize?, sides?} → TProject
 */
export async function permitsRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  app.get('/api/templates/permits', async (req) => listPermits(db, requireUser(req).id));

  app.post('/api/templates/permits', { ...signedIn, schema: { body: ZPermitCreateSchema } }, async (req, reply) => {
    const permit = await createPermit(db, requireUser(req).id, req.body);
    return reply.status(201).send(permit);
  });

  app.delete('/api/templates/permits/:id', { ...signedIn, schema: { params: ZIdParams } }, async (req, reply) => {
    await deletePermit(db, requireUser(req).id, req.params.id);
    return reply.status(204).send();
  });

  app.put('/api/templates/project/:id/permit', { ...signedIn, schema: { params: ZIdParams, body: ZProjectPermitSchema } }, async (req) =>
    setProjectPermit(db, requireUser(req).id, req.params.id, req.body.permitId));
}
