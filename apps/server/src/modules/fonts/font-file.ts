import * as fontkit from 'fontkit';
import { FONT_MESSAGES as FM } from '@mailcraft/shared';
import { AppError } from '../../platform/errors.js';

/** What an uploaded font file says about itself (its name table and glyphs). */
export type FontFacts = {
  postscriptName: string;
  family: string;
  subfamily: string | null;
  glyphCount: number;
  /** '.ttf' for TrueType outlines, '.otf' for CFF (OpenType 'OTTO'). */
  extension: '.ttf' | '.otf';
};

const SFNT_TTF = new Set([0x00010000, 0x74727565 /* 'true' */]);
const SFNT_OTF = 0x4f54544f; // 'OTTO'
const WEB_FONTS = new Set([0x774f4646 /* 'wOFF' */, 0x774f4632 /* 'wOF2' */]);
const COLLECTION = 0x74746366; // 'ttcf'
/** PostScript names are printable ASCII without spaces, at most 63 characters (Adobe TN 5902). */
const POSTSCRIPT_NAME = /^[\x21-\x7e]{1,63}$/;

const invalid = (message: string) => new AppError('VALIDATION', message);

/** Whether the sfnt table directory is whole and every table lies inside the file (fontkit reads tables lazily). */
function tablesInside(bytes: Buffer): boolean {
  const count = bytes.readUInt16BE(4);
  if (count === 0 || 12 + 16 * count > bytes.length) return false;
  for (let i = 0; i < count; i++) {
    const record = 12 + 16 * i;
    if (bytes.readUInt32BE(record + 8) + bytes.readUInt32BE(record + 12) > bytes.length) return false;
  }
  return true;
}

/** The table `tag` of the sfnt table directory as bytes of the file, or null (checked by `tablesInside` first). */
function table(bytes: Buffer, tag: string): Buffer | null {
  for (let i = 0; i < bytes.readUInt16BE(4); i++) {
    const record = 12 + 16 * i;
    if (bytes.toString('latin1', record, record + 4) === tag) {
      const offset = bytes.readUInt32BE(record + 8);
      return bytes.subarray(offset, offset + bytes.readUInt32BE(record + 12));
    }
  }
  return null;
}

/**
 * Glyphs the font's outlines hold, or null when it has neither kind: TrueType outlines one per
 * `loca` offset but the last (offsets of 2 bytes, or 4 when head.indexToLocFormat is 1 —
 * OpenType "loca"), CFF outlines one per CharString (fontkit reads the CFF table's index).
 */
function outlineGlyphs(bytes: Buffer, font: fontkit.Font): number | null {
  const loca = table(bytes, 'loca');
  const head = table(bytes, 'head');
  if (loca && head && head.length >= 52) return Math.floor(loca.length / (head.readInt16BE(50) === 0 ? 2 : 4)) - 1;
  const cff = (font as unknown as Record<string, { topDict?: { CharStrings?: unknown[] } } | undefined>)['CFF '];
  return cff?.topDict?.CharStrings?.length ?? null;
}

/** The font's sfnt version tag, or null when the file is too short to have one. */
function tagOf(bytes: Buffer): number | null {
  return bytes.length >= 12 ? bytes.readUInt32BE(0) : null;
}

/**
 * Renders one line of text in the font with the print renderer's own `generate()` (subset
 * embedding, as print files do), so a font pdf-lib cannot embed is refused at upload rather than
 * failing a print job later. pdfme is imported on first use (kept out of start-up memory).
 */
async function checkEmbeds(bytes: Buffer, name: string): Promise<void> {
  const [{ generate }, { text }] = await Promise.all([import('@pdfme/generator'), import('@pdfme/schemas')]);
  const template = {
    basePdf: { width: 100, height: 30, padding: [0, 0, 0, 0] as [number, number, number, number] },
    schemas: [[{ name: 'sample', type: 'text', position: { x: 2, y: 2 }, width: 96, height: 20, fontName: name, fontSize: 12 }]],
  };
  try {
    await generate({
      template, inputs: [{ sample: 'Hamburgefonstiv 0123456789' }], plugins: { text },
      options: { font: { [name]: { data: new Uint8Array(bytes), fallback: true, subset: true } } },
    });
  } catch (err) {
    // pdf-lib's reason ('Offset is outside the bounds of the DataView') is for the server log.
    console.warn(`[fonts] ${name} does not embed:`, err instanceof Error ? err.message : err);
    throw invalid(FM.notEmbeddable);
  }
}

/**
 * Checks that `bytes` are one real TrueType or OpenType font that prints, and reads its names
 * (Admin → Fonts: validated by parsing with fontkit). Refuses, with VALIDATION (400):
 * WOFF/WOFF2 web fonts, collections (.ttc/.otc), cut-off files, anything fontkit cannot parse as an sfnt font,
 * fonts without a PostScript name or family in their name table, fonts without glyphs, fonts
 * whose maxp table claims more glyphs than their outlines hold (FM.glyphsMissing), and fonts
 * pdf-lib cannot embed (see `checkEmbeds`). Parses untrusted bytes with no bound of its own: run
 * it through `inspectFontInThread`, never on the HTTP thread.
 */
export async function inspectFontFile(bytes: Buffer): Promise<FontFacts> {
  const tag = tagOf(bytes);
  if (tag !== null && WEB_FONTS.has(tag)) throw invalid(FM.woff);
  if (tag === COLLECTION) throw invalid(FM.collection);
  if (tag === null || (!SFNT_TTF.has(tag) && tag !== SFNT_OTF) || !tablesInside(bytes)) throw invalid(FM.notFont);
  let font: fontkit.Font;
  let postscriptName: string | null;
  let family: string | null;
  let subfamily: string | null;
  let glyphCount: number;
  let held: number | null;
  try {
    font = fontkit.create(bytes);
    if (font.type !== 'TTF') throw new Error(font.type);
    ({ postscriptName, familyName: family, subfamilyName: subfamily, numGlyphs: glyphCount } = font);
    held = outlineGlyphs(bytes, font);
  } catch {
    throw invalid(FM.notFont);
  }
  postscriptName = postscriptName?.trim() ?? null;
  family = family?.trim() ?? null;
  if (!postscriptName || !POSTSCRIPT_NAME.test(postscriptName) || !family) throw invalid(FM.noNames);
  if (!(glyphCount > 0)) throw invalid(FM.noGlyphs);
  // maxp.numGlyphs is what every glyph loop trusts: a font claiming 65,535 glyphs over the
  // outlines of 1,708 took 41 s to embed, accepted.
  if (held !== null && glyphCount > held) throw invalid(FM.glyphsMissing(glyphCount, held));
  await checkEmbeds(bytes, postscriptName);
  return { postscriptName, family, subfamily: subfamily?.trim() || null, glyphCount, extension: tag === SFNT_OTF ? '.otf' : '.ttf' };
}
