import { z } from 'zod';
import { MAILER_SIZES, PAPER_SIZES, SIDES, TEMPLATE_TYPES, type PaperSize, type TemplateType } from './constants.js';

/**
 * Sample templates (docs/requirements/designer.md#sample-templates and Admin → Sample templates): starting designs of the
 * /templates gallery, copied into a user's project of the same type and size.
 */

const ZPaperSize = z.enum(PAPER_SIZES as [PaperSize, ...PaperSize[]]);

/** Limits of the admin's fields (characters). */
export const SAMPLE_TEMPLATE_LIMITS = { name: 120, description: 500, position: 10_000 } as const;

/** Words the gallery and the admin page show. */
export const SAMPLE_TEMPLATE_MESSAGES = {
  applied: 'Template applied',
  replaceWarning: 'This project already has a design: using the template replaces it.',
  thumbnailType: 'The thumbnail must be a PNG or JPEG image',
  thumbnailTooLarge: 'The thumbnail must be at most 2 MB',
  noFile: 'Choose a PNG or JPEG image',
  emptyDesign: 'The project has no design yet: design it before making it a sample template',
} as const;

/** 'Postcard' / 'Self-mailer'. */
export const sampleTypeLabel = (t: TemplateType) => (t === 'postcard' ? 'Postcard' : 'Self-mailer');

/** The 409 message when a sample does not fit a project, e.g. 'This template is 6x9; your project is 8.5x11.' */
export function sampleMismatchMessage(sample: { template_type: TemplateType; paper_size: PaperSize }, project: { template_type: TemplateType; paper_size: PaperSize }): string {
  if (sample.paper_size !== project.paper_size) return `This template is ${sample.paper_size}; your project is ${project.paper_size}.`;
  return `This template is a ${sampleTypeLabel(sample.template_type).toLowerCase()}; your project is a ${sampleTypeLabel(project.template_type).toLowerCase()}.`;
}

/** The (type, size) pairs a sample can have: the mailer sizes of each type (docs/requirements/projects.md#rules). */
export const SAMPLE_KINDS = TEMPLATE_TYPES.flatMap((type) => MAILER_SIZES[type].map((size) => ({ type, size })));

/** GET /api/templates/samples?type&size. */
export const ZSampleTemplatesQuerySchema = z.object({
  type: z.enum(TEMPLATE_TYPES).optional().describe('Only samples of this mailer type'),
  size: ZPaperSize.optional().describe('Only samples of this paper size'),
});

/** One published sample as the gallery shows it (docs/requirements/administration.md#administration). Thumbnail URLs carry `?v=` (cache buster). */
export const ZSampleTemplateSchema = z.object({
  id: z.string().describe('Sample template id (UUID)'),
  name: z.string().describe('Name shown on the card'),
  description: z.string().describe('A sentence about the design'),
  template_type: z.enum(TEMPLATE_TYPES).describe('Mailer type the design is made for'),
  paper_size: ZPaperSize.describe('Paper size the design is made for'),
  sides: z.enum(SIDES).describe('double: an outside (address side) and an inside; single: one address side'),
  position: z.number().int().describe('Order in the gallery, smallest first'),
  front_thumbnail: z.string().describe('URL of the front (address side) thumbnail PNG'),
  back_thumbnail: z.string().nullable().describe('URL of the back (inside) thumbnail PNG; null for single-sided'),
}).meta({ id: 'SampleTemplate' });
export type TSampleTemplate = z.infer<typeof ZSampleTemplateSchema>;

/** A sample as the admin page lists it: the gallery fields plus its state. */
export const ZAdminSampleTemplateSchema = ZSampleTemplateSchema.extend({
  published: z.boolean().describe('Shown in the gallery'),
  builtin_key: z.string().nullable().describe('Key of a design the product ships, or null for one made from a project'),
  source_project_id: z.string().nullable().describe('The project it was made from, when it still exists'),
  created_at: z.string().describe('ISO 8601 creation time'),
  updated_at: z.string().describe('ISO 8601 time of the last change'),
}).meta({ id: 'AdminSampleTemplate' });
export type TAdminSampleTemplate = z.infer<typeof ZAdminSampleTemplateSchema>;

/** Path of a sample's thumbnail. */
export const ZSampleThumbnailParams = z.object({
  id: z.string().max(100).describe('Sample template id'),
  side: z.enum(['front', 'back']).describe('front: the address side; back: the inside'),
});

/** POST /api/templates/samples/{id}/apply. */
export const ZApplySampleSchema = z.object({
  projectId: z.string().max(100).describe('One of your projects, of the sample\'s type and size'),
}).meta({ id: 'ApplySample' });

/** Answer of apply: the project to open in the Designer (/projects/{id}/editor). */
export const ZApplySampleResultSchema = z.object({
  project_id: z.string().describe('The project that now has the sample\'s design'),
}).meta({ id: 'ApplySampleResult' });
export type TApplySampleResult = z.infer<typeof ZApplySampleResultSchema>;

const ZName = z.string().trim().min(1, 'Name is required').max(SAMPLE_TEMPLATE_LIMITS.name, `Name must be at most ${SAMPLE_TEMPLATE_LIMITS.name} characters`);
const ZDescription = z.string().trim().max(SAMPLE_TEMPLATE_LIMITS.description, `Description must be at most ${SAMPLE_TEMPLATE_LIMITS.description} characters`);

/** POST /api/admin/sample-templates: a new (hidden) sample from one of the admin's projects' current design. */
export const ZSampleTemplateCreateSchema = z.object({
  projectId: z.string().max(100).describe('One of your projects; its design, type and size are copied'),
  name: ZName.describe('Name shown on the card'),
  description: ZDescription.optional().default('').describe('A sentence about the design'),
}).meta({ id: 'SampleTemplateCreate' });
export type TSampleTemplateCreate = z.input<typeof ZSampleTemplateCreateSchema>;

/** PATCH /api/admin/sample-templates/{id}: any of the fields. */
export const ZSampleTemplateUpdateSchema = z.object({
  name: ZName.optional().describe('New name'),
  description: ZDescription.optional().describe('New description'),
  published: z.boolean().optional().describe('Show in (true) or hide from (false) the gallery'),
  position: z.number().int().min(0).max(SAMPLE_TEMPLATE_LIMITS.position).optional().describe('Order in the gallery, smallest first'),
}).meta({ id: 'SampleTemplateUpdate' });
export type TSampleTemplateUpdate = z.infer<typeof ZSampleTemplateUpdateSchema>;

/** POST /api/admin/sample-templates/{id}/thumbnail?side: which thumbnail a multipart upload replaces. */
export const ZSampleThumbnailUploadQuery = z.object({
  side: z.enum(['front', 'back']).default('front').describe('front: the address side; back: the inside'),
});
