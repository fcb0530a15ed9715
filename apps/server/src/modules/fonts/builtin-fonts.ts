import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { getDefaultFont, type Font } from '@pdfme/common';
import { DEFAULT_ELEMENT_FONT } from '@mailcraft/shared';

/**
 * The fonts every installation has (docs/requirements/designer.md#limits "Default fonts: Helvetica (built in) and
 * Roboto-Regular"; Roboto-Regular is the fallback for elements without a font).
 * - Roboto-Regular: the Roboto TTF that @pdfme/common bundles (Apache-2.0).
 * - Helvetica: Helvetica itself is not freely distributable, so its name is served by Arimo
 *   (SIL OFL 1.1, metric-compatible with Helvetica/Arial), shipped in apps/server/assets/fonts
 *   with its licence.
 * Their `fileKey` in the fonts table is `builtin:{name}`; uploaded fonts use storage keys.
 */
export const BUILTIN_FONTS = [
  { postscriptName: 'Helvetica', isFallback: false, fileKey: 'builtin:Helvetica' },
  { postscriptName: DEFAULT_ELEMENT_FONT, isFallback: true, fileKey: `builtin:${DEFAULT_ELEMENT_FONT}` },
] as const;

const ARIMO_PATH = fileURLToPath(new URL('../../../assets/fonts/Arimo-Regular.ttf', import.meta.url));

type Bytes = Uint8Array<ArrayBuffer>;
let cache: Map<string, Bytes> | null = null;

function builtins(): Map<string, Bytes> {
  if (!cache) {
    cache = new Map([
      ['builtin:Helvetica', new Uint8Array(fs.readFileSync(ARIMO_PATH))],
      [`builtin:${DEFAULT_ELEMENT_FONT}`, getDefaultFont().Roboto.data as Bytes],
    ]);
  }
  return cache;
}

/** TTF bytes of a built-in font by its `builtin:` file key, or null for any other key. */
export function builtinFontBytes(fileKey: string): Bytes | null {
  return builtins().get(fileKey) ?? null;
}

/**
 * The fonts a render thread prints with beyond the built-in ones (docs/requirements/administration.md#administration: uploaded fonts reach
 * the renderer), sent with every render task by the main thread (`renderFonts`): small, as the
 * bytes are read from `files` in the thread.
 */
export type RenderFonts = {
  /** Changes whenever a font is added or removed or the fallback moves; a thread rebuilds its map when it does. */
  key: string;
  /** PostScript name of the fallback font (pdfme prints elements naming a missing font in it). */
  fallback: string;
  /** Uploaded fonts: PostScript name and a local file holding the TTF/OTF. */
  files: Array<{ name: string; path: string }>;
};

let fontMap: { key: string; font: Font } | null = null;
const uploaded = new Map<string, Bytes>();

/**
 * The pdfme `Font` map for the renderer: the built-in fonts (`{ 'Roboto-Regular': {data,
 * fallback: true}, Helvetica: {data} }`) plus, with `fonts`, the uploaded ones and the fallback
 * it names. Built once per process or worker thread and reused for every `generate()` call
 * (docs/architecture.md#print-renderer: pass the font once); rebuilt when `fonts.key` changes, reading
 * only files not read before (and forgetting deleted ones; a file deleted meanwhile is left
 * out, as only fonts no design uses are deleted). Throws when an uploaded font's file cannot be read.
 */
export function loadFonts(fonts?: RenderFonts): Font {
  const key = fonts?.key ?? '';
  if (fontMap?.key === key) return fontMap.font;
  const paths = new Set(fonts?.files.map((f) => f.path));
  for (const p of uploaded.keys()) if (!paths.has(p)) uploaded.delete(p); // deleted fonts
  const font: Font = {};
  for (const f of BUILTIN_FONTS) font[f.postscriptName] = { data: builtinFontBytes(f.fileKey)!, fallback: false, subset: true };
  for (const f of fonts?.files ?? []) {
    let data = uploaded.get(f.path);
    if (!data) {
      // A font deleted after the task was made (only unused fonts are deleted): left out.
      if (!fs.existsSync(f.path)) continue;
      uploaded.set(f.path, (data = new Uint8Array(fs.readFileSync(f.path))));
    }
    font[f.name] = { data, fallback: false, subset: true };
  }
  (font[fonts?.fallback ?? DEFAULT_ELEMENT_FONT] ?? font[DEFAULT_ELEMENT_FONT]).fallback = true;
  fontMap = { key, font };
  return font;
}
