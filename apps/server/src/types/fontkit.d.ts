/** The part of fontkit (no bundled types) that the print renderer, the map labels and font uploads touch. */
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
    /** The glyph of a glyph id. */
    getGlyph(id: number): Glyph;
    unitsPerEm: number;
    /** 'TTF' (also for CFF-flavoured OpenType), 'WOFF', 'WOFF2', 'TTC' or 'DFont'. */
    type: string;
    /** Names from the font's name table; null when absent. */
    postscriptName: string | null;
    familyName: string | null;
    subfamilyName: string | null;
    numGlyphs: number;
    /** Metrics in font units, for a PDF font descriptor. */
    bbox: { minX: number; minY: number; maxX: number; maxY: number };
    ascent: number;
    descent: number;
    capHeight: number;
    xHeight: number;
    italicAngle: number;
    /** sfnt tables (read on access): only the fields the print writer's font descriptor uses. */
    'OS/2'?: { sFamilyClass: number; usWeightClass: number };
    post: { isFixedPitch: number };
    head: { macStyle: { italic: boolean } };
    /** Present when the outlines are CFF (OpenType 'OTTO'). */
    'CFF '?: object;
  }
  export function create(buffer: Buffer, postscriptName?: string): Font;
}
