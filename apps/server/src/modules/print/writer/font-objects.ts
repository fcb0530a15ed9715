import crypto from 'node:crypto';
import zlib from 'node:zlib';
import * as fontkit from 'fontkit';
import { withIdentityCidCharset } from './cff-charset.js';
import { subsetFont } from './font-subset.js';
import { pdfName, pdfNumber } from './pdf-syntax.js';

/**
 * The PDF objects of a font of a print file (docs/architecture.md#print-renderer), written once
 * per file when every page is in: an embedded font as a Type 0 font (Identity-H, CID = glyph id
 * of the full font) over a CIDFont holding a subset of the font program, or a standard 14 font.
 * The dictionaries follow ISO 32000-1 §9.7 and what pdf-lib's CustomFontEmbedder writes, so
 * readers and text extraction treat the file as they treat pdfme's.
 */

/** An indirect object to write: its number, its dictionary and, for a stream, the (encoded) stream bytes. */
export type PdfObject = { num: number; dict: string; stream?: Uint8Array };

/** Glyphs a file uses of one font: glyph id → [the text it stands for, advance width in 1/1000 em]. */
export type FontGlyphs = Map<number, [unicode: string, width: number]>;

/** Entries per bfchar block: a CMap may hold at most 100 (Adobe Technical Note #5099). */
const BFCHAR_BLOCK = 100;

/** The dictionary of a standard 14 font (not embedded; WinAnsi text, e.g. Helvetica). */
export function standardFontDict(name: string): string {
  return `<< /Type /Font /Subtype /Type1 /BaseFont ${pdfName(name)} /Encoding /WinAnsiEncoding >>`;
}

const hex4 = (n: number) => n.toString(16).padStart(4, '0');

/** UTF-16BE hex of `text`, as a ToUnicode CMap wants it. */
function utf16Hex(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) out += hex4(text.charCodeAt(i));
  return out;
}

/** A ToUnicode CMap mapping each glyph id (2-byte code) to its text; glyphs without text are left out. */
export function toUnicodeCmap(glyphs: FontGlyphs): string {
  const entries = [...glyphs].filter(([, [text]]) => text !== '').sort((a, b) => a[0] - b[0]);
  const blocks: string[] = [];
  for (let i = 0; i < entries.length; i += BFCHAR_BLOCK) {
    const block = entries.slice(i, i + BFCHAR_BLOCK);
    blocks.push(`${block.length} beginbfchar\n${block.map(([gid, [text]]) => `<${hex4(gid)}> <${utf16Hex(text)}>`).join('\n')}\nendbfchar`);
  }
  return [
    '/CIDInit /ProcSet findresource begin', '12 dict begin', 'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def', '/CMapType 2 def',
    '1 begincodespacerange', '<0000> <ffff>', 'endcodespacerange',
    ...blocks,
    'endcmap', 'CMapName currentdict /CMap defineresource pop', 'end', 'end',
  ].join('\n');
}

/**
 * The `/W` array of the glyphs (ISO 32000-1 §9.7.4.3): consecutive glyph ids with one width as
 * `first last w`, other runs of consecutive ids as `first [w …]`.
 */
export function widthsArray(glyphs: FontGlyphs): string {
  const gids = [...glyphs.keys()].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < gids.length; ) {
    let j = i + 1;
    while (j < gids.length && gids[j] === gids[j - 1] + 1) j++;
    const widths = gids.slice(i, j).map((g) => pdfNumber(glyphs.get(g)![1]));
    parts.push(widths.length > 1 && widths.every((w) => w === widths[0]) ? `${gids[i]} ${gids[j - 1]} ${widths[0]}` : `${gids[i]} [${widths.join(' ')}]`);
    i = j;
  }
  return `[${parts.join(' ')}]`;
}

/** A 6-letter subset tag (ISO 32000-1 §9.6.4) from the font and its glyphs: the same subset gets the same tag. */
function subsetTag(name: string, gids: number[]): string {
  const hash = crypto.createHash('sha256').update(name).update(Uint32Array.from(gids)).digest();
  return String.fromCharCode(...hash.subarray(0, 6).map((b) => 65 + (b % 26)));
}

