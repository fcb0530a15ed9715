import {
  ZAddressImportSchema, ZApiListCreateSchema, ZIdParams, ZImportResultSchema, ZMailingListSchema, ZNoContent, ZProjectCreateSchema,
  ZProjectSchema, ZProjectUpdateSchema,
} from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { route, scope } from '../../platform/route.js';
import { TEST_MODE_DOCS } from '../api-keys/api-key-auth.js';
import { createProject, deleteProject, updateProject } from '../projects/projects.service.js';
import { createApiList, importAddresses } from './api-lists.service.js';

const errors = [400, 402, 404, 422, 429] as const;
/** A path at `/api…` (documented) and bare (hidden). */
const at = (path: string) => [`/api${path}`, path];
const description = TEST_MODE_DOCS.readOnly;

/**
 * The Print-on-Demand API's write routes for projects and mailing lists (docs/requirements/print-on-demand-api.md#api), key-
 * authenticated, behind their scopes, at `/api/…` and the bare path; POSTs accept `Idempotency-Key`:
 * - POST /api/projects → 201 TProject; PUT /api/projects/{id} → TProject; DELETE /api/projects/{id} → 204
 * - POST /api/mailingLists {name, projectId?} → 201 TMailingList (standard address columns)
 * - POST /api/mailingLists/{id}/import [addresses] → {imported, row_count}
 */
export async function podWriteRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const projects = { auth: scope('projects'), description, tags: ['projects'], errors };
  route(app, {
    ...projects, method: 'POST', url: at('/projects'), operationId: 'projects.create', summary: 'Create a project', body: ZProjectCreateSchema,
    response: ZProjectSchema, status: 201,
  }, (principal, { body }) => createProject(ctx, principal, body));

  route(app, {
    ...projects, method: 'PUT', url: at('/projects/:id'), operationId: 'projects.update', summary: 'Change a project', params: ZIdParams,
    body: ZProjectUpdateSchema, response: ZProjectSchema,
  }, (principal, { params, body }) => updateProject(ctx, principal, { ...body, id: params.id }));

  route(app, {
    ...projects, method: 'DELETE', url: at('/projects/:id'), operationId: 'projects.delete', summary: 'Delete a project', params: ZIdParams,
    response: ZNoContent, status: 204,
  }, (principal, { params }) => deleteProject(ctx, principal, params.id));

  const lists = { auth: scope('mailingLists'), description, tags: ['mailingLists'], errors };
  route(app, {
    ...lists, method: 'POST', url: at('/mailingLists'), operationId: 'mailingLists.create', summary: 'Create an empty mailing list with the standard address columns',
    body: ZApiListCreateSchema, response: ZMailingListSchema, status: 201,
  }, (principal, { body }) => createApiList(ctx, principal, body));

  route(app, {
    ...lists, method: 'POST', url: at('/mailingLists/:id/import'), operationId: 'mailingLists.import', summary: 'Add addresses to a mailing list',
    params: ZIdParams, body: ZAddressImportSchema, response: ZImportResultSchema,
  }, (principal, { params, body }) => importAddresses(ctx, principal, { id: params.id, addresses: body }));
}
