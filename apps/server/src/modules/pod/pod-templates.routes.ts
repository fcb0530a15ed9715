import {
  ZApiReinforcementsQuerySchema, ZCursorQuerySchema, ZIdParams, ZNoContent, ZPermitCreateSchema, ZPermitListSchema, ZPermitSchema,
  ZProjectDesignSaveSchema, ZProjectDesignSchema, ZProjectPermitSchema, ZProjectSchema, ZReinforcementListSchema, ZTemplateListSchema, binary,
} from '@mailcraft/shared';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { PAGING_DOC, pageInMemory } from '../../platform/cursor.js';
import type { ZodApp } from '../../platform/module.js';
import { route, scope } from '../../platform/route.js';
import { TEST_MODE_DOCS } from '../api-keys/api-key-auth.js';
import { saveDesign } from '../designs/designs.service.js';
import { THUMBNAIL_SIDES } from '../designs/thumbnails.js';
import { createPermit, deletePermit, listPermits } from '../permits/permits.service.js';
import { getOwnedProject, openThumbnail, setProjectPermit } from '../projects/projects.service.js';
import { allReinforcements, allTemplates, projectReinforcements, projectTemplates } from './templates.service.js';

const errors = [400, 404, 429] as const;
const byId = (item: { id: string }) => item.id;
/** A path at `/api…` (documented) and bare (hidden). */
const at = (path: string) => [`/api${path}`, path];
const ZProjectIdParams = z.object({ projectId: z.uuid({ error: 'Invalid project ID' }).describe('Project id') });

/**
 * The Print-on-Demand API's templates, permits and reinforcements (docs/requirements/print-on-demand-api.md#data), key-
 * authenticated, at `/api/…` and the bare path, behind the `templates`, `reinforcements` and
 * `projects` scopes; another user's ids → 404:
 * - GET  /api/templates; GET /api/templates/project/{projectId} → a page of TApiTemplate ('{id}-main', '{id}-rN')
 * - POST /api/templates/project/{projectId}/design → the saved design (as the Designer saves it)
 * - PUT  /api/templates/project/{projectId}/permit {permitId, templateType, paperSize, sides} → TProject
 * - GET (a page), POST /api/templates/permits; DELETE /api/templates/permits/{id}
 * - GET  /api/reinforcements?projectId → a page of TReinforcement (every project's without projectId)
 * Lists answer `{ data, has_more, next_cursor, total_count }` and page by `limit` and `starting_after`.
 * - GET  /api/projects/{id}/thumbnails/{side}.png → the thumbnail the template URLs name
 */
export async function podTemplatesRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const templates = { auth: scope('templates'), tags: ['templates'], errors };
  route(app, {
    ...templates, method: 'GET', url: at('/templates'), operationId: 'templates.list', summary: 'Every project\'s templates, newest project first',
    description: PAGING_DOC, query: ZCursorQuerySchema, response: ZTemplateListSchema,
  }, async (principal, { query }) => pageInMemory('templates', await allTemplates(ctx, principal), byId, query));

  route(app, {
    ...templates, method: 'GET', url: at('/templates/project/:projectId'), operationId: 'templates.listForProject',
    summary: 'A project\'s templates: main and reinforcements', description: PAGING_DOC, params: ZProjectIdParams, query: ZCursorQuerySchema,
    response: ZTemplateListSchema,
  }, async (principal, { params, query }) => pageInMemory('templates', await projectTemplates(ctx, principal, params.projectId), byId, query));

  route(app, {
    ...templates, method: 'POST', url: at('/templates/project/:projectId/design'), operationId: 'templates.saveDesign', description: TEST_MODE_DOCS.readOnly,
    summary: 'Save a project\'s design (pdfme templates at the project\'s paper size, mm)', params: ZProjectIdParams,
    body: ZProjectDesignSaveSchema, response: ZProjectDesignSchema, errors: [...errors, 413],
  }, async (principal, { params, body }) => saveDesign(db, ctx.storage, await getOwnedProject(db, principal, params.projectId), body));

  route(app, {
    ...templates, method: 'PUT', url: at('/templates/project/:projectId/permit'), operationId: 'templates.setPermit', description: TEST_MODE_DOCS.readOnly,
    summary: 'Set a project\'s mailing permit', params: ZProjectIdParams, body: ZProjectPermitSchema, response: ZProjectSchema,
  }, (principal, { params, body }) => setProjectPermit(ctx, principal, { id: params.projectId, permitId: body.permitId }));

  route(app, {
    ...templates, method: 'GET', url: at('/templates/permits'), operationId: 'permits.list', summary: 'Your mailing permits, default first',
    description: PAGING_DOC, query: ZCursorQuerySchema, response: ZPermitListSchema,
  }, async (principal, { query }) => pageInMemory('permits', await listPermits(ctx, principal), byId, query));

  route(app, {
    ...templates, method: 'POST', url: at('/templates/permits'), operationId: 'permits.create', description: TEST_MODE_DOCS.readOnly,
    summary: 'Save a mailing permit (indicia lines 1–6)', body: ZPermitCreateSchema, response: ZPermitSchema, status: 201,
  }, (principal, { body }) => createPermit(ctx, principal, body));

  route(app, {
    ...templates, method: 'DELETE', url: at('/templates/permits/:id'), operationId: 'permits.delete', description: TEST_MODE_DOCS.readOnly,
    summary: 'Delete a mailing permit', params: ZIdParams, response: ZNoContent, status: 204,
  }, (principal, { params }) => deletePermit(ctx, principal, params.id));

  route(app, {
    method: 'GET', url: at('/reinforcements'), auth: scope('reinforcements'), operationId: 'reinforcements.list',
    summary: 'Reinforcements (one-page follow-ups r1–r3) of a project, or of every project', description: PAGING_DOC, tags: ['reinforcements'],
    query: ZApiReinforcementsQuerySchema, response: ZReinforcementListSchema, errors,
  }, async (principal, { query }) => pageInMemory('reinforcements', await (query.projectId
    ? projectReinforcements(ctx, principal, query.projectId)
    : allReinforcements(ctx, principal)), byId, query));

  route(app, {
    method: 'GET', url: at('/projects/:id/thumbnails/:side.png'), auth: scope('projects'), operationId: 'projects.thumbnail',
    summary: 'Thumbnail of a design page (inside, outside, r1–r3)', tags: ['projects'],
    params: ZIdParams.extend({ side: z.enum(THUMBNAIL_SIDES).describe('Which page') }), response: binary('image/png', 'The thumbnail PNG'), errors,
  }, async (principal, { params }, { reply }) => {
    const stream = await openThumbnail(ctx, principal, params);
    return reply.type('image/png').header('cache-control', 'private, max-age=31536000, immutable').send(stream);
  });
}