/** Font flags as pdf-lib derives them (ISO 32000-1 §9.8.2): symbolic always; fixed pitch, serif, script and italic from the font. */
function fontFlags(font: fontkit.Font): number {
  const familyClass = (font['OS/2']?.sFamilyClass ?? 0) >> 8;
  let flags = 1 << 2; // symbolic: glyphs are chosen by CID, not by a standard encoding
  if (font.post.isFixedPitch) flags |= 1 << 0;
  if (familyClass >= 1 && familyClass <= 7) flags |= 1 << 1;
  if (familyClass === 10) flags |= 1 << 3;
  if (font.head.macStyle.italic) flags |= 1 << 6;
  return flags;
}

/**
 * The objects of an embedded font: the Type 0 font as object `num` (the number the pages already
 * reference), then its CIDFont, font descriptor, font program and ToUnicode CMap under numbers from
 * `allocate()`. `bytes` is the full TrueType or CFF OpenType font; it is subset to `glyphs` (glyph
 * ids kept). Widths come from `glyphs` (what the pages were laid out with); the descriptor's
 * metrics from the font (fontkit). Throws when the font cannot be read or subset.
 */
export function embeddedFontObjects(num: number, allocate: () => number, name: string, bytes: Uint8Array, glyphs: FontGlyphs): PdfObject[] {
  const font = fontkit.create(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  if (!('unitsPerEm' in font)) throw new Error(`Font '${name}' is a font collection; print fonts are single TTF/OTF fonts`);
  const gids = [...glyphs.keys()].sort((a, b) => a - b);
  const cff = Boolean(font['CFF ']);
  let program = subsetFont(bytes, gids);
  if (cff) program = withIdentityCidCharset(program);
  const baseFont = pdfName(`${subsetTag(name, gids)}+${(font.postscriptName || name).replace(/[^A-Za-z0-9_.-]/g, '')}`);
  const scale = 1000 / font.unitsPerEm;
  const { minX, minY, maxX, maxY } = font.bbox;
  const [cidFont, descriptor, file, toUnicode] = [allocate(), allocate(), allocate(), allocate()];
  const stemV = 50 + ((font['OS/2']?.usWeightClass ?? 400) / 65) ** 2; // no sfnt field holds it: the usual estimate from the weight class
  const cmap = zlib.deflateSync(toUnicodeCmap(glyphs));
  const compressed = zlib.deflateSync(program);
  return [
    { num, dict: `<< /Type /Font /Subtype /Type0 /BaseFont ${baseFont} /Encoding /Identity-H /DescendantFonts [${cidFont} 0 R] /ToUnicode ${toUnicode} 0 R >>` },
    {
      num: cidFont,
      dict: `<< /Type /Font /Subtype /${cff ? 'CIDFontType0' : 'CIDFontType2'} /BaseFont ${baseFont} /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor ${descriptor} 0 R${cff ? '' : ' /CIDToGIDMap /Identity'} /W ${widthsArray(glyphs)} >>`,
    },
    {
      num: descriptor,
      dict: `<< /Type /FontDescriptor /FontName ${baseFont} /Flags ${fontFlags(font)} /FontBBox [${[minX, minY, maxX, maxY].map((v) => pdfNumber(v * scale)).join(' ')}] /ItalicAngle ${pdfNumber(font.italicAngle)} /Ascent ${pdfNumber(font.ascent * scale)} /Descent ${pdfNumber(font.descent * scale)} /CapHeight ${pdfNumber((font.capHeight || font.ascent) * scale)} /XHeight ${pdfNumber((font.xHeight || 0) * scale)} /StemV ${pdfNumber(stemV)} /${cff ? 'FontFile3' : 'FontFile2'} ${file} 0 R >>`,
    },
    { num: file, dict: `<< /Filter /FlateDecode${cff ? ' /Subtype /OpenType' : ` /Length1 ${program.length}`} /Length ${compressed.length} >>`, stream: compressed },
    { num: toUnicode, dict: `<< /Filter /FlateDecode /Length ${cmap.length} >>`, stream: cmap },
  ];
}
