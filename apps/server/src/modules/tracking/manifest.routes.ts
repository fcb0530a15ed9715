import { Readable } from 'node:stream';
import { binary, ZManifestParams } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { route } from '../../platform/route.js';
import { manifestCsv } from './manifest.service.js';

/**
 * The mail manifest of a print file (docs/requirements/mail-tracking.md#imb-assignment), for the signed-in owner (401
 * otherwise; another user's file, a proof or a file without IMbs → 404):
 * - GET /api/print-jobs/{jobId}/manifest.csv → text/csv attachment `piece,record,imb,name,address_1,address_2,city,state,zip`,
 *   one line per piece with an IMb in print order, streamed.
 */
export async function manifestRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  route(app, {
    method: 'GET', url: '/api/print-jobs/:jobId/manifest.csv', auth: 'user', summary: 'Download a print file\'s mail manifest (pieces with their IMbs) as CSV',
    tags: ['print'], params: ZManifestParams, response: binary('text/csv', 'One line per mail piece: piece, record, IMb, addressee and address'),
    errors: [400, 404],
  }, async (principal, { params }, { reply }) => {
    const { filename, chunks } = await manifestCsv(ctx, principal, params.jobId);
    return reply
      .type('text/csv; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .send(Readable.from(chunks));
  });
}
