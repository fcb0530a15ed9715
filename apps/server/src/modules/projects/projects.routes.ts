import { z } from 'zod';
import {
  ZIdParams, ZNoContent, ZProjectCreateSchema, ZProjectPermitSchema, ZProjectSchema, ZProjectStatusSchema,
  ZProjectUpdateSchema, ZSetProjectListSchema, binary,
} from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { route } from '../../platform/route.js';
import { THUMBNAIL_SIDES } from '../designs/thumbnails.js';
import {
  chooseProjectList, createProject, deleteProject, getProject, listProjects, openThumbnail, projectStatus,
  setProjectPermit, updateProject,
} from './projects.service.js';

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
  const tags = ['projects'];
  const errors = [400, 404] as const;

  route(app, { method: 'GET', url: '/api/projects', auth: 'user', summary: 'The user\'s projects, newest first', tags, response: z.array(ZProjectSchema) },
    (principal) => listProjects(ctx, principal));

  route(app, {
    method: 'POST', url: '/api/projects', auth: 'user', summary: 'Create a project', tags, body: ZProjectCreateSchema, response: ZProjectSchema, status: 201,
    errors: [...errors, 402, 422],
  }, (principal, { body }) => createProject(ctx, principal, body));

  route(app, { method: 'GET', url: '/api/projects/:id', auth: 'user', summary: 'One project', tags, params: ZIdParams, response: ZProjectSchema, errors },
    (principal, { params }) => getProject(ctx, principal, params.id));

  route(app, {
    method: 'POST', url: '/api/projects/:id/update', auth: 'user', summary: 'Update a project', tags, params: ZIdParams, body: ZProjectUpdateSchema,
    response: ZProjectSchema, errors,
  }, (principal, { params, body }) => updateProject(ctx, principal, { ...body, id: params.id }));

  route(app, {
    method: 'DELETE', url: '/api/projects/:id', auth: 'user', summary: 'Delete a project with its design', tags, params: ZIdParams,
    response: ZNoContent, status: 204, errors,
  }, (principal, { params }) => deleteProject(ctx, principal, params.id));

  route(app, {
    method: 'GET', url: '/api/projects/:id/status', auth: 'user', summary: 'List, design and progress of a project', tags, params: ZIdParams,
    response: ZProjectStatusSchema, errors,
  }, (principal, { params }) => projectStatus(ctx, principal, params.id));

  route(app, {
    method: 'PUT', url: '/api/projects/:id/list', auth: 'user', summary: 'Make a list the project\'s current mailing list', tags, params: ZIdParams,
    body: ZSetProjectListSchema, response: ZProjectSchema, errors,
  }, (principal, { params, body }) => chooseProjectList(ctx, principal, { id: params.id, listId: body.listId }));

  route(app, {
    method: 'PUT', url: '/api/templates/project/:id/permit', auth: 'user', summary: 'Set the project\'s mailing permit', tags: ['permits', ...tags],
    params: ZIdParams, body: ZProjectPermitSchema, response: ZProjectSchema, errors,
  }, (principal, { params, body }) => setProjectPermit(ctx, principal, { id: params.id, permitId: body.permitId }));

  const ZThumbnailParams = ZIdParams.extend({ side: z.enum(THUMBNAIL_SIDES).describe('Which page') });
  route(app, {
    method: 'GET', url: '/api/projects/:id/thumbnails/:side.png', auth: 'user', summary: 'Thumbnail of a design page', tags, params: ZThumbnailParams,
    response: binary('image/png', 'The thumbnail PNG'), errors,
  }, async (principal, { params }, { reply }) => {
    const stream = await openThumbnail(ctx, principal, params);
    // URLs carry ?v=<design updated_at>, so a cached copy never goes stale.
    return reply.type('image/png').header('cache-control', 'private, max-age=31536000, immutable').send(stream);
  });
}
