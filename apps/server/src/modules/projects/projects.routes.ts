import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZProjectCreateSchema, ZProjectUpdateSchema } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import { requireUser, signedIn } from '../../platform/http.js';
import { THUMBNAIL_SIDES } from '../designs/thumbnails.js';
import {
  createProject, deleteProject, getProject, listProjects, openThumbnail, projectStatus, setProjectList, updateProject,
} from './projects.service.js';

const ZIdParams = z.object({ id: z.string() });

/**
 * Project routes (spec 000 §7), all for the signed-in user (401 otherwise) and 404 for another
 * user's project:
 * - GET    /api/projects                 → TProject[] newest first
 * - POST   /api/projects                 ZProjectCreateSchema → 201 TProject; 402 over the plan's max_projects
 * - GET    /api/projects/:id             → TProject
 * - POST   /api/projects/:id/update      ZProjectUpdateSchema → TProject
 * - DELETE /api/projects/:id             → 204
 * - GET    /api/projects/:id/status      → TProjectStatus
 * - PUT    /api/projects/:id/list        {listId} → TProject (the list becomes the current list)
 * - GET    /api/projects/:id/thumbnails/:side.png → image/png (inside | outside)
 */
export async function projectsRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  app.get('/api/projects', async (req) => listProjects(db, requireUser(req).id));

  app.post('/api/projects', { ...signedIn, schema: { body: ZProjectCreateSchema } }, async (req, reply) => {
    const project = await createProject(db, requireUser(req).id, req.body);
    return reply.status(201).send(project);
  });

  app.get('/api/projects/:id', { ...signedIn, schema: { params: ZIdParams } }, async (req) =>
    getProject(db, requireUser(req).id, req.params.id));

  app.post('/api/projects/:id/update', { ...signedIn, schema: { params: ZIdParams, body: ZProjectUpdateSchema } }, async (req) =>
    updateProject(ctx, requireUser(req).id, req.params.id, req.body));

  app.delete('/api/projects/:id', { ...signedIn, schema: { params: ZIdParams } }, async (req, reply) => {
    await deleteProject(ctx, requireUser(req).id, req.params.id);
    return reply.status(204).send();
  });

  app.get('/api/projects/:id/status', { ...signedIn, schema: { params: ZIdParams } }, async (req) =>
    projectStatus(db, requireUser(req).id, req.params.id));

  app.put('/api/projects/:id/list', { ...signedIn, schema: { params: ZIdParams, body: z.object({ listId: z.string() }) } }, async (req) =>
    setProjectList(db, requireUser(req).id, req.params.id, req.body.listId));

  const ZThumbnailParams = z.object({ id: z.string(), side: z.enum(THUMBNAIL_SIDES) });
  app.get('/api/projects/:id/thumbnails/:side.png', { ...signedIn, schema: { params: ZThumbnailParams } }, async (req, reply) => {
    const stream = await openThumbnail(db, ctx.storage, requireUser(req).id, req.params.id, req.params.side);
    // URLs carry ?v=<design updated_at>, so a cached copy never goes stale.
    return reply.type('image/png').header('cache-control', 'private, max-age=31536000, immutable').send(stream);
  });
}
