import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  FONT_MAX_BYTES, FONT_MESSAGES as FM, FONT_NAME_MAX, ZAdminFontPatchSchema, ZAdminFontSchema, ZIdParams, ZNoContent,
} from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { ZodApp } from '../../platform/module.js';
import { route } from '../../platform/route.js';
import { deleteFont, listAdminFonts, updateFont, uploadFont } from './admin-fonts.service.js';

/**
 * Reads POST /api/admin/fonts' multipart body: the `file` part (at most FONT_MAX_BYTES: a bigger
 * one stops the upload while it streams) and the optional `name` field.
 * Errors: BAD_REQUEST 'Choose a font file to upload'; PAYLOAD_TOO_LARGE 'A font file must be at
 * most 10 MB'; VALIDATION for a name over FONT_NAME_MAX characters.
 */
async function readFontUpload(req: FastifyRequest): Promise<{ bytes: Buffer; name?: string }> {
  if (!req.isMultipart()) throw new AppError('BAD_REQUEST', FM.noFile);
  let name: string | undefined;
  let bytes: Buffer | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: FONT_MAX_BYTES, files: 1, fields: 5 } })) {
      if (part.type === 'field') {
        if (part.fieldname === 'name') name = String(part.value).trim() || undefined;
      } else if (!bytes && part.fieldname === 'file') bytes = await part.toBuffer();
      else part.file.resume();
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', FM.tooLarge);
    throw err;
  }
  if (!bytes?.length) throw new AppError('BAD_REQUEST', FM.noFile);
  if (name && name.length > FONT_NAME_MAX) throw new AppError('VALIDATION', `A font name has at most ${FONT_NAME_MAX} characters`);
  return { bytes, name };
}

/**
 * Font administration (docs/requirements/administration.md#administration Admin → Fonts), administrators only (401 / 403 for others):
 * - GET    /api/admin/fonts → TAdminFont[] (details and how many designs use each)
 * - POST   /api/admin/fonts (multipart `file`, optional `name`) → 201 TAdminFont; 400 not a
 *          printable TTF/OTF, 409 'A font named X already exists', 413 over 10 MB
 * - PATCH  /api/admin/fonts/{id} {display_name?, is_fallback?} → TAdminFont
 * - DELETE /api/admin/fonts/{id} → 204; 409 for a built-in font, the fallback, or a font in use
 */
export async function adminFontsRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const tags = ['admin'];
  const errors = [400, 404, 409] as const;

  route(app, {
    method: 'GET', url: '/api/admin/fonts', auth: 'admin', summary: 'Fonts with their details and usage (administrators)', tags, response: z.array(ZAdminFontSchema), errors,
  }, (principal) => listAdminFonts(ctx, principal));

  route(app, {
    method: 'POST', url: '/api/admin/fonts', auth: 'admin', summary: 'Upload a TTF or OTF font (multipart/form-data: file, name?; administrators)', tags,
    consumes: ['multipart/form-data'], response: ZAdminFontSchema, status: 201, errors: [...errors, 413],
  }, async (principal, _input, { req }) => uploadFont(ctx, principal, await readFontUpload(req)));

  route(app, {
    method: 'PATCH', url: '/api/admin/fonts/:id', auth: 'admin', summary: 'Rename a font or make it the fallback (administrators)', tags,
    params: ZIdParams, body: ZAdminFontPatchSchema, response: ZAdminFontSchema, errors,
  }, (principal, { params, body }) => updateFont(ctx, principal, { id: params.id, ...body }));

  route(app, {
    method: 'DELETE', url: '/api/admin/fonts/:id', auth: 'admin', summary: 'Delete a font no design uses (administrators)', tags,
    params: ZIdParams, response: ZNoContent, status: 204, errors,
  }, (principal, { params }) => deleteFont(ctx, principal, params.id));
}
