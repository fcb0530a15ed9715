import { ZTemplateGuideQuerySchema, binary } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { route } from '../../platform/route.js';
import { openGuideFile } from './guide.service.js';

const CONTENT_TYPES = { pdf: 'application/pdf', psd: 'image/vnd.adobe.photoshop' } as const;

/**
 * Template guide downloads for the template setup screen (docs/requirements/workflow.md#route-table "download PSD and PDF
 * template buttons"), login required (401):
 * - GET /api/templates/guide.pdf?paperSize=&templateType=&sides= → attachment, vector guide
 * - GET /api/templates/guide.psd?paperSize=&templateType=&sides= → attachment, 300 DPI layers
 * paperSize: 8.5x11 | 6x9 | 11x17 | 12x18 | A4 | A3 | A2 (400 otherwise); defaults 8.5x11,
 * self_mailer, double.
 */
export async function templateGuideRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  for (const ext of ['pdf', 'psd'] as const) {
    route(app, {
      method: 'GET', url: `/api/templates/guide.${ext}`, auth: 'user', summary: `Template guide as ${ext.toUpperCase()}`, tags: ['designs'],
      query: ZTemplateGuideQuerySchema, response: binary(CONTENT_TYPES[ext], `The template guide (${ext.toUpperCase()})`), errors: [400],
    }, async (principal, { query }, { reply }) => {
      const { name, stream } = await openGuideFile(ctx, principal, { ...query, ext });
      return reply
        .type(CONTENT_TYPES[ext])
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'private, max-age=86400')
        .send(stream);
    });
  }
}
