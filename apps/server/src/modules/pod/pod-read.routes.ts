import {
  ZApiErrorSchema, ZIdParams, ZMailingListDetailSchema, ZMailingListSchema, ZPodMappingsSchema, ZProjectSchema, ZRecipientsQuerySchema, ZRecipientsSchema,
} from '@mailcraft/shared';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { requirePrincipal } from '../../platform/principal.js';
import { scoped } from '../api-keys/api-key-auth.js';
import { getListMappings } from '../column-mappings/column-mappings.service.js';
import { getList, listLists } from '../mailing-lists/mailing-lists.service.js';
import { getProject, listProjects } from '../projects/projects.service.js';
import { recipients } from './recipients.service.js';

const errors = { 400: ZApiErrorSchema, 401: ZApiErrorSchema, 403: ZApiErrorSchema, 404: ZApiErrorSchema, 429: ZApiErrorSchema };

/**
 * The Print-on-Demand API's read routes (spec 002 §7), key-authenticated, at `/api/…` and the bare
 * path, each behind its scope (`projects:get`, `mailingLists:get`, `recipients:get`, `mappings:get`);
 * another user's ids → 404:
 * - GET /api/projects (newest first), GET /api/projects/{id}
 * - GET /api/mailingLists?projectId, GET /api/mailingLists/{id}
 * - GET /api/recipients/{listId}?page&limit&search&field&criteria
 * - GET /api/mappings/{listId} → {mappings, originalMappings}
 */
export async function podReadRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  for (const prefix of ['/api', '']) {
    const hide = prefix === '';
    app.get(`${prefix}/projects`, {
      ...scoped('projects'),
      schema: {
        hide, summary: 'Your projects, newest first', tags: ['projects'],
        querystring: z.object({ userId: z.string().max(100).optional().describe('Ignored: a key only ever sees its owner\'s projects') }),
        response: { 200: z.array(ZProjectSchema), ...errors },
      },
    }, async (req) => listProjects(ctx.db, requirePrincipal(req)));

    app.get(`${prefix}/projects/:id`, {
      ...scoped('projects'),
      schema: { hide, summary: 'One project', tags: ['projects'], params: ZIdParams, response: { 200: ZProjectSchema, ...errors } },
    }, async (req) => getProject(ctx.db, requirePrincipal(req), req.params.id));

    app.get(`${prefix}/mailingLists`, {
      ...scoped('mailingLists'),
      schema: {
        hide, summary: 'Your mailing lists, newest first', tags: ['mailingLists'],
        querystring: z.object({ projectId: z.string().max(100).optional().describe('Only the lists uploaded for this project') }),
        response: { 200: z.array(ZMailingListSchema), ...errors },
      },
    }, async (req) => {
      const lists = await listLists(ctx.db, requirePrincipal(req));
      return req.query.projectId ? lists.filter((l) => l.project_id === req.query.projectId) : lists;
    });

    app.get(`${prefix}/mailingLists/:id`, {
      ...scoped('mailingLists'),
      schema: { hide, summary: 'One mailing list with its columns', tags: ['mailingLists'], params: ZIdParams, response: { 200: ZMailingListDetailSchema, ...errors } },
    }, async (req) => getList(ctx.db, requirePrincipal(req), req.params.id));

    app.get(`${prefix}/recipients/:listId`, {
      ...scoped('recipients'),
      schema: {
        hide, summary: 'A page of a list\'s recipients, optionally searched', tags: ['recipients'],
        params: z.object({ listId: z.string().max(100).describe('The mailing list') }), querystring: ZRecipientsQuerySchema,
        response: { 200: ZRecipientsSchema, ...errors },
      },
    }, async (req) => recipients(ctx.db, requirePrincipal(req), req.params.listId, req.query));

    app.get(`${prefix}/mappings/:listId`, {
      ...scoped('mappings'),
      schema: {
        hide, summary: 'How a list\'s columns map to the standard fields', tags: ['mappings'],
        params: z.object({ listId: z.string().max(100).describe('The mailing list') }), response: { 200: ZPodMappingsSchema, ...errors },
      },
    }, async (req) => {
      const { mappings } = await getListMappings(ctx.db, requirePrincipal(req), req.params.listId);
      return { mappings: Object.fromEntries(Object.entries(mappings).map(([column, field]) => [field, column])), originalMappings: mappings };
    });
  }
}
