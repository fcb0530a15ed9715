import fs from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_ELEMENT_FONT, type TFont } from '@mailcraft/shared';
import { onInvalidate } from '../../platform/cache-invalidation.js';
import type { AppContext } from '../../platform/context.js';
import type { Principal } from '../../platform/principal.js';
import { isUuid } from '../../platform/ids.js';
import { notFound } from '../../platform/errors.js';
import { writeAtomically } from '../../platform/storage.js';
import { BUILTIN_FONTS, builtinFontBytes, type RenderFonts } from './builtin-fonts.js';
import { fontsRepo, type FontRow } from './fonts.repo.js';

/**
 * Adds the default fonts (docs/requirements/designer.md#limits: Helvetica and Roboto-Regular, the fallback) when they
 * are missing. Idempotent; call at start-up after migrations (main.ts, test harness).
 */
export async function seedFonts(ctx: Pick<AppContext, 'db'>): Promise<void> {
  await fontsRepo.insertMissing(ctx.db, BUILTIN_FONTS.map((f) => ({ ...f })));
}

/** A font row as GET /api/fonts presents it. */
export const presentFont = (r: FontRow): TFont => ({
  id: r.id, postscript_name: r.postscriptName, is_fallback: r.isFallback, display_name: r.displayName ?? r.family ?? r.postscriptName,
});

/** GET /api/fonts: every font (built-in and uploaded), ordered by PostScript name. */
export async function listFonts(ctx: AppContext, _principal: Principal): Promise<TFont[]> {
  return (await fontsRepo.list(ctx.db)).map(presentFont);
}

/** Whether a font row is one of the built-in fonts (file key `builtin:{name}`). */
export const isBuiltinFont = (r: Pick<FontRow, 'fileKey'>) => r.fileKey.startsWith('builtin:');

/**
 * GET /api/fonts/{id}/base64: the file (TTF/OTF) of font `id` as base64, for the Designer's `font` option.
 * Built-in fonts come from the server's bundled files, uploaded ones from storage.
 * Throws NOT_FOUND for an unknown id.
 */
export async function fontBase64(ctx: AppContext, _principal: Principal, id: string): Promise<{ data: string }> {
  const row = isUuid(id) ? await fontsRepo.findById(ctx.db, id) : undefined;
  if (!row) throw notFound('Font');
  const bytes = builtinFontBytes(row.fileKey) ?? (await ctx.storage.get(row.fileKey));
  return { data: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64') };
}

/** Where the render threads' local copy of an uploaded font's file is: `{dataDir}/cache/fonts/{id}{ext}`. */
const localFontPath = (ctx: Pick<AppContext, 'config'>, row: Pick<FontRow, 'id' | 'fileKey'>) =>
  path.join(ctx.config.dataDir, 'cache', 'fonts', `${row.id}${path.extname(row.fileKey)}`);

/** The folders of local font copies this process has written to or read from (one per DATA_DIR; tests run several apps in a process). */
const localFontDirs = new Set<string>();

/**
 * Local font copies are per process (its DATA_DIR) and never stale: a font's bytes never change
 * under its id, and which fonts print is read from the fonts table at every print (`renderFonts`).
 * A deleted font's copy is only garbage: `deleteFont` publishes `font-files` with its id and every
 * process removes its copy here (docs/architecture.md#caches-across-processes). A reconnect (key
 * null) removes nothing — copies of existing fonts stay valid; a deletion missed meanwhile leaves
 * an unused file behind.
 */
onInvalidate('font-files', async (fontId) => {
  if (!fontId || !isUuid(fontId)) return;
  await Promise.all([...localFontDirs].flatMap((dir) => ['.ttf', '.otf'].map((ext) => fs.rm(path.join(dir, `${fontId}${ext}`), { force: true }))));
});

/** Removes this process's local copy of a deleted font's file (see `renderFonts`); nothing when there is none. Other processes: `font-files`. */
export async function dropLocalFontFile(ctx: Pick<AppContext, 'config'>, row: Pick<FontRow, 'id' | 'fileKey'>): Promise<void> {
  await fs.rm(localFontPath(ctx, row), { force: true });
}

/** The local copy of an uploaded font's file for the render threads (`localFontPath`), written once (atomically). */
async function localFontFile(ctx: Pick<AppContext, 'storage' | 'config'>, row: FontRow): Promise<string> {
  const file = localFontPath(ctx, row);
  localFontDirs.add(path.dirname(file));
  // Bytes never change under a font id, so a file that exists is current.
  if (await fs.access(file).then(() => true, () => false)) return file;
  await fs.mkdir(path.dirname(file), { recursive: true });
  const bytes = await ctx.storage.get(row.fileKey);
  // Renders at once may all copy it: each through its own temporary file, so a thread never reads half a file.
  await writeAtomically(file, (tmp) => fs.writeFile(tmp, bytes));
  return file;
}

/**
 * The fonts render threads print with (docs/requirements/administration.md#administration: uploaded fonts reach print files, previews and
 * order PDFs): the uploaded fonts as local files, the fallback's name and a key that changes
 * with the set of fonts, so threads rebuild their font map after an upload, delete or fallback
 * change (see `loadFonts`). One small query per call; files are copied from storage once.
 * The set lives in the database, read at every print, preview and order: a font uploaded through
 * any process prints in the next render of every process, with no message between them
 * (docs/architecture.md#caches-across-processes; the processes share STORAGE_URL).
 */
export async function renderFonts(ctx: Pick<AppContext, 'db' | 'storage' | 'config'>): Promise<RenderFonts & { names: string[] }> {
  const rows = await fontsRepo.list(ctx.db);
  const own = rows.filter((r) => !isBuiltinFont(r));
  const files = await Promise.all(own.map(async (r) => ({ name: r.postscriptName, path: await localFontFile(ctx, r) })));
  const fallback = rows.find((r) => r.isFallback)?.postscriptName ?? DEFAULT_ELEMENT_FONT;
  return {
    key: JSON.stringify([fallback, ...own.map((r) => r.id)]),
    fallback,
    files,
    names: [...BUILTIN_FONTS.map((f) => f.postscriptName), ...files.map((f) => f.name)],
  };
}
