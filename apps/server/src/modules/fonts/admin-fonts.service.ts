import { randomUUID } from 'node:crypto';
import { FONT_MESSAGES as FM, type TAdminFont, type TAdminFontPatch } from '@mailcraft/shared';
import type { Db } from '../../db/client.js';
import { invalidate } from '../../platform/cache-invalidation.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { isUuid } from '../../platform/ids.js';
import type { Principal } from '../../platform/principal.js';
import { recordAdminChange } from '../audit/audit.service.js';
import { fontUsage } from '../designs/designs.service.js';
import { inspectFontInThread } from './font-threads.js';
import { fontsRepo, type FontRow } from './fonts.repo.js';
import { dropLocalFontFile, isBuiltinFont, presentFont } from './fonts.service.js';

const presentAdminFont = (r: FontRow, usedBy: number, uploaderEmail: string | null): TAdminFont => ({
  ...presentFont(r),
  family: r.family, subfamily: r.subfamily, glyph_count: r.glyphCount, size_bytes: r.sizeBytes,
  builtin: isBuiltinFont(r), used_by: usedBy, uploaded_by: uploaderEmail, created_at: r.createdAt.toISOString(),
});

/** GET /api/admin/fonts (administrators; the route checks): every font with its details and how many designs use it. */
export async function listAdminFonts(ctx: AppContext, _admin: Principal): Promise<TAdminFont[]> {
  return adminFonts(ctx.db);
}

/** Every font as the admin page shows it (see `listAdminFonts`). */
async function adminFonts(db: Db): Promise<TAdminFont[]> {
  const [rows, usage] = await Promise.all([fontsRepo.listWithUploader(db), fontUsage(db)]);
  return rows.map(({ font, uploaderEmail }) => presentAdminFont(font, usage.get(font.postscriptName) ?? 0, uploaderEmail ?? null));
}

async function adminFont(db: Db, id: string): Promise<TAdminFont> {
  const found = (await adminFonts(db)).find((f) => f.id === id);
  if (!found) throw notFound('Font');
  return found;
}

async function fontRow(db: Db, id: string): Promise<FontRow> {
  const row = isUuid(id) ? await fontsRepo.findById(db, id) : undefined;
  if (!row) throw notFound('Font');
  return row;
}

/**
 * POST /api/admin/fonts (Admin → Fonts): checks `bytes` in a font thread (see `inspectFontInThread`), stores them at
 * `fonts/{id}.ttf|.otf` and adds the font, shown as `name` (trimmed; the family when empty).
 * The next print render and designer load include it, in every process (the font set is read from the
 * database at each render, `renderFonts`).
 * Errors: VALIDATION (400) for a file that is not a printable TTF/OTF, one whose check runs out
 * of memory or time, or a name over FONT_NAME_MAX; CONFLICT (409) 'A font named X already exists' for a PostScript name in use.
 * Audited as 'font.upload'.
 */
export async function uploadFont(ctx: AppContext, admin: Principal, upload: { bytes: Buffer; name?: string }): Promise<TAdminFont> {
  const facts = await inspectFontInThread(upload.bytes);
  if (await fontsRepo.findByName(ctx.db, facts.postscriptName)) throw new AppError('CONFLICT', FM.exists(facts.postscriptName));
  const id = randomUUID();
  const fileKey = `fonts/${id}${facts.extension}`;
  await ctx.storage.put(fileKey, upload.bytes);
  try {
    await ctx.db.transaction(async (tx) => {
      const added = await fontsRepo.insert(tx, {
        id, postscriptName: facts.postscriptName, fileKey, displayName: upload.name || facts.family, family: facts.family,
        subfamily: facts.subfamily, glyphCount: facts.glyphCount, sizeBytes: upload.bytes.length, uploadedBy: admin.userId,
      });
      if (!added) throw new AppError('CONFLICT', FM.exists(facts.postscriptName)); // uploaded meanwhile
      await recordAdminChange(tx, admin, {
        area: 'fonts', action: 'font.upload', targetId: id, summary: `Uploaded the font ${added.displayName} (${facts.postscriptName})`,
        before: null, after: { postscript_name: facts.postscriptName, display_name: added.displayName, size_bytes: upload.bytes.length },
      });
    });
  } catch (err) {
    await ctx.storage.delete(fileKey);
    throw err;
  }
  return adminFont(ctx.db, id);
}

/**
 * PATCH /api/admin/fonts/{id} (docs/requirements/administration.md#administration): renames font `id` and/or makes it the fallback — the
 * previous fallback stops being it in the same transaction, so there is always exactly one.
 * Errors: NOT_FOUND (404). Audited as 'font.rename' / 'font.fallback'.
 */
export async function updateFont(ctx: AppContext, admin: Principal, input: { id: string } & TAdminFontPatch): Promise<TAdminFont> {
  const { db } = ctx;
  const { id, ...patch } = input;
  const row = await fontRow(db, id);
  const before = presentFont(row);
  await db.transaction(async (tx) => {
    if (patch.display_name !== undefined && patch.display_name !== before.display_name) {
      await fontsRepo.setDisplayName(tx, id, patch.display_name);
      await recordAdminChange(tx, admin, {
        area: 'fonts', action: 'font.rename', targetId: id, summary: `Renamed the font ${row.postscriptName} to ${patch.display_name}`,
        before: { display_name: before.display_name }, after: { display_name: patch.display_name },
      });
    }
    if (patch.is_fallback && !row.isFallback) {
      const previous = (await fontsRepo.list(tx)).find((f) => f.isFallback);
      await fontsRepo.makeFallback(tx, id);
      await recordAdminChange(tx, admin, {
        area: 'fonts', action: 'font.fallback', targetId: id, summary: `Made ${row.postscriptName} the fallback font`,
        before: { fallback: previous?.postscriptName ?? null }, after: { fallback: row.postscriptName },
      });
    }
  });
  return adminFont(db, id);
}

/**
 * DELETE /api/admin/fonts/{id} (docs/requirements/administration.md#font-deletion): removes an uploaded font and its
 * file (and its local copies for the render threads, in every process: `font-files`). Errors: NOT_FOUND (404); CONFLICT (409) for a built-in font, the fallback font, or a font
 * any design uses ('This font is used by N designs'). Audited as 'font.delete'.
 */
export async function deleteFont(ctx: AppContext, admin: Principal, id: string): Promise<void> {
  const row = await fontRow(ctx.db, id);
  if (isBuiltinFont(row)) throw new AppError('CONFLICT', FM.builtin);
  if (row.isFallback) throw new AppError('CONFLICT', FM.fallback);
  const usedBy = (await fontUsage(ctx.db)).get(row.postscriptName) ?? 0;
  if (usedBy > 0) throw new AppError('CONFLICT', FM.inUse(usedBy));
  await ctx.db.transaction(async (tx) => {
    if (!(await fontsRepo.delete(tx, id))) throw notFound('Font');
    await recordAdminChange(tx, admin, {
      area: 'fonts', action: 'font.delete', targetId: id, summary: `Deleted the font ${presentFont(row).display_name} (${row.postscriptName})`,
      before: { postscript_name: row.postscriptName, display_name: presentFont(row).display_name }, after: null,
    });
  });
  await ctx.storage.delete(row.fileKey);
  await dropLocalFontFile(ctx, row);
  await invalidate(ctx, 'font-files', row.id);
}
