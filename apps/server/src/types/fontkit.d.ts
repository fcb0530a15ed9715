/** The part of fontkit (no bundled types) that the print renderer touches. */
declare module 'fontkit' {
  export interface Font {
    /** Whether the font's cmap maps the Unicode code point to a glyph. */
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  export function create(buffer: Buffer, postscriptName?: string): Font;
}
