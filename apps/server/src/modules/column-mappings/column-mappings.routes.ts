import { ZIdParams, ZListMappingsSchema, ZMapColumnsSchema, ZOkSchema } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { route } from '../../platform/route.js';
import { getListMappings, saveListMappings } from './column-mappings.service.js';

/**
 * Column mapping routes (docs/requirements/mailing-lists.md#mappings); login required, lists scoped to the user:
 * - GET /api/mappings/list/{id} → `{ mappings: {column: field}, fieldSettings: { capitalization: {field: mode} }, saved }`;
 *   the auto-mapping with `saved: false` until mappings are saved. 404 for another user's list.
 * - GET /api/data-mapping/list/{id}: the same answer, at the path the QR screen calls (docs/requirements/maps.md#api).
 * - POST /api/lists/map-columns `{ fileId, mappings, fieldSettings }` → `{ ok: true }`. 400 naming
 *   the column or field at fault (unknown column or field, a non-custom field from two columns,
 *   an unknown capitalization); 404 for another user's list.
 */
export async function columnMappingsRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const tags = ['column-mappings'];
  const errors = [400, 404] as const;

  // Both paths are documented (each is a path a client calls), so they are two routes rather than aliases.
  for (const url of ['/api/mappings/list/:id', '/api/data-mapping/list/:id']) {
    route(app, {
      method: 'GET', url, auth: 'user', summary: 'The column mappings in force for a list', tags, params: ZIdParams, response: ZListMappingsSchema, errors,
    }, (principal, { params }) => getListMappings(ctx, principal, params.id));
  }

  route(app, {
    method: 'POST', url: '/api/lists/map-columns', auth: 'user', summary: 'Save a list\'s column mappings', tags, body: ZMapColumnsSchema, response: ZOkSchema, errors,
  }, async (principal, { body }) => {
    await saveListMappings(ctx, principal, body);
    return { ok: true as const };
  });
}
