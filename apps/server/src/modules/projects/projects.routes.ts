import { z } from 'zod';
import {
  ZErrorSchema, ZIdParams, ZNoContent, ZProjectCreateSchema, ZProjectPermitSchema, ZProjectSchema, ZProjectStatusSchema,
  ZProjectUpdateSchema, ZSetProjectListSchema, binary,
} from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { requirePrincipal, signedIn } from '../../platform/principal.js';
import { THUMBNAIL_SIDES } from '../designs/thumbnails.js';
import {
  chooseProjectList, createProject, deleteProject, getProject, listProjects, openThumbnail, projectStatus,
  setProjectPermit, updateProject,
} from './projects.service.js';

const errors = { 400: ZErrorSchema, 401: ZErrorSchema, 404: ZErrorSchema };

/**
 * Project routes (docs/requirements/workflow.md#api), all for the signed-in user (401 otherwise) and 404 for another
 * user's project:
 * - GET    /api/projects                    → TProject[] newest first
 * - POST   /api/projects                    ZProjectCreateSchema → 201 TProject; 402 over the plan's max_projects
 * - GET    /api/projects/{id}               → TProject
 * - POST   /api/projects/{id}/update        ZProjectUpdateSchema → TProject
 * - DELETE /api/projects/{id}               → 204
 * - GET    /api/projects/{id}/status        → TProjectStatus
 * - PUT    /api/projects/{id}/list          {listId} → TProject (the list becomes the current list)
 * - PUT    /api/templates/project/{id}/permit {permitId} → TProject (custom with a permit, none with null)
 * - GET    /api/projects/{id}/thumbnails/{side}.png → image/png (inside | outside)
 */
export async function projectsRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const tags = ['projects'];

  app.get('/api/projects', {
    ...signedIn,
    schema: { summary: 'The user\'s projects, newest first', tags, response: { 200: z.array(ZProjectSchema), 401: ZErrorSchema } },
  }, async (req) => listProjects(db, requirePrincipal(req)));

  app.post('/api/projects', {
    ...signedIn,
    schema: { summary: 'Create a project', tags, body: ZProjectCreateSchema, response: { 201: ZProjectSchema, ...errors, 402: ZErrorSchema, 422: ZErrorSchema } },
  }, async (req, reply) => reply.status(201).send(await createProject(db, requirePrincipal(req), req.body, !!ctx.config.productPermit)));

  app.get('/api/projects/:id', {
    ...signedIn,
    schema: { summary: 'One project', tags, params: ZIdParams, response: { 200: ZProjectSchema, ...errors } },
  }, async (req) => getProject(db, requirePrincipal(req), req.params.id));

  app.post('/api/projects/:id/update', {
    ...signedIn,
    schema: { summary: 'Update a project', tags, params: ZIdParams, body: ZProjectUpdateSchema, response: { 200: ZProjectSchema, ...errors } },
  }, async (req) => updateProject(ctx, requirePrincipal(req), req.params.id, req.body));

  app.delete('/api/projects/:id', {
    ...signedIn,
    schema: { summary: 'Delete a project with its design', tags, params: ZIdParams, response: { 204: ZNoContent, ...errors } },
  }, async (req, reply) => {
    await deleteProject(ctx, requirePrincipal(req), req.params.id);
    return reply.status(204).send(null);
  });

  app.get('/api/projects/:id/status', {
    ...signedIn,
    schema: { summary: 'List, design and progress of a project', tags, params: ZIdParams, response: { 200: ZProjectStatusSchema, ...errors } },
  }, async (req) => projectStatus(db, requirePrincipal(req), req.params.id));

  app.put('/api/projects/:id/list', {
    ...signedIn,
    schema: { summary: 'Make a list the project\'s current mailing list', tags, params: ZIdParams, body: ZSetProjectListSchema, response: { 200: ZProjectSchema, ...errors } },
  }, async (req) => chooseProjectList(db, requirePrincipal(req), req.params.id, req.body.listId));

  app.put('/api/templates/project/:id/permit', {
    ...signedIn,
    schema: { summary: 'Set the project\'s mailing permit', tags: ['permits', ...tags], params: ZIdParams, body: ZProjectPermitSchema, response: { 200: ZProjectSchema, ...errors } },
  }, async (req) => setProjectPermit(db, requirePrincipal(req), req.params.id, req.body.permitId));

  const ZThumbnailParams = ZIdParams.extend({ side: z.enum(THUMBNAIL_SIDES).describe('Which page') });
  app.get('/api/projects/:id/thumbnails/:side.png', {
    ...signedIn,
    schema: { summary: 'Thumbnail of a design page', tags, params: ZThumbnailParams, response: { 200: binary('image/png', 'The thumbnail PNG'), ...errors } },
  }, async (req, reply) => {
    const stream = await openThumbnail(db, ctx.storage, requirePrincipal(req), req.params.id, req.params.side);
    // URLs carry ?v=<design updated_at>, so a cached copy never goes stale.
    return reply.type('image/png').header('cache-control', 'private, max-age=31536000, immutable').send(stream);
  });
}
