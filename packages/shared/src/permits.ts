import { z } from 'zod';
import { ZMailerIdSchema } from './account.js';
import { PAPER_SIZES, PERMIT_LINE_MAX, SIDES, TEMPLATE_TYPES } from './constants.js';

const line = (n: number) =>
  z.string({ error: `Line ${n} is required` })
    .trim()
    .min(1, `Line ${n} is required`)
    .max(PERMIT_LINE_MAX, 'Maximum 20 characters allowed');

/** Indicia lines 1–6 (docs/requirements/projects.md#data); `text` is the lines joined by newlines. */
export const ZIndiciaSchema = z.object({
  line1: line(1).describe('Line 1, e.g. PRESORTED'),
  line2: line(2).describe('Line 2, e.g. STANDARD'),
  line3: line(3).describe('Line 3, e.g. U.S. POSTAGE'),
  line4: line(4).describe('Line 4, e.g. PAID'),
  line5: line(5).describe('Line 5, e.g. PERMIT NO. 123'),
  line6: line(6).describe('Line 6, e.g. CITY, STATE'),
  text: z.string().optional().describe('The six lines joined by newlines (ignored on input)'),
}).meta({ id: 'Indicia' });
export type TIndicia = z.infer<typeof ZIndiciaSchema>;

/** POST /api/templates/permits (docs/requirements/projects.md#data: name, indicia, isDefault). */
export const ZPermitCreateSchema = z.object({
  name: z.string({ error: 'Permit name is required' }).trim().min(1, 'Permit name is required').max(100).describe('Permit name'),
  indicia: ZIndiciaSchema.describe('The six indicia lines, at most 20 characters each'),
  isDefault: z.boolean().optional().default(false).describe('Make this the default permit'),
  mailer_id: ZMailerIdSchema.nullable().optional()
    .describe('The mail owner\'s USPS Mailer ID when it differs from the account\'s (6 or 9 digits): IMbs of projects mailing under this permit carry it; null or absent: the account\'s'),
});
export type TPermitCreate = z.infer<typeof ZPermitCreateSchema>;

/** PATCH /api/templates/permits/{id}: change the permit's Mailer ID (docs/requirements/mail-tracking.md#imb-assignment). */
export const ZPermitUpdateSchema = z.object({
  mailer_id: ZMailerIdSchema.nullable()
    .describe('The mail owner\'s USPS Mailer ID when it differs from the account\'s (6 or 9 digits), or null for the account\'s'),
}).meta({ id: 'PermitUpdate' });
export type TPermitUpdate = z.infer<typeof ZPermitUpdateSchema>;

/** Permit as the API presents it (docs/requirements/projects.md#data). */
export const ZPermitSchema = z.object({
  id: z.string().describe('Permit id (UUID)'),
  name: z.string().describe('Permit name'),
  indicia: ZIndiciaSchema.extend({ text: z.string().describe('The six lines joined by newlines') }).describe('Indicia lines'),
  is_default: z.boolean().describe('Whether new custom-permit projects take this permit'),
  permit_image: z.string().nullable().describe('URL of an uploaded indicia image, or null'),
  mailer_id: z.string().nullable().describe('The mail owner\'s USPS Mailer ID the IMbs of its projects carry, or null for the account\'s'),
  created_at: z.string().describe('ISO 8601 creation time'),
}).meta({ id: 'Permit' });
export type TPermit = z.infer<typeof ZPermitSchema>;

/** PUT /api/templates/project/{id}/permit (docs/requirements/workflow.md#api). permitId null clears the permit. */
export const ZProjectPermitSchema = z.object({
  permitId: z.string().uuid().nullable().describe('The permit to print (permit_type custom), or null for none'),
  templateType: z.enum(TEMPLATE_TYPES).optional().describe('Accepted and ignored: change the type with POST /api/projects/{id}/update'),
  paperSize: z.enum(PAPER_SIZES as [string, ...string[]]).optional().describe('Accepted and ignored'),
  sides: z.enum(SIDES).optional().describe('Accepted and ignored'),
});

/** GET /api/templates/permits/product: whether this server offers its own permit, and its indicia. */
export const ZProductPermitSchema = z.object({
  available: z.boolean().describe('Whether projects may mail under the product\'s permit (the operator configured it)'),
  indicia: ZIndiciaSchema.extend({ text: z.string().describe('The six lines joined by newlines') }).nullable()
    .describe('Its six lines, or null when not available'),
}).meta({ id: 'ProductPermit' });
export type TProductPermit = z.infer<typeof ZProductPermitSchema>;

