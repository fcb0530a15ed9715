import {
  ZAddressImportSchema, ZApiErrorSchema, ZApiListCreateSchema, ZIdParams, ZImportResultSchema, ZMailingListSchema, ZNoContent, ZProjectCreateSchema,
  ZProjectSchema, ZProjectUpdateSchema,
} from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { requirePrincipal } from '../../platform/principal.js';
import { scoped, TEST_MODE_DOCS } from '../api-keys/api-key-auth.js';
import { createProject, deleteProject, updateProject } from '../projects/projects.service.js';
import { createApiList, importAddresses } from './api-lists.service.js';

const errors = { 400: ZApiErrorSchema, 401: ZApiErrorSchema, 402: ZApiErrorSchema, 403: ZApiErrorSchema, 404: ZApiErrorSchema, 422: ZApiErrorSchema, 429: ZApiErrorSchema };

/**
 * The Print-on-Demand API's write routes for projects and mailing lists (docs/requirements/print-on-demand-api.md#api), key-
 * authenticated, behind their scopes, at `/api/…` and the bare path; POSTs accept `Idempotency-Key`:
 * - POST /api/projects → 201 TProject; PUT /api/projects/{id} → TProject; DELETE /api/projects/{id} → 204
 * - POST /api/mailingLists {name, projectId?} → 201 TMailingList (standard address columns)
 * - POST /api/mailingLists/{id}/import [addresses] → {imported, row_count}
 */
export async function podWriteRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  for (const prefix of ['/api', '']) {
    const hide = prefix === '';
    app.post(`${prefix}/projects`, {
      ...scoped('projects'),
      schema: { hide, description: TEST_MODE_DOCS.readOnly, operationId: 'projects.create', summary: 'Create a project', tags: ['projects'], body: ZProjectCreateSchema, response: { 201: ZProjectSchema, ...errors } },
    }, async (req, reply) => reply.status(201).send(await createProject(ctx.db, requirePrincipal(req), req.body, !!ctx.config.productPermit)));

    app.put(`${prefix}/projects/:id`, {
      ...scoped('projects'),
      schema: { hide, description: TEST_MODE_DOCS.readOnly, operationId: 'projects.update', summary: 'Change a project', tags: ['projects'], params: ZIdParams, body: ZProjectUpdateSchema, response: { 200: ZProjectSchema, ...errors } },
    }, async (req) => updateProject(ctx, requirePrincipal(req), req.params.id, req.body));

    app.delete(`${prefix}/projects/:id`, {
      ...scoped('projects'),
      schema: { hide, description: TEST_MODE_DOCS.readOnly, operationId: 'projects.delete', summary: 'Delete a project', tags: ['projects'], params: ZIdParams, response: { 204: ZNoContent, ...errors } },
    }, async (req, reply) => {
      await deleteProject(ctx, requirePrincipal(req), req.params.id);
      return reply.status(204).send(null);
    });

    app.post(`${prefix}/mailingLists`, {
      ...scoped('mailingLists'),
      schema: { hide, description: TEST_MODE_DOCS.readOnly, operationId: 'mailingLists.create', summary: 'Create an empty mailing list with the standard address columns', tags: ['mailingLists'], body: ZApiListCreateSchema, response: { 201: ZMailingListSchema, ...errors } },
    }, async (req, reply) => reply.status(201).send(await createApiList(ctx.db, requirePrincipal(req), req.body)));

    app.post(`${prefix}/mailingLists/:id/import`, {
      ...scoped('mailingLists'),
      schema: { hide, description: TEST_MODE_DOCS.readOnly, operationId: 'mailingLists.import', summary: 'Add addresses to a mailing list', tags: ['mailingLists'], params: ZIdParams, body: ZAddressImportSchema, response: { 200: ZImportResultSchema, ...errors } },
    }, async (req) => importAddresses(ctx.db, requirePrincipal(req), req.params.id, req.body));
  }
}
