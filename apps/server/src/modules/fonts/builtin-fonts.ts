import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { getDefaultFont, type Font } from '@pdfme/common';
import { DEFAULT_ELEMENT_FONT } from '@mailcraft/shared';

/**
 * The fonts every installation has (spec 000 §9 "Default fonts: Helvetica (built in) and
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

let fontMap: Font | null = null;

/**
 * The pdfme `Font` map for the renderer: `{ 'Roboto-Regular': {data, fallback: true},
 * Helvetica: {data} }`, read once per process or worker thread and reused for every
 * `generate()` call (DESIGN.md "Print rendering": pass the font once).
 */
export function loadFonts(): Font {
  if (!fontMap) {
    fontMap = {};
    for (const f of BUILTIN_FONTS) {
      fontMap[f.postscriptName] = { data: builtinFontBytes(f.fileKey)!, fallback: f.isFallback, subset: true };
    }
  }
  return fontMap;
}
