import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  LIST_MESSAGES, ZIdParams, ZListPreviewQuerySchema, ZListRenameSchema, ZListPreviewSchema, ZMailingListDetailSchema,
  ZMailingListSchema, ZNoContent, ZUploadedListSchema,
} from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { ZodApp } from '../../platform/module.js';
import { route } from '../../platform/route.js';
import { uploadExtension } from './import/open-table.js';
import { deleteList, getList, listLists, previewList, renameList } from './mailing-lists.service.js';
import { uploadList, type UploadInput } from './upload-list.service.js';

/**
 * Reads the multipart upload: the first file part (any field name, `file` by convention) and the
 * text fields (`projectId`), in whatever order they come. The multipart plugin caps a file at
 * UPLOAD_MAX_BYTES (app.ts).
 * Errors: BAD_REQUEST 400 without a file; PAYLOAD_TOO_LARGE 413 'The file is larger than 50 MB';
 * UNSUPPORTED_MEDIA_TYPE 415 for another extension (checked before the file is buffered).
 */
async function readUpload(req: FastifyRequest): Promise<UploadInput> {
  if (!req.isMultipart()) throw new AppError('BAD_REQUEST', LIST_MESSAGES.noFile);
  let file: { filename: string; bytes: Buffer } | null = null;
  let rejected = false;
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
      } else if (file || rejected) {
        part.file.resume(); // drain: only the first file counts
      } else if (!uploadExtension(part.filename)) {
        rejected = true;
        part.file.resume(); // drain without buffering: a wrong type is refused unread
      } else {
        file = { filename: part.filename, bytes: await part.toBuffer() };
      }
    }
  } catch (err) {
    if (rejected) throw new AppError('UNSUPPORTED_MEDIA_TYPE', LIST_MESSAGES.unsupportedType);
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', LIST_MESSAGES.tooLarge);
    throw err;
  }
  if (rejected) throw new AppError('UNSUPPORTED_MEDIA_TYPE', LIST_MESSAGES.unsupportedType);
  if (!file) throw new AppError('BAD_REQUEST', LIST_MESSAGES.noFile);
  return { ...file, projectId: fields.projectId?.trim() || null };
}

/**
 * Mailing list routes (docs/requirements/mailing-lists.md#upload-screen screen, §7); login required, every list scoped to the
 * signed-in user (another user's id answers 404):
 * - POST /api/lists/upload, multipart `file` + optional `projectId` → 201 `{ id, name, row_count, headers }`;
 *   errors 400 / 404 / 413 / 415 / 422 / 402 as `uploadList` and `readUpload` describe.
 * - GET /api/lists → `[{ id, name, row_count, created_at, project_id }]`, newest first.
 * - GET /api/lists/{id} → one list, with `headers`.
 * - PATCH /api/lists/{id} `{ name }` → the renamed list; 400 for an empty or over-long name.
 * - DELETE /api/lists/{id} → 204; 409 while it is a project's current list.
 * - GET /api/lists/{id}/preview?offset=0&limit=10 (limit ≤ 100, `step=mapping` accepted) →
 *   `{ headers, rows, total, offset, limit }`.
 */
export async function mailingListsRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const tags = ['mailing-lists'];
  const errors = [400, 404] as const;

  route(app, {
    method: 'POST', url: '/api/lists/upload', auth: 'user', summary: 'Upload a mailing list (.csv, .xls, .xlsx) as multipart/form-data: file, projectId?', tags,
    consumes: ['multipart/form-data'], response: ZUploadedListSchema, status: 201, errors: [...errors, 402, 413, 415, 422, 429],
  }, async (principal, _input, { req }) => uploadList(ctx, principal, await readUpload(req)));

  route(app, {
    method: 'GET', url: '/api/lists', auth: 'user', summary: 'The user\'s mailing lists, newest first', tags, response: z.array(ZMailingListSchema),
  }, (principal) => listLists(ctx, principal));

  route(app, {
    method: 'GET', url: '/api/lists/:id', auth: 'user', summary: 'One mailing list with its column names', tags, params: ZIdParams,
    response: ZMailingListDetailSchema, errors,
  }, (principal, { params }) => getList(ctx, principal, params.id));

  route(app, {
    method: 'PATCH', url: '/api/lists/:id', auth: 'user', summary: 'Rename a mailing list', tags, params: ZIdParams, body: ZListRenameSchema,
    response: ZMailingListSchema, errors,
  }, (principal, { params, body }) => renameList(ctx, principal, { listId: params.id, name: body.name }));

  route(app, {
    method: 'DELETE', url: '/api/lists/:id', auth: 'user', summary: 'Delete a mailing list', tags, params: ZIdParams, response: ZNoContent, status: 204,
    errors: [...errors, 409],
  }, (principal, { params }) => deleteList(ctx, principal, params.id));

  route(app, {
    method: 'GET', url: '/api/lists/:id/preview', auth: 'user', summary: 'A page of raw records', tags, params: ZIdParams, query: ZListPreviewQuerySchema,
    response: ZListPreviewSchema, errors,
  }, (principal, { params, query }) => previewList(ctx, principal, { listId: params.id, offset: query.offset, limit: query.limit }));
}
