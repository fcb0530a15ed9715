import { z } from 'zod';
import { PAPER_SIZES, PERMIT_LINE_MAX, SIDES, TEMPLATE_TYPES } from './constants.js';

const line = (n: number) =>
  z.string({ error: `Line ${n} is required` })
    .trim()
    .min(1, `Line ${n} is required`)
    .max(PERMIT_LINE_MAX, 'Maximum 20 characters allowed');

/** Indicia lines 1–6 (spec 000 §3, §5); `text` is the lines joined by newlines. */
export const ZIndiciaSchema = z.object({
  line1: line(1), line2: line(2), line3: line(3), line4: line(4), line5: line(5), line6: line(6),
  text: z.string().optional(),
});
export type TIndicia = z.infer<typeof ZIndiciaSchema>;

/** POST /api/templates/permits (spec 000 §3: name, indicia, isDefault). */
export const ZPermitCreateSchema = z.object({
  name: z.string({ error: 'Permit name is required' }).trim().min(1, 'Permit name is required').max(100),
  indicia: ZIndiciaSchema,
  isDefault: z.boolean().optional().default(false),
});
export type TPermitCreate = z.infer<typeof ZPermitCreateSchema>;

/** Permit as the API presents it (spec 000 §3). */
export type TPermit = {
  id: string;
  name: string;
  indicia: TIndicia & { text: string };
  is_default: boolean;
  permit_image: string | null;
  created_at: string;
};

/** PUT /api/templates/project/{id}/permit (spec 000 §7). permitId null clears the permit. */
export const ZProjectPermitSchema = z.object({
  permitId: z.string().uuid().nullable(),
  templateType: z.enum(TEMPLATE_TYPES).optional(),
  paperSize: z.enum(PAPER_SIZES as [string, ...string[]]).optional(),
  sides: z.enum(SIDES).optional(),
});

/** The indicia lines in print order. */
export const indiciaLines = (i: TIndicia) => [i.line1, i.line2, i.line3, i.line4, i.line5, i.line6];

/**
 * Indicia of the product's own permit, printed on projects whose permit_type is 'product'
 * (spec 000 §3: permit_type {product}, custom or none): the mail is entered under the printer's
 * permit, so no user permit is needed.
 */
export const PRODUCT_PERMIT_INDICIA: TIndicia = {
  line1: 'PRESORTED', line2: 'STANDARD', line3: 'U.S. POSTAGE', line4: 'PAID', line5: 'MAILCRAFT', line6: ' ',
};

/**
 * The indicia lines a project prints (spec 000 §3): the product's permit for 'product', the
 * selected permit for 'custom', none for 'none' or a custom project without a permit.
 */
export function projectIndiciaLines(permitType: string, permit: { indicia: TIndicia } | null | undefined): string[] | null {
  if (permitType === 'product') return indiciaLines(PRODUCT_PERMIT_INDICIA).map((l) => l.trim());
  if (permitType === 'custom' && permit) return indiciaLines(permit.indicia);
  return null;
}
