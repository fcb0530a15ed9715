import { describe, expect, it } from 'vitest';
import { toUnicodeCmap, widthsArray, type FontGlyphs } from './font-objects.js';
import { pdfName, pdfNumber } from './pdf-syntax.js';

/** Pieces of the print writer's font objects (ISO 32000-1 §9.7.4.3, §9.10.3) and the PDF syntax they are written in. */

describe('font objects', () => {
  it('writes glyph widths compactly: runs of one width as a range, other consecutive glyphs as a list', () => {
    const glyphs: FontGlyphs = new Map([[3, ['a', 500]], [1, ['b', 500]], [2, ['c', 500]], [7, ['d', 250]], [8, ['e', 333.33333]], [20, ['f', 600]]]);
    expect(widthsArray(glyphs)).toBe('[1 3 500 7 [250 333.3333] 20 [600]]');
  });

  it('maps each glyph to its text in UTF-16, ligatures to several characters, in blocks of at most 100', () => {
    const glyphs: FontGlyphs = new Map([[445, ['ffi', 900]], [12, ['🌻', 1000]], [13, ['', 0]]]);
    for (let gid = 1000; gid < 1150; gid++) glyphs.set(gid, ['x', 500]);
    const cmap = toUnicodeCmap(glyphs);
    expect(cmap).toContain('<01bd> <006600660069>');
    expect(cmap).toContain('<000c> <d83cdf3b>');
    expect(cmap).not.toContain('<000d>'); // a glyph without text is not mapped
    expect(cmap.match(/(\d+) beginbfchar/g)).toEqual(['100 beginbfchar', '52 beginbfchar']);
  });

  it('escapes names and writes numbers without exponents', () => {
    expect(pdfName('F1')).toBe('/F1');
    expect(pdfName('My Font#2/é')).toBe('/My#20Font#232#2f#c3#a9');
    expect([0.1 + 0.2, -0.00001, 1e-7, 12345678.9, 500].map(pdfNumber)).toEqual(['0.3', '0', '0', '12345678.9', '500']);
  });
});
