import {
  ZApiErrorSchema, ZApiTemplateSchema, ZIdParams, ZNoContent, ZPermitCreateSchema, ZPermitSchema, ZProjectDesignSaveSchema, ZProjectDesignSchema,
  ZProjectPermitSchema, ZProjectSchema, ZReinforcementSchema, ZReinforcementsQuerySchema, binary,
} from '@mailcraft/shared';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { requirePrincipal } from '../../platform/principal.js';
import { scoped } from '../api-keys/api-key-auth.js';
import { saveDesign } from '../designs/designs.service.js';
import { THUMBNAIL_SIDES } from '../designs/thumbnails.js';
import { createPermit, deletePermit, listPermits } from '../permits/permits.service.js';
import { getOwnedProject, openThumbnail, setProjectPermit } from '../projects/projects.service.js';
import { allReinforcements, allTemplates, projectReinforcements, projectTemplates } from './templates.service.js';

const errors = { 400: ZApiErrorSchema, 401: ZApiErrorSchema, 403: ZApiErrorSchema, 404: ZApiErrorSchema, 429: ZApiErrorSchema };
const ZProjectIdParams = z.object({ projectId: z.uuid({ error: 'Invalid project ID' }).describe('Project id') });

/**
 * The Print-on-Demand API's templates, permits and reinforcements (spec 002 §3, §7), key-
 * authenticated, at `/api/…` and the bare path, behind the `templates`, `reinforcements` and
 * `projects` scopes; another user's ids → 404:
 * - GET  /api/templates; GET /api/templates/project/{projectId} → TApiTemplate[] ('{id}-main', '{id}-rN')
 * - POST /api/templates/project/{projectId}/design → the saved design (as the Designer saves it)
 * - PUT  /api/templates/project/{projectId}/permit {permitId, templateType, paperSize, sides} → TProject
 * - GET, POST /api/templates/permits; DELETE /api/templates/permits/{id}
 * - GET  /api/reinforcements?projectId → TReinforcement[] (every project's without projectId)
 * - GET  /api/projects/{id}/thumbnails/{side}.png → the thumbnail the template URLs name
 */
export async function podTemplatesRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  for (const prefix of ['/api', '']) {
    const hide = prefix === '';
    const tags = ['templates'];
    app.get(`${prefix}/templates`, {
      ...scoped('templates'),
      schema: { hide, summary: 'Every project\'s templates, newest project first', tags, response: { 200: z.array(ZApiTemplateSchema), ...errors } },
    }, async (req) => allTemplates(db, requirePrincipal(req)));

    app.get(`${prefix}/templates/project/:projectId`, {
      ...scoped('templates'),
      schema: { hide, summary: 'A project\'s templates: main and reinforcements', tags, params: ZProjectIdParams, response: { 200: z.array(ZApiTemplateSchema), ...errors } },
    }, async (req) => projectTemplates(db, requirePrincipal(req), req.params.projectId));

    app.post(`${prefix}/templates/project/:projectId/design`, {
      ...scoped('templates'),
      schema: {
        hide, summary: 'Save a project\'s design (pdfme templates at the project\'s paper size, mm)', tags, params: ZProjectIdParams,
        body: ZProjectDesignSaveSchema, response: { 200: ZProjectDesignSchema, ...errors, 413: ZApiErrorSchema },
      },
    }, async (req) => saveDesign(db, ctx.storage, await getOwnedProject(db, requirePrincipal(req), req.params.projectId), req.body));

    app.put(`${prefix}/templates/project/:projectId/permit`, {
      ...scoped('templates'),
      schema: { hide, summary: 'Set a project\'s mailing permit', tags, params: ZProjectIdParams, body: ZProjectPermitSchema, response: { 200: ZProjectSchema, ...errors } },
    }, async (req) => setProjectPermit(db, requirePrincipal(req), req.params.projectId, req.body.permitId));

    app.get(`${prefix}/templates/permits`, {
      ...scoped('templates'),
      schema: { hide, summary: 'Your mailing permits, default first', tags, response: { 200: z.array(ZPermitSchema), ...errors } },
    }, async (req) => listPermits(db, requirePrincipal(req)));

    app.post(`${prefix}/templates/permits`, {
      ...scoped('templates'),
      schema: { hide, summary: 'Save a mailing permit (indicia lines 1–6)', tags, body: ZPermitCreateSchema, response: { 201: ZPermitSchema, ...errors } },
    }, async (req, reply) => reply.status(201).send(await createPermit(db, requirePrincipal(req), req.body)));

    app.delete(`${prefix}/templates/permits/:id`, {
      ...scoped('templates'),
      schema: { hide, summary: 'Delete a mailing permit', tags, params: ZIdParams, response: { 204: ZNoContent, ...errors } },
    }, async (req, reply) => {
      await deletePermit(db, requirePrincipal(req), req.params.id);
      return reply.status(204).send(null);
    });

    app.get(`${prefix}/reinforcements`, {
      ...scoped('reinforcements'),
      schema: {
        hide, summary: 'Reinforcements (one-page follow-ups r1–r3) of a project, or of every project', tags: ['reinforcements'],
        querystring: ZReinforcementsQuerySchema, response: { 200: z.array(ZReinforcementSchema), ...errors },
      },
    }, async (req) => (req.query.projectId
      ? projectReinforcements(db, requirePrincipal(req), req.query.projectId)
      : allReinforcements(db, requirePrincipal(req))));

    app.get(`${prefix}/projects/:id/thumbnails/:side.png`, {
      ...scoped('projects'),
      schema: {
        hide, summary: 'Thumbnail of a design page (inside, outside, r1–r3)', tags: ['projects'],
        params: ZIdParams.extend({ side: z.enum(THUMBNAIL_SIDES).describe('Which page') }),
        response: { 200: binary('image/png', 'The thumbnail PNG'), ...errors },
      },
    }, async (req, reply) => {
      const stream = await openThumbnail(db, ctx.storage, requirePrincipal(req), req.params.id, req.params.side);
      return reply.type('image/png').header('cache-control', 'private, max-age=31536000, immutable').send(stream);
    });
  }
}
