import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as fontkit from 'fontkit';

const ARIMO = fileURLToPath(new URL('../../../assets/fonts/Arimo-Regular.ttf', import.meta.url));
let font: fontkit.Font | null = null;
const glyphPaths = new Map<number, string>();

/** Text laid out as SVG: `svg` draws it with its baseline start at (x, y); `width` is its advance, px. */
export type TextPaths = { svg: string; width: number };

/**
 * Lays out `text` in Arimo (the bundled font, OFL) at `size` px and returns it as SVG paths — so map
 * images need no font loading and look the same on every machine (fontkit shaping: kerning and
 * ligatures). `fill` is any SVG paint. Glyph outlines are cached per glyph.
 */
export function textPaths(text: string, x: number, y: number, size: number, fill: string, anchor: 'start' | 'end' = 'start'): TextPaths {
  font ??= fontkit.create(fs.readFileSync(ARIMO));
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
