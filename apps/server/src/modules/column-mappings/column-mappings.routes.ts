import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZMapColumnsSchema } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import { requireUser } from '../../platform/http.js';
import { getListMappings, saveListMappings } from './column-mappings.service.js';

const ZListIdParams = z.object({ id: z.string() });

/**
 * Column mapping routes (spec 000 §3 Mappings, §5, §7); login required, lists scoped to the user:
 * - GET /api/mappings/list/{id} → `{ mappings: {column: field}, fieldSettings: { capitalization: {field: mode} }, saved }`;
 *   the auto-mapping with `saved: false` until mappings are saved. 404 for another user's list.
 * - POST /api/lists/map-columns `{ fileId, mappings, fieldSettings }` → `{ ok: true }`. 400 naming
 *   the column or field at fault (unknown column or field, a non-custom field from two columns,
 *   an unknown capitalization); 404 for another user's list.
 */
export async function columnMappingsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/api/mappings/list/:id', async (req) => {
    const user = requireUser(req);
    return getListMappings(ctx.db, user.id, ZListIdParams.parse(req.params).id);
  });

  app.post('/api/lists/map-columns', async (req) => {
    const user = requireUser(req);
    await saveListMappings(ctx.db, user.id, ZMapColumnsSchema.parse(req.body ?? {}));
    return { ok: true };
  });
}
