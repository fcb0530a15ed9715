import * as fontkit from 'fontkit';
import type { Font } from '@pdfme/common';
import { FALLBACK_FONTS, fallbackFontBytes, type FallbackFont } from './fallback-fonts.js';

type Coverage = { kit: fontkit.Font; memo: Map<number, boolean> };
const coverages = new WeakMap<object, Coverage>();

/** Code points that print nothing (ZWJ, variation selectors, bidi marks, controls): any font "has" them. */
const IGNORABLE = /[\p{Default_Ignorable_Code_Point}\p{Cc}]/u;
const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The user-perceived characters of a string (a base letter with its marks, an emoji ZWJ sequence). */
export const graphemes = (s: string): string[] => Array.from(segmenter.segment(s), (g) => g.segment);

/**
 * Whether font bytes have a glyph for every printing code point of `s`, by the font's cmap
 * (fontkit `hasGlyphForCodePoint`), memoised per font and code point. Font data that is not bytes
 * (a URL or base64 string) is assumed to cover everything, as it cannot be checked here.
 */
export function fontCovers(data: Font[string]['data'], s: string): boolean {
  if (!(data instanceof Uint8Array)) return true;
  let cov = coverages.get(data);
  if (!cov) {
    cov = { kit: fontkit.create(Buffer.from(data.buffer, data.byteOffset, data.byteLength)), memo: new Map() };
    coverages.set(data, cov);
  }
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    let has = cov.memo.get(cp);
    if (has === undefined) {
      has = IGNORABLE.test(ch) || cov.kit.hasGlyphForCodePoint(cp);
      cov.memo.set(cp, has);
    }
    if (!has) return false;
  }
  return true;
}

const FALLBACK_NAMES = new Set(FALLBACK_FONTS.map((f) => f.name));

/**
 * Fallback fonts to try for `grapheme`, best first: those whose script hint matches it, the ones
 * whose `prefer` context matches `context` (the whole text) ahead; then every other one.
 */
export function fallbackOrder(grapheme: string, context: string, fonts: readonly FallbackFont[] = FALLBACK_FONTS): FallbackFont[] {
  const hinted = fonts.filter((f) => f.script.test(grapheme));
  const preferred = hinted.filter((f) => f.prefer?.test(context));
  return [...new Set([...preferred, ...hinted, ...fonts])];
}

/**
 * The font map for rendering `texts` (every string a chunk prints): `base` plus the fallback
 * fonts that print the characters no base font has — and only those, so a chunk of Latin names
 * reads no fallback font at all. A character no font has is left to the base font (it prints as
 * the font's missing-glyph box). Fallbacks are added with `fallback: false`, subset on embedding.
 */
export function fontsForTexts(base: Font, texts: Iterable<string>): Font {
  const baseData = Object.values(base).map((f) => f.data);
  const needed = new Map<string, string>(); // grapheme → one text it occurs in (its context)
  for (const text of texts) {
    if (!text || /^[\x20-\x7e\s]*$/.test(text)) continue;
    for (const g of graphemes(text)) {
      if (!needed.has(g) && !baseData.some((d) => fontCovers(d, g))) needed.set(g, text);
    }
  }
  if (needed.size === 0) return base;
  const font: Font = { ...base };
  for (const [g, context] of needed) {
    // The same order `fontRuns` picks by, so the font it will pick is the one loaded here.
    const found = fallbackOrder(g, context).find((f) => fontCovers(fallbackFontBytes(f), g));
    if (found && !font[found.name]) font[found.name] = { data: fallbackFontBytes(found), fallback: false, subset: true };
  }
  return font;
}

export type FontRun = { fontName: string; text: string };
const NEUTRAL = /^[\p{Z}\p{P}\s]+$/u;

/**
 * Splits `text` into runs of one font each so every character prints (spec: names in any
 * script): each character takes the element font when it has it, else the first font of `font`
 * that has it (other element fonts, then fallbacks by `fallbackOrder`). Spaces and punctuation
 * between two characters of one font join their run, so 'محمد علي' and '李 雷' stay whole; elsewhere
 * they stay in the element font. Returns one run in the element font when it has every character
 * (the common case, checked first without segmenting).
 */
export function fontRuns(text: string, elementFont: string, font: Font): FontRun[] {
  if (fontCovers(font[elementFont]?.data, text)) return [{ fontName: elementFont, text }];
  const others = Object.keys(font).filter((n) => n !== elementFont && !FALLBACK_NAMES.has(n));
  const pick = (g: string): string => {
    const order = [elementFont, ...others, ...fallbackOrder(g, text).map((f) => f.name)].filter((n) => font[n]);
    return order.find((n) => fontCovers(font[n].data, g)) ?? elementFont;
  };
  const chars = graphemes(text).map((g) => ({ g, fontName: NEUTRAL.test(g) ? null : pick(g) }));
  chars.forEach((c, i) => {
    if (c.fontName) return;
    const before = chars.slice(0, i).reverse().find((x) => x.fontName && !NEUTRAL.test(x.g))?.fontName;
    const after = chars.slice(i + 1).find((x) => !NEUTRAL.test(x.g))?.fontName;
    c.fontName = before && before === after && fontCovers(font[before].data, c.g) ? before : pick(c.g);
  });
  const runs: FontRun[] = [];
  for (const { g, fontName } of chars) {
    const last = runs.at(-1);
    if (last && last.fontName === fontName) last.text += g;
    else runs.push({ fontName: fontName!, text: g });
  }
  return runs;
}
