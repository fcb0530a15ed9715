import {
  ZApiErrorSchema, ZApiListsQuerySchema, ZApiProjectsQuerySchema, ZIdParams, ZMailingListDetailSchema, ZMailingListListSchema, ZPodMappingsSchema,
  ZProjectListSchema, ZProjectSchema, ZRecipientsQuerySchema, ZRecipientsSchema,
} from '@mailcraft/shared';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { PAGING_DOC, pageInMemory } from '../../platform/cursor.js';
import type { ZodApp } from '../../platform/module.js';
import { requirePrincipal } from '../../platform/principal.js';
import { scoped } from '../api-keys/api-key-auth.js';
import { getListMappings } from '../column-mappings/column-mappings.service.js';
import { getList, listLists } from '../mailing-lists/mailing-lists.service.js';
import { getProject, listProjects } from '../projects/projects.service.js';
import { recipients } from './recipients.service.js';

const errors = { 400: ZApiErrorSchema, 401: ZApiErrorSchema, 403: ZApiErrorSchema, 404: ZApiErrorSchema, 429: ZApiErrorSchema };
const byId = (item: { id: string }) => item.id;

/**
 * The Print-on-Demand API's read routes (docs/requirements/print-on-demand-api.md#api), key-authenticated, at `/api/…` and the bare
 * path, each behind its scope (`projects:get`, `mailingLists:get`, `recipients:get`, `mappings:get`);
 * another user's ids → 404:
 * - GET /api/projects (newest first), GET /api/mailingLists?projectId → a page `{ data, has_more, next_cursor, total_count }`
 * - GET /api/projects/{id}, GET /api/mailingLists/{id}
 * - GET /api/recipients/{listId}?page&limit&search&field&criteria&starting_after (the spec's shape, cursor beside it)
 * - GET /api/mappings/{listId} → {mappings, originalMappings}
 */
export async function podReadRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  for (const prefix of ['/api', '']) {
    const hide = prefix === '';
    app.get(`${prefix}/projects`, {
      ...scoped('projects'),
      schema: {
        hide, operationId: 'projects.list', summary: 'Your projects, newest first', description: PAGING_DOC, tags: ['projects'],
        querystring: ZApiProjectsQuerySchema, response: { 200: ZProjectListSchema, ...errors },
      },
    }, async (req) => pageInMemory('projects', await listProjects(ctx.db, requirePrincipal(req)), byId, req.query));

    app.get(`${prefix}/projects/:id`, {
      ...scoped('projects'),
      schema: { hide, operationId: 'projects.retrieve', summary: 'One project', tags: ['projects'], params: ZIdParams, response: { 200: ZProjectSchema, ...errors } },
    }, async (req) => getProject(ctx.db, requirePrincipal(req), req.params.id));

    app.get(`${prefix}/mailingLists`, {
      ...scoped('mailingLists'),
      schema: {
        hide, operationId: 'mailingLists.list', summary: 'Your mailing lists, newest first', description: PAGING_DOC, tags: ['mailingLists'],
        querystring: ZApiListsQuerySchema, response: { 200: ZMailingListListSchema, ...errors },
      },
    }, async (req) => {
      const lists = await listLists(ctx.db, requirePrincipal(req));
      return pageInMemory('mailingLists', req.query.projectId ? lists.filter((l) => l.project_id === req.query.projectId) : lists, byId, req.query);
    });

    app.get(`${prefix}/mailingLists/:id`, {
      ...scoped('mailingLists'),
      schema: { hide, operationId: 'mailingLists.retrieve', summary: 'One mailing list with its columns', tags: ['mailingLists'], params: ZIdParams, response: { 200: ZMailingListDetailSchema, ...errors } },
    }, async (req) => getList(ctx.db, requirePrincipal(req), req.params.id));

    app.get(`${prefix}/recipients/:listId`, {
      ...scoped('recipients'),
      schema: {
        hide, operationId: 'recipients.list', summary: 'A page of a list\'s recipients, optionally searched', tags: ['recipients'],
        description: 'Each recipient is an Address: its fields flat, as they print. Pages by page, or by cursor: pass data.next_cursor as starting_after for the next page; addresses added meanwhile neither repeat nor skip one.',
        params: z.object({ listId: z.string().max(100).describe('The mailing list') }), querystring: ZRecipientsQuerySchema,
        response: { 200: ZRecipientsSchema, ...errors },
      },
    }, async (req) => recipients(ctx.db, requirePrincipal(req), req.params.listId, req.query));

    app.get(`${prefix}/mappings/:listId`, {
      ...scoped('mappings'),
      schema: {
        hide, operationId: 'mappings.retrieve', summary: 'How a list\'s columns map to the standard fields', tags: ['mappings'],
        params: z.object({ listId: z.string().max(100).describe('The mailing list') }), response: { 200: ZPodMappingsSchema, ...errors },
      },
    }, async (req) => {
      const { mappings } = await getListMappings(ctx.db, requirePrincipal(req), req.params.listId);
      return { mappings: Object.fromEntries(Object.entries(mappings).map(([column, field]) => [field, column])), originalMappings: mappings };
    });
  }
}
