import {
  ZApiListsQuerySchema, ZApiProjectsQuerySchema, ZIdParams, ZMailingListDetailSchema, ZMailingListListSchema, ZPodMappingsSchema,
  ZProjectListSchema, ZProjectSchema, ZRecipientsQuerySchema, ZRecipientsSchema,
} from '@mailcraft/shared';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { PAGING_DOC, pageInMemory } from '../../platform/cursor.js';
import type { ZodApp } from '../../platform/module.js';
import { route, scope } from '../../platform/route.js';
import { getListMappings } from '../column-mappings/column-mappings.service.js';
import { getList, listLists } from '../mailing-lists/mailing-lists.service.js';
import { getProject, listProjects } from '../projects/projects.service.js';
import { recipients } from './recipients.service.js';

const errors = [400, 404, 429] as const;
const byId = (item: { id: string }) => item.id;
/** A path at `/api…` (documented) and bare (hidden). */
const at = (path: string) => [`/api${path}`, path];
const ZListIdParams = z.object({ listId: z.string().max(100).describe('The mailing list') });

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
  route(app, {
    method: 'GET', url: at('/projects'), auth: scope('projects'), operationId: 'projects.list', summary: 'Your projects, newest first',
    description: PAGING_DOC, tags: ['projects'], query: ZApiProjectsQuerySchema, response: ZProjectListSchema, errors,
  }, async (principal, { query }) => pageInMemory('projects', await listProjects(ctx, principal), byId, query));

  route(app, {
    method: 'GET', url: at('/projects/:id'), auth: scope('projects'), operationId: 'projects.retrieve', summary: 'One project', tags: ['projects'],
    params: ZIdParams, response: ZProjectSchema, errors,
  }, (principal, { params }) => getProject(ctx, principal, params.id));

  route(app, {
    method: 'GET', url: at('/mailingLists'), auth: scope('mailingLists'), operationId: 'mailingLists.list', summary: 'Your mailing lists, newest first',
    description: PAGING_DOC, tags: ['mailingLists'], query: ZApiListsQuerySchema, response: ZMailingListListSchema, errors,
  }, async (principal, { query }) => {
    const lists = await listLists(ctx, principal);
    return pageInMemory('mailingLists', query.projectId ? lists.filter((l) => l.project_id === query.projectId) : lists, byId, query);
  });

  route(app, {
    method: 'GET', url: at('/mailingLists/:id'), auth: scope('mailingLists'), operationId: 'mailingLists.retrieve', summary: 'One mailing list with its columns',
    tags: ['mailingLists'], params: ZIdParams, response: ZMailingListDetailSchema, errors,
  }, (principal, { params }) => getList(ctx, principal, params.id));

  route(app, {
    method: 'GET', url: at('/recipients/:listId'), auth: scope('recipients'), operationId: 'recipients.list',
    summary: 'A page of a list\'s recipients, optionally searched', tags: ['recipients'],
    description: 'Each recipient is an Address: its fields flat, as they print, with its mail piece of the latest print file (stage and timeline) in mail_piece. Pages by page, or by cursor: pass data.next_cursor as starting_after for the next page; addresses added meanwhile neither repeat nor skip one.',
    params: ZListIdParams, query: ZRecipientsQuerySchema, response: ZRecipientsSchema, errors,
  }, (principal, { params, query }) => recipients(ctx, principal, { ...query, listId: params.listId }));

  route(app, {
    method: 'GET', url: at('/mappings/:listId'), auth: scope('mappings'), operationId: 'mappings.retrieve',
    summary: 'How a list\'s columns map to the standard fields', tags: ['mappings'], params: ZListIdParams, response: ZPodMappingsSchema, errors,
  }, async (principal, { params }) => {
    const { mappings } = await getListMappings(ctx, principal, params.listId);
    return { mappings: Object.fromEntries(Object.entries(mappings).map(([column, field]) => [field, column])), originalMappings: mappings };
  });
}
