import * as fontkit from 'fontkit';
import { loadFonts } from '../../fonts/builtin-fonts.js';

const fonts = new Map<string, { font: fontkit.Font; glyphs: Map<number, string> }>();

/** A built-in font by name (MARKER_RULES.fonts: Helvetica — served by Arimo — or Roboto); Helvetica for any other name. */
function fontNamed(name: string | undefined) {
  const key = name === 'Roboto' ? 'Roboto-Regular' : 'Helvetica';
  let hit = fonts.get(key);
  if (!hit) {
    const data = loadFonts()[key]?.data as Uint8Array;
    hit = { font: fontkit.create(Buffer.from(data.buffer, data.byteOffset, data.byteLength)), glyphs: new Map() };
    fonts.set(key, hit);
  }
  return hit;
}

/** Text laid out as SVG: `svg` draws it with its baseline start at (x, y); `width` is its advance, px. */
export type TextPaths = { svg: string; width: number };

/**
 * Lays out `text` in a built-in font (`fontName`: Helvetica — Arimo, OFL — by default, or Roboto)
 * at `size` px and returns it as SVG paths — so map images need no font loading and look the same
 * on every machine (fontkit shaping: kerning and ligatures). `fill` is any SVG paint. Glyph
 * outlines are cached per font and glyph.
 */
export function textPaths(text: string, x: number, y: number, size: number, fill: string, anchor: 'start' | 'end' = 'start', fontName?: string): TextPaths {
  const { font, glyphs: glyphPaths } = fontNamed(fontName);
  const run = font.layout(text);
  const k = size / font.unitsPerEm;
  const width = run.positions.reduce((w, p) => w + p.xAdvance, 0) * k;
  let pen = anchor === 'end' ? x - width : x;
  const parts: string[] = [];
  run.glyphs.forEach((g, i) => {
    let d = glyphPaths.get(g.id);
    if (d === undefined) {
      d = g.path.toSVG();
      glyphPaths.set(g.id, d);
    }
    const p = run.positions[i];
    if (d) parts.push(`<path transform="translate(${(pen + p.xOffset * k).toFixed(2)},${(y - p.yOffset * k).toFixed(2)}) scale(${k.toFixed(5)},${(-k).toFixed(5)})" d="${d}"/>`);
    pen += p.xAdvance * k;
  });
  return { svg: `<g fill="${fill}">${parts.join('')}</g>`, width };
}
