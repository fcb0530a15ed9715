/** The part of fontkit (no bundled types) that the print renderer and the map labels touch. */
declare module 'fontkit' {
  export interface Path {
    /** SVG path data in font units (y up). */
    toSVG(): string;
  }
  export interface Glyph {
    id: number;
    path: Path;
    /** Advance width in font units. */
    advanceWidth: number;
  }
  export interface GlyphPosition {
    xAdvance: number;
    xOffset: number;
    yOffset: number;
  }
  export interface GlyphRun {
    glyphs: Glyph[];
    positions: GlyphPosition[];
  }
  export interface Font {
    /** Whether the font's cmap maps the Unicode code point to a glyph. */
    hasGlyphForCodePoint(codePoint: number): boolean;
    /** Shapes a string (kerning, ligatures). */
    layout(text: string): GlyphRun;
    unitsPerEm: number;
  }
  export function create(buffer: Buffer, postscriptName?: string): Font;
}
