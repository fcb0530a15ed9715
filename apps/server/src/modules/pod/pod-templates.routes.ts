import {
  ZApiErrorSchema, ZApiReinforcementsQuerySchema, ZCursorQuerySchema, ZIdParams, ZNoContent, ZPermitCreateSchema, ZPermitListSchema, ZPermitSchema,
  ZProjectDesignSaveSchema, ZProjectDesignSchema, ZProjectPermitSchema, ZProjectSchema, ZReinforcementListSchema, ZTemplateListSchema, binary,
} from '@mailcraft/shared';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { PAGING_DOC, pageInMemory } from '../../platform/cursor.js';
import type { ZodApp } from '../../platform/module.js';
import { requirePrincipal } from '../../platform/principal.js';
import { scoped, TEST_MODE_DOCS } from '../api-keys/api-key-auth.js';
import { saveDesign } from '../designs/designs.service.js';
import { THUMBNAIL_SIDES } from '../designs/thumbnails.js';
import { createPermit, deletePermit, listPermits } from '../permits/permits.service.js';
import { getOwnedProject, openThumbnail, setProjectPermit } from '../projects/projects.service.js';
import { allReinforcements, allTemplates, projectReinforcements, projectTemplates } from './templates.service.js';

const errors = { 400: ZApiErrorSchema, 401: ZApiErrorSchema, 403: ZApiErrorSchema, 404: ZApiErrorSchema, 429: ZApiErrorSchema };
const byId = (item: { id: string }) => item.id;
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
  for (const prefix of ['/api', '']) {
    const hide = prefix === '';
    const tags = ['templates'];
    app.get(`${prefix}/templates`, {
      ...scoped('templates'),
      schema: {
        hide, operationId: 'templates.list', summary: 'Every project\'s templates, newest project first', description: PAGING_DOC, tags,
        querystring: ZCursorQuerySchema, response: { 200: ZTemplateListSchema, ...errors },
      },
    }, async (req) => pageInMemory('templates', await allTemplates(db, requirePrincipal(req)), byId, req.query));

    app.get(`${prefix}/templates/project/:projectId`, {
      ...scoped('templates'),
      schema: {
        hide, operationId: 'templates.listForProject', summary: 'A project\'s templates: main and reinforcements', description: PAGING_DOC, tags,
        params: ZProjectIdParams, querystring: ZCursorQuerySchema, response: { 200: ZTemplateListSchema, ...errors },
      },
    }, async (req) => pageInMemory('templates', await projectTemplates(db, requirePrincipal(req), req.params.projectId), byId, req.query));

    app.post(`${prefix}/templates/project/:projectId/design`, {
      ...scoped('templates'),
      schema: {
        hide, operationId: 'templates.saveDesign', description: TEST_MODE_DOCS.readOnly, summary: 'Save a project\'s design (pdfme templates at the project\'s paper size, mm)', tags, params: ZProjectIdParams,
        body: ZProjectDesignSaveSchema, response: { 200: ZProjectDesignSchema, ...errors, 413: ZApiErrorSchema },
      },
    }, async (req) => saveDesign(db, ctx.storage, await getOwnedProject(db, requirePrincipal(req), req.params.projectId), req.body));

    app.put(`${prefix}/templates/project/:projectId/permit`, {
      ...scoped('templates'),
      schema: { hide, operationId: 'templates.setPermit', description: TEST_MODE_DOCS.readOnly, summary: 'Set a project\'s mailing permit', tags, params: ZProjectIdParams, body: ZProjectPermitSchema, response: { 200: ZProjectSchema, ...errors } },
    }, async (req) => setProjectPermit(db, requirePrincipal(req), req.params.projectId, req.body.permitId));

    app.get(`${prefix}/templates/permits`, {
      ...scoped('templates'),
      schema: {
        hide, operationId: 'permits.list', summary: 'Your mailing permits, default first', description: PAGING_DOC, tags,
        querystring: ZCursorQuerySchema, response: { 200: ZPermitListSchema, ...errors },
      },
    }, async (req) => pageInMemory('permits', await listPermits(db, requirePrincipal(req)), byId, req.query));

    app.post(`${prefix}/templates/permits`, {
      ...scoped('templates'),
      schema: { hide, operationId: 'permits.create', description: TEST_MODE_DOCS.readOnly, summary: 'Save a mailing permit (indicia lines 1–6)', tags, body: ZPermitCreateSchema, response: { 201: ZPermitSchema, ...errors } },
    }, async (req, reply) => reply.status(201).send(await createPermit(db, requirePrincipal(req), req.body)));

    app.delete(`${prefix}/templates/permits/:id`, {
      ...scoped('templates'),
      schema: { hide, operationId: 'permits.delete', description: TEST_MODE_DOCS.readOnly, summary: 'Delete a mailing permit', tags, params: ZIdParams, response: { 204: ZNoContent, ...errors } },
    }, async (req, reply) => {
      await deletePermit(db, requirePrincipal(req), req.params.id);
      return reply.status(204).send(null);
    });

    app.get(`${prefix}/reinforcements`, {
      ...scoped('reinforcements'),
      schema: {
        hide, operationId: 'reinforcements.list', summary: 'Reinforcements (one-page follow-ups r1–r3) of a project, or of every project',
        description: PAGING_DOC, tags: ['reinforcements'], querystring: ZApiReinforcementsQuerySchema, response: { 200: ZReinforcementListSchema, ...errors },
      },
    }, async (req) => pageInMemory('reinforcements', await (req.query.projectId
      ? projectReinforcements(db, requirePrincipal(req), req.query.projectId)
      : allReinforcements(db, requirePrincipal(req))), byId, req.query));

    app.get(`${prefix}/projects/:id/thumbnails/:side.png`, {
      ...scoped('projects'),
      schema: {
        hide, operationId: 'projects.thumbnail', summary: 'Thumbnail of a design page (inside, outside, r1–r3)', tags: ['projects'],
        params: ZIdParams.extend({ side: z.enum(THUMBNAIL_SIDES).describe('Which page') }),
        response: { 200: binary('image/png', 'The thumbnail PNG'), ...errors },
      },
    }, async (req, reply) => {
      const stream = await openThumbnail(db, ctx.storage, requirePrincipal(req), req.params.id, req.params.side);
      return reply.type('image/png').header('cache-control', 'private, max-age=31536000, immutable').send(stream);
    });
  }
}
