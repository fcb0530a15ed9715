import { describe, expect, it } from 'vitest';
import * as fontkit from 'fontkit';
import { builtinFontBytes } from '../../fonts/builtin-fonts.js';
import { FALLBACK_FONTS, fallbackFontBytes } from '../../fonts/fallback-fonts.js';
import { subsetFont } from './font-subset.js';

/** The print writer's font subsets (docs/architecture.md#print-renderer): the glyphs asked for, under their own ids, nothing a PDF reader does not use. */

const open = (bytes: Uint8Array) => fontkit.create(Buffer.from(bytes));
const tables = (bytes: Uint8Array) => Object.keys((open(bytes) as unknown as { directory: { tables: Record<string, unknown> } }).directory.tables);
const gidsOf = (bytes: Uint8Array, text: string) => [...new Set(open(bytes).layout(text).glyphs.map((g) => g.id))];

describe('subsetFont', () => {
  it('keeps the glyphs of a TrueType font under their ids, drops the others, layout tables and hinting', () => {
    const roboto = builtinFontBytes('builtin:Roboto-Regular')!;
    const gids = gidsOf(roboto, 'Dear Zoë, office');
    const subset = subsetFont(roboto, gids);
    const [full, sub] = [open(roboto), open(subset)];
    expect(subset.length).toBeLessThan(roboto.length / 10);
    expect(sub.numGlyphs).toBeGreaterThan(Math.max(...gids));
    for (const gid of gids) expect(sub.getGlyph(gid).path.toSVG()).toBe(full.getGlyph(gid).path.toSVG());
    const unused = full.layout('X').glyphs[0].id;
    expect(full.getGlyph(unused).path.toSVG()).not.toBe('');
    expect(sub.getGlyph(unused).path.toSVG()).toBe('');
    expect(tables(subset)).toEqual(expect.arrayContaining(['glyf', 'loca', 'hmtx', 'head']));
    for (const dropped of ['GSUB', 'GPOS', 'GDEF', 'fpgm', 'prep', 'cvt ']) expect(tables(subset)).not.toContain(dropped);
  });

  it('subsets a CFF-based OpenType CJK font the same way', () => {
    const sc = fallbackFontBytes(FALLBACK_FONTS.find((f) => f.name === 'NotoSansSC-Regular')!);
    const gids = gidsOf(sc, '李雷 王芳');
    const subset = subsetFont(sc, gids);
    const [full, sub] = [open(sc), open(subset)];
    expect(tables(subset)).toContain('CFF ');
    expect(tables(subset)).not.toContain('GSUB');
    expect(subset.length).toBeLessThan(sc.length / 20);
    for (const gid of gids) expect(sub.getGlyph(gid).path.toSVG()).toBe(full.getGlyph(gid).path.toSVG());
  });

  it('keeps the glyphs of the characters asked for, and maps them in the cmap', () => {
    const arimo = builtinFontBytes('builtin:Helvetica')!;
    const sub = open(subsetFont(arimo, [], [0x41, 0xe9]));
    expect(sub.hasGlyphForCodePoint(0x41)).toBe(true);
    expect(sub.hasGlyphForCodePoint(0x42)).toBe(false);
    expect(sub.layout('é').glyphs[0].path.toSVG()).toBe(open(arimo).layout('é').glyphs[0].path.toSVG());
  });

  it('fails on bytes that are not a font', () => {
    expect(() => subsetFont(new Uint8Array(1000).fill(7), [1, 2])).toThrow(/Font subsetting failed/);
  });
});
