import { z } from 'zod';
import { PAPER_SIZES, TEMPLATE_TYPES, type PaperSize } from './constants.js';

/**
 * A template as the public API lists it (docs/requirements/print-on-demand-api.md#template Templates): a project's main
 * design, id '{projectId}-main' with both sides' thumbnails, and each saved reinforcement,
 * id '{projectId}-r1'…'-r3', one side — the same pseudo-templates Order Entry builds.
 */
export const ZApiTemplateSchema = z.object({
  id: z.string().describe('"{projectId}-main" or "{projectId}-r1", "-r2", "-r3"'),
  project_id: z.string().describe('The project the design belongs to'),
  name: z.string().describe('The project\'s name, or the reinforcement\'s'),
  kind: z.enum(['main', 'reinforcement']).describe('main (the mail piece) or reinforcement (a one-page follow-up)'),
  template_type: z.enum(TEMPLATE_TYPES).describe('self_mailer or postcard (the project\'s)'),
  paper_size: z.enum(PAPER_SIZES as [PaperSize, ...PaperSize[]]).describe('Paper size'),
  sides: z.number().int().min(1).max(2).describe('Printed sides: 2 for a double-sided main design, else 1'),
  thumbnail_outside: z.string().nullable().describe('URL of the outside (address side) thumbnail, or null'),
  thumbnail_inside: z.string().nullable().describe('URL of the inside thumbnail (a reinforcement\'s page), or null'),
  has_design: z.boolean().describe('Whether anything is designed yet'),
}).meta({ id: 'Template' });
export type TApiTemplate = z.infer<typeof ZApiTemplateSchema>;
