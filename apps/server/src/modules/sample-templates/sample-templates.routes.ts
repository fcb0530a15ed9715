import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  SAMPLE_TEMPLATE_MESSAGES, ZAdminSampleTemplateSchema, ZApplySampleResultSchema, ZApplySampleSchema, ZErrorSchema, ZIdParams, ZNoContent,
  ZSampleTemplateCreateSchema, ZSampleTemplateSchema, ZSampleTemplatesQuerySchema, ZSampleTemplateUpdateSchema, ZSampleThumbnailParams,
  ZSampleThumbnailUploadQuery, binary,
} from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { ZodApp } from '../../platform/module.js';
import { adminOnly, requirePrincipal, signedIn } from '../../platform/principal.js';
import {
  adminListSamples, createSampleFromProject, deleteSample, replaceSampleThumbnail, rerenderSampleThumbnails, updateSample,
} from './admin-sample-templates.service.js';
import { applySample, listSamples, openSampleThumbnail } from './sample-templates.service.js';
import { SAMPLE_THUMBNAIL_MAX_BYTES } from './sample-thumbnails.js';

/**
 * The uploaded thumbnail: the first file part, read up to 2 MB. Errors: BAD_REQUEST without a
 * file; PAYLOAD_TOO_LARGE (413) past 2 MB (the rest is not buffered).
 */
async function readThumbnailUpload(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw new AppError('BAD_REQUEST', SAMPLE_TEMPLATE_MESSAGES.noFile);
  try {
    const file = await req.file({ limits: { fileSize: SAMPLE_THUMBNAIL_MAX_BYTES, files: 1 } });
    if (!file) throw new AppError('BAD_REQUEST', SAMPLE_TEMPLATE_MESSAGES.noFile);
    return await file.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', SAMPLE_TEMPLATE_MESSAGES.thumbnailTooLarge);
    throw err;
  }
}

/**
 * Sample templates (docs/requirements/administration.md#administration), on the web app's `/api`:
 * - GET  /api/templates/samples?type&size → TSampleTemplate[] (published, by position; signed in)
 * - GET  /api/templates/samples/{id}/thumbnail/{front|back} → PNG (published: anyone signed in;
 *        hidden: administrators; 404 otherwise)
 * - POST /api/templates/samples/{id}/apply {projectId} → {project_id} (404 not your project or no
 *        such sample; 409 size or type mismatch)
 * Administrators (403 for others; every change in the audit log, area 'sample-templates'):
 * - GET    /api/admin/sample-templates → TAdminSampleTemplate[] (published and hidden)
 * - POST   /api/admin/sample-templates {projectId, name, description?} → 201 TAdminSampleTemplate (hidden)
 * - PATCH  /api/admin/sample-templates/{id} {name?, description?, published?, position?} → TAdminSampleTemplate
 * - POST   /api/admin/sample-templates/{id}/thumbnail?side=front|back, multipart `file` (PNG/JPEG ≤ 2 MB) → TAdminSampleTemplate
 * - POST   /api/admin/sample-templates/{id}/thumbnail/render → TAdminSampleTemplate (both thumbnails from the design)
 * - DELETE /api/admin/sample-templates/{id} → 204
 */
export async function sampleTemplatesRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const tags = ['sample-templates'];
  const errors = { 400: ZErrorSchema, 401: ZErrorSchema, 403: ZErrorSchema, 404: ZErrorSchema };

  app.get('/api/templates/samples', {
    ...signedIn,
    schema: { summary: 'Published sample templates', tags, querystring: ZSampleTemplatesQuerySchema, response: { 200: z.array(ZSampleTemplateSchema), ...errors } },
  }, async (req) => listSamples(ctx, req.query));

  app.get('/api/templates/samples/:id/thumbnail/:side', {
    ...signedIn,
    schema: { summary: 'A sample template\'s thumbnail', tags, params: ZSampleThumbnailParams, response: { 200: binary('image/png', 'The thumbnail PNG'), ...errors } },
  }, async (req, reply) => {
    const png = await openSampleThumbnail(ctx, requirePrincipal(req), req.params.id, req.params.side);
    // URLs carry ?v=<updated_at>, so a cached copy never goes stale.
    return reply.type('image/png').header('cache-control', 'private, max-age=31536000, immutable').send(png);
  });

  app.post('/api/templates/samples/:id/apply', {
    ...signedIn,
    schema: {
      summary: 'Copy a sample template\'s design into your project', tags, params: ZIdParams, body: ZApplySampleSchema,
      response: { 200: ZApplySampleResultSchema, ...errors, 409: ZErrorSchema },
    },
  }, async (req) => applySample(ctx, requirePrincipal(req), req.params.id, req.body.projectId));

  const admin = ['admin', ...tags];
  app.get('/api/admin/sample-templates', {
    ...adminOnly,
    schema: { summary: 'Every sample template (administrators)', tags: admin, response: { 200: z.array(ZAdminSampleTemplateSchema), ...errors } },
  }, async () => adminListSamples(ctx));

  app.post('/api/admin/sample-templates', {
    ...adminOnly,
    schema: {
      summary: 'Make a sample template from one of your projects (administrators)', tags: admin, body: ZSampleTemplateCreateSchema,
      response: { 201: ZAdminSampleTemplateSchema, ...errors, 422: ZErrorSchema },
    },
  }, async (req, reply) => reply.status(201).send(await createSampleFromProject(ctx, requirePrincipal(req), req.body)));

  app.patch('/api/admin/sample-templates/:id', {
    ...adminOnly,
    schema: { summary: 'Edit, publish or hide a sample template (administrators)', tags: admin, params: ZIdParams, body: ZSampleTemplateUpdateSchema, response: { 200: ZAdminSampleTemplateSchema, ...errors } },
  }, async (req) => updateSample(ctx, requirePrincipal(req), req.params.id, req.body));

  app.post('/api/admin/sample-templates/:id/thumbnail', {
    ...adminOnly,
    schema: {
      summary: 'Replace a sample template\'s thumbnail: multipart/form-data file (PNG or JPEG, at most 2 MB) (administrators)', tags: admin,
      consumes: ['multipart/form-data'], params: ZIdParams, querystring: ZSampleThumbnailUploadQuery,
      response: { 200: ZAdminSampleTemplateSchema, ...errors, 413: ZErrorSchema, 415: ZErrorSchema },
    },
  }, async (req) => {
    const principal = requirePrincipal(req);
    return replaceSampleThumbnail(ctx, principal, req.params.id, req.query.side, await readThumbnailUpload(req));
  });

  app.post('/api/admin/sample-templates/:id/thumbnail/render', {
    ...adminOnly,
    schema: { summary: 'Render a sample template\'s thumbnails from its design (administrators)', tags: admin, params: ZIdParams, response: { 200: ZAdminSampleTemplateSchema, ...errors } },
  }, async (req) => rerenderSampleThumbnails(ctx, requirePrincipal(req), req.params.id));

  app.delete('/api/admin/sample-templates/:id', {
    ...adminOnly,
    schema: { summary: 'Delete a sample template (administrators)', tags: admin, params: ZIdParams, response: { 204: ZNoContent, ...errors } },
  }, async (req, reply) => {
    await deleteSample(ctx, requirePrincipal(req), req.params.id);
    return reply.status(204).send(null);
  });
}
