import type { TFont } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import { isUuid } from '../../platform/ids.js';
import { notFound } from '../../platform/errors.js';
import { BUILTIN_FONTS, builtinFontBytes } from './builtin-fonts.js';
import { fontsRepo } from './fonts.repo.js';


/**
 * Adds the default fonts (spec 000 §9: Helvetica and Roboto-Regular, the fallback) when they
 * are missing. Idempotent; call at start-up after migrations (main.ts, test harness).
 */
export async function seedFonts(ctx: Pick<AppContext, 'db'>): Promise<void> {
  await fontsRepo.insertMissing(ctx.db, BUILTIN_FONTS.map((f) => ({ ...f })));
}

/** GET /api/fonts: every font, ordered by PostScript name. */
export async function listFonts(ctx: Pick<AppContext, 'db'>): Promise<TFont[]> {
  const rows = await fontsRepo.list(ctx.db);
  return rows.map((r) => ({ id: r.id, postscript_name: r.postscriptName, is_fallback: r.isFallback }));
}

/**
 * GET /api/fonts/{id}/base64: the font file (TTF) as base64, for the Designer's `font` option.
 * Built-in fonts come from the server's bundled files, uploaded ones from storage.
 * Throws NOT_FOUND for an unknown id.
 */
export async function fontBase64(ctx: Pick<AppContext, 'db' | 'storage'>, id: string): Promise<{ data: string }> {
  const row = isUuid(id) ? await fontsRepo.findById(ctx.db, id) : undefined;
  if (!row) throw notFound('Font');
  const bytes = builtinFontBytes(row.fileKey) ?? (await ctx.storage.get(row.fileKey));
  return { data: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64') };
}
