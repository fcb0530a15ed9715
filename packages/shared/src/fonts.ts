import { z } from 'zod';

/** A font as the API presents it (spec 000 §3 Font). */
export const ZFontSchema = z.object({
  id: z.string().describe('Font id (UUID)'),
  postscript_name: z.string().describe('PostScript name, used as the font name in designs'),
  is_fallback: z.boolean().describe('Whether this is the font used when a design names a missing font'),
}).meta({ id: 'Font' });
export type TFont = z.infer<typeof ZFontSchema>;

/** GET /api/fonts/{id}/base64. */
export const ZFontDataSchema = z.object({
  data: z.string().describe('The TTF file, base64-encoded'),
});
