import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  SAMPLE_TEMPLATE_MESSAGES, ZAdminSampleTemplateSchema, ZApplySampleResultSchema, ZApplySampleSchema, ZIdParams, ZNoContent,
  ZSampleTemplateCreateSchema, ZSampleTemplateSchema, ZSampleTemplatesQuerySchema, ZSampleTemplateUpdateSchema, ZSampleThumbnailParams,
  ZSampleThumbnailUploadQuery, binary,
} from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { ZodApp } from '../../platform/module.js';
import { route } from '../../platform/route.js';
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
  const errors = [400, 403, 404] as const;

  route(app, {
    method: 'GET', url: '/api/templates/samples', auth: 'user', summary: 'Published sample templates', tags, query: ZSampleTemplatesQuerySchema,
    response: z.array(ZSampleTemplateSchema), errors,
  }, (principal, { query }) => listSamples(ctx, principal, query));

  route(app, {
    method: 'GET', url: '/api/templates/samples/:id/thumbnail/:side', auth: 'user', summary: 'A sample template\'s thumbnail', tags,
    params: ZSampleThumbnailParams, response: binary('image/png', 'The thumbnail PNG'), errors,
  }, async (principal, { params }, { reply }) => {
    const png = await openSampleThumbnail(ctx, principal, params);
    // URLs carry ?v=<updated_at>, so a cached copy never goes stale.
    return reply.type('image/png').header('cache-control', 'private, max-age=31536000, immutable').send(png);
  });

  route(app, {
    method: 'POST', url: '/api/templates/samples/:id/apply', auth: 'user', summary: 'Copy a sample template\'s design into your project', tags,
    params: ZIdParams, body: ZApplySampleSchema, response: ZApplySampleResultSchema, errors: [...errors, 409],
  }, (principal, { params, body }) => applySample(ctx, principal, { id: params.id, projectId: body.projectId }));

  const admin = ['admin', ...tags];
  route(app, {
    method: 'GET', url: '/api/admin/sample-templates', auth: 'admin', summary: 'Every sample template (administrators)', tags: admin,
    response: z.array(ZAdminSampleTemplateSchema), errors,
  }, (principal) => adminListSamples(ctx, principal));

  route(app, {
    method: 'POST', url: '/api/admin/sample-templates', auth: 'admin', summary: 'Make a sample template from one of your projects (administrators)', tags: admin,
    body: ZSampleTemplateCreateSchema, response: ZAdminSampleTemplateSchema, status: 201, errors: [...errors, 422],
  }, (principal, { body }) => createSampleFromProject(ctx, principal, body));

  route(app, {
    method: 'PATCH', url: '/api/admin/sample-templates/:id', auth: 'admin', summary: 'Edit, publish or hide a sample template (administrators)', tags: admin,
    params: ZIdParams, body: ZSampleTemplateUpdateSchema, response: ZAdminSampleTemplateSchema, errors,
  }, (principal, { params, body }) => updateSample(ctx, principal, { id: params.id, ...body }));

  route(app, {
    method: 'POST', url: '/api/admin/sample-templates/:id/thumbnail', auth: 'admin',
    summary: 'Replace a sample template\'s thumbnail: multipart/form-data file (PNG or JPEG, at most 2 MB) (administrators)', tags: admin,
    consumes: ['multipart/form-data'], params: ZIdParams, query: ZSampleThumbnailUploadQuery, response: ZAdminSampleTemplateSchema, errors: [...errors, 413, 415],
  }, async (principal, { params, query }, { req }) => replaceSampleThumbnail(ctx, principal, { id: params.id, side: query.side, bytes: await readThumbnailUpload(req) }));

  route(app, {
    method: 'POST', url: '/api/admin/sample-templates/:id/thumbnail/render', auth: 'admin',
    summary: 'Render a sample template\'s thumbnails from its design (administrators)', tags: admin, params: ZIdParams, response: ZAdminSampleTemplateSchema, errors,
  }, (principal, { params }) => rerenderSampleThumbnails(ctx, principal, params.id));

  route(app, {
    method: 'DELETE', url: '/api/admin/sample-templates/:id', auth: 'admin', summary: 'Delete a sample template (administrators)', tags: admin,
    params: ZIdParams, response: ZNoContent, status: 204, errors,
  }, (principal, { params }) => deleteSample(ctx, principal, params.id));
}
