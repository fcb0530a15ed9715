import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Fonts that print the characters the element fonts (Arimo as Helvetica, Roboto) do not have:
 * names in Arabic, Chinese, Japanese, Korean and emoji. Each comes from an npm package (SIL OFL
 * 1.1; the package carries the licence), Regular weight only:
 * - Noto Sans Arabic — `@expo-google-fonts/noto-sans-arabic` (TTF, 190 KB; also has Latin);
 * - Noto Sans SC / JP / KR — `@embedpdf/fonts-sc|jp|kr` (CFF OTF, 8.4 / 4.5 / 4.6 MB; the region
 *   subsets of Noto Sans CJK, each with kana and Latin, KR with all 11,172 Hangul syllables);
 * - Noto Emoji — `@expo-google-fonts/noto-emoji` (monochrome TTF, 870 KB, ZWJ sequences as ligatures).
 *
 * `script` says which characters a font is meant for (a hint that picks the font before its cmap
 * is read); `prefer` is the context that puts it first among fonts for the same script (Japanese
 * kanji forms when a text has kana, Korean when it has Hangul). Bytes are read on first use only.
 */
export type FallbackFont = { name: string; pkg: string; file: string; script: RegExp; prefer?: RegExp };

const HAN = String.raw`\p{Script=Han}\u3000-\u303f\u31f0-\u31ff\uff00-\uffef`;
const KANA = String.raw`\p{Script=Hiragana}\p{Script=Katakana}`;

export const FALLBACK_FONTS: readonly FallbackFont[] = [
  { name: 'NotoSansArabic-Regular', pkg: '@expo-google-fonts/noto-sans-arabic', file: '400Regular/NotoSansArabic_400Regular.ttf', script: /\p{Script=Arabic}/u },
  { name: 'NotoSansSC-Regular', pkg: '@embedpdf/fonts-sc', file: 'fonts/NotoSansHans-Regular.otf', script: new RegExp(`[${HAN}${KANA}]`, 'u') },
  { name: 'NotoSansJP-Regular', pkg: '@embedpdf/fonts-jp', file: 'fonts/NotoSansJP-Regular.otf', script: new RegExp(`[${HAN}${KANA}]`, 'u'), prefer: new RegExp(`[${KANA}]`, 'u') },
  { name: 'NotoSansKR-Regular', pkg: '@embedpdf/fonts-kr', file: 'fonts/NotoSansKR-Regular.otf', script: new RegExp(`[${HAN}\\p{Script=Hangul}]`, 'u'), prefer: /\p{Script=Hangul}/u },
  { name: 'NotoEmoji-Regular', pkg: '@expo-google-fonts/noto-emoji', file: '400Regular/NotoEmoji_400Regular.ttf', script: /[\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Regional_Indicator}]/u },
];

const require = createRequire(import.meta.url);

/** The folder of an installed package: up from its entry point to the package.json naming it. */
function packageDir(pkg: string): string {
  let dir = path.dirname(require.resolve(pkg));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string }).name === pkg) return dir;
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`Font package ${pkg} is not installed`);
    dir = up;
  }
}

type Bytes = Uint8Array<ArrayBuffer>;
const loaded = new Map<string, Bytes>();

/**
 * The TTF/OTF bytes of a fallback font, read from its package on first use and kept for the life
 * of the thread (CJK fonts are 4–8 MB each, so a thread reads only those its chunks need).
 * Throws when the package is missing (an incomplete install).
 */
export function fallbackFontBytes(font: FallbackFont): Bytes {
  let bytes = loaded.get(font.name);
  if (!bytes) {
    bytes = new Uint8Array(fs.readFileSync(path.join(packageDir(font.pkg), font.file)));
    loaded.set(font.name, bytes);
  }
  return bytes;
}
