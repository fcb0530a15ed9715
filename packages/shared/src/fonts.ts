import { z } from 'zod';

/** A font as the API presents it (docs/requirements/designer.md#fonts; docs/requirements/administration.md#administration adds the name shown in the designer). */
export const ZFontSchema = z.object({
  id: z.string().describe('Font id (UUID)'),
  postscript_name: z.string().describe('PostScript name, used as the font name in designs'),
  is_fallback: z.boolean().describe('Whether this is the font used when a design names a missing font'),
  display_name: z.string().describe('The name shown in the designer (the PostScript name unless an administrator named it)'),
}).meta({ id: 'Font' });
export type TFont = z.infer<typeof ZFontSchema>;

/** GET /api/fonts/{id}/base64. */
export const ZFontDataSchema = z.object({
  data: z.string().describe('The TTF file, base64-encoded'),
});

/** A font with what administrators manage it by (docs/requirements/administration.md#administration: GET /api/admin/fonts). */
export const ZAdminFontSchema = ZFontSchema.extend({
  family: z.string().nullable().describe('Family from the font\'s name table (null for built-in fonts)'),
  subfamily: z.string().nullable().describe('Style (sub-family) from the name table, e.g. Regular, Bold Italic'),
  glyph_count: z.number().int().nullable().describe('Glyphs in the font'),
  size_bytes: z.number().int().nullable().describe('Size of the font file in bytes'),
  builtin: z.boolean().describe('Whether the font ships with the server (never deleted)'),
  used_by: z.number().int().describe('Designs (projects, with their reinforcements) whose elements use this font'),
  uploaded_by: z.string().nullable().describe('Email of the administrator who uploaded it, or null'),
  created_at: z.string().describe('ISO 8601 time it was added'),
}).meta({ id: 'AdminFont' });
export type TAdminFont = z.infer<typeof ZAdminFontSchema>;

/** Largest font file an administrator may upload (docs/requirements/administration.md#administration), in bytes. */
export const FONT_MAX_BYTES = 10 * 1024 * 1024;

/**
 * Heap, in MB, of the thread that checks an uploaded font (parsed with fontkit, embedded once with
 * pdf-lib): an 8.6 MB CJK font (30,888 glyphs) is checked within 96 MB, so this leaves room for
 * any font under FONT_MAX_BYTES; a damaged one took 4.1 GB when it was checked on the HTTP thread.
 */
export const FONT_CHECK_HEAP_MB = 256;
/**
 * Seconds that check may take: the 8.6 MB CJK font takes 5–7 s on two shared cores; a damaged
 * font froze the server for 162 s.
 */
export const FONT_CHECK_SECONDS = 30;

/** Longest display name of a font. */
export const FONT_NAME_MAX = 100;

/** PATCH /api/admin/fonts/{id} body (docs/requirements/administration.md#administration): at least one of the two. */
export const ZAdminFontPatchSchema = z.object({
  display_name: z.string().trim().min(1, 'A font name cannot be empty').max(FONT_NAME_MAX, `A font name has at most ${FONT_NAME_MAX} characters`)
    .optional().describe('The name shown in the designer'),
  is_fallback: z.literal(true, { error: 'Make another font the fallback instead' }).optional()
    .describe('true makes this the fallback font (the previous one stops being it)'),
}).refine((b) => b.display_name !== undefined || b.is_fallback !== undefined, { message: 'Send display_name or is_fallback' });
export type TAdminFontPatch = z.infer<typeof ZAdminFontPatchSchema>;

/** Messages of font administration (docs/requirements/administration.md#administration), shown as the server sends them. */
export const FONT_MESSAGES = {
  noFile: 'Choose a font file to upload',
  tooLarge: `A font file must be at most ${FONT_MAX_BYTES / 1024 / 1024} MB`,
  notFont: 'This file is not a TrueType or OpenType font.',
  woff: 'WOFF and WOFF2 web fonts cannot be printed: upload the TTF or OTF file.',
  collection: 'Font collections (.ttc, .otc) are not supported: upload one TTF or OTF font.',
  noNames: 'This font has no PostScript name or family in its name table.',
  noGlyphs: 'This font has no glyphs.',
  glyphsMissing: (claimed: number, held: number) =>
    `This font is damaged: it claims ${claimed.toLocaleString('en-US')} glyphs but holds ${held.toLocaleString('en-US')}.`,
  tooBig: `This font needs more memory to check than a font upload may use (${FONT_CHECK_HEAP_MB} MB). Upload a smaller or undamaged font.`,
  tooSlow: `Checking this font took longer than ${FONT_CHECK_SECONDS} seconds. Upload a smaller or undamaged font.`,
  notEmbeddable: 'This font cannot be embedded in a PDF: its tables are damaged or of a kind the PDF writer does not support.',
  exists: (name: string) => `A font named ${name} already exists`,
  builtin: 'Built-in fonts cannot be deleted',
  fallback: 'The fallback font cannot be deleted: make another font the fallback first',
  inUse: (n: number) => `This font is used by ${n} ${n === 1 ? 'design' : 'designs'}`,
} as const;
