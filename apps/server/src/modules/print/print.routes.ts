import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { requireUser } from '../../platform/http.js';
import { createPrintJob, getPrintJob, printFile, printFileName, renderPreview } from './print.service.js';

const ZId = z.object({ id: z.string().uuid() });
const ZJobId = z.object({ jobId: z.string().uuid() });
const ZPreviewQuery = z.object({ count: z.coerce.number().int().min(1).max(10).default(3) });

/** An id from the path, or 404 (a malformed id is as unknown as a foreign one). */
function idFrom<T extends z.ZodTypeAny>(schema: T, params: unknown, what: string): z.infer<T> {
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw notFound(what);
  return parsed.data;
}

/** `attachment` with an ASCII name and the UTF-8 original (RFC 6266 / 5987). */
const attachment = (ascii: string, original: string) =>
  `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(original)}`;

/**
 * Print-file routes, all for signed-in users (401 otherwise); another user's ids answer 404:
 * - POST /api/projects/{id}/print → 202 `{ jobId }`; 402 without the `print_files` feature;
 *   422 when the project has no list, an empty list or no design.
 * - GET /api/print-jobs/{jobId} → `{ id, status: queued|running|done|failed, done, total, error?, created_at }`.
 * - GET /api/print-jobs/{jobId}/file → the PDF (application/pdf, attachment named after the
 *   project) when done; 409 before.
 * - GET /api/projects/{id}/print/preview?count=3 → application/pdf of the first count (1–10)
 *   mail pieces, rendered now.
 */
export async function printRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/api/projects/:id/print', async (req, reply) => {
    const user = requireUser(req);
    const { id } = idFrom(ZId, req.params, 'Project');
    const jobId = await createPrintJob(ctx, user.id, id);
    return reply.status(202).send({ jobId });
  });

  app.get('/api/print-jobs/:jobId', async (req, reply) => {
    const user = requireUser(req);
    const { jobId } = idFrom(ZJobId, req.params, 'Print job');
    reply.header('cache-control', 'no-store');
    return getPrintJob(ctx, user.id, jobId);
  });

  app.get('/api/print-jobs/:jobId/file', async (req, reply) => {
    const user = requireUser(req);
    const { jobId } = idFrom(ZJobId, req.params, 'Print job');
    const file = await printFile(ctx, user.id, jobId);
    return reply
      .type('application/pdf')
      .header('content-length', file.size)
      .header('content-disposition', attachment(file.fileName, `${file.projectName}.pdf`))
      .send(file.stream);
  });

  app.get('/api/projects/:id/print/preview', async (req, reply) => {
    const user = requireUser(req);
    const { id } = idFrom(ZId, req.params, 'Project');
    const { count } = ZPreviewQuery.parse(req.query);
    const pdf = await renderPreview(ctx, user.id, id, count);
    return reply
      .type('application/pdf')
      .header('cache-control', 'no-store')
      .header('content-disposition', `inline; filename="${printFileName('preview')}"`)
      .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
  });
}
