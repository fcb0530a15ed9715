import type { Font } from '@pdfme/common';
import { FALLBACK_FONTS, fallbackFontBytes } from '../../fonts/fallback-fonts.js';

/**
 * The font bytes of a print file's fonts by the names fragments use (docs/architecture.md#print-renderer):
 * the render's font map `map` (built-in and uploaded fonts, `loadFonts(fonts)`), then the fallback
 * fonts by name (`FALLBACK_FONTS`); null for any other name. A fallback font's file is read when
 * first asked for.
 */
export function printFontBytes(map: Font): (name: string) => Uint8Array | null {
  return (name) => {
    const data = Object.hasOwn(map, name) ? map[name].data : undefined;
    if (data instanceof Uint8Array) return data;
    if (data instanceof ArrayBuffer) return new Uint8Array(data);
    const fallback = FALLBACK_FONTS.find((f) => f.name === name);
    return fallback ? fallbackFontBytes(fallback) : null;
  };
}
