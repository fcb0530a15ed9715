import { z } from 'zod';
import {
  MAILER_SIZES, PAPER_SIZES, PERMIT_TYPES, SIDES, TEMPLATE_TYPES,
  type PaperSize, type Sides, type TemplateType,
} from './constants.js';

/**
 * Project create payload (docs/requirements/projects.md#api /api/projects). Name required (§5), description
 * optional; the mailer size must be allowed for the type (§5: 8.5x11 self-mailer, 6x9 postcard).
 */
export const ZProjectCreateSchema = z
  .object({
    name: z.string().trim().min(1, 'Project name is required').max(200).describe('Project name (required)'),
    description: z.string().max(2000).optional().default('').describe('Free-text description'),
    template_type: z.enum(TEMPLATE_TYPES).default('self_mailer').describe('Mailer type'),
    paper_size: z.enum(PAPER_SIZES as [PaperSize, ...PaperSize[]]).default('8.5x11').describe('Mailer size; must be allowed for the type'),
    sides: z.enum(SIDES).default('double').describe('Printed on one side or both'),
    permit_type: z.enum(PERMIT_TYPES).optional()
      .describe('Indicia to print; default product when the server offers its own permit (GET /api/templates/permits/product), else none'),
    permit_id: z.string().uuid().nullish().describe('Custom permit; without it a custom project takes the default permit'),
  })
  .refine((p) => (MAILER_SIZES[p.template_type] as string[]).includes(p.paper_size), {
    message: 'Additional sizes coming soon',
    path: ['paper_size'],
  });
export type TProjectCreate = z.infer<typeof ZProjectCreateSchema>;

/** Project update payload (docs/requirements/projects.md#api /api/projects/{id}/update). */
export const ZProjectUpdateSchema = z
  .object({
    name: z.string().trim().min(1, 'Project name is required').max(200).describe('Project name (required)'),
    description: z.string().max(2000).optional().default('').describe('Free-text description'),
    template_type: z.enum(TEMPLATE_TYPES).describe('Mailer type'),
    paper_size: z.enum(PAPER_SIZES as [PaperSize, ...PaperSize[]]).describe('Mailer size; must be allowed for the type'),
    sides: z.enum(SIDES).describe('Printed on one side or both'),
  })
  .refine((p) => (MAILER_SIZES[p.template_type] as string[]).includes(p.paper_size), {
    message: 'Additional sizes coming soon',
    path: ['paper_size'],
  });
export type TProjectUpdate = z.infer<typeof ZProjectUpdateSchema>;

const ZThumbnailUrl = z.string().nullable();

/** Project as the API presents it (docs/requirements/projects.md#data). Thumbnails are URLs or null. */
export const ZProjectSchema = z.object({
  id: z.string().describe('Project id (UUID)'),
  name: z.string().describe('Project name'),
  description: z.string().describe('Free-text description'),
  template_type: z.enum(TEMPLATE_TYPES).describe('Mailer type'),
  paper_size: z.enum(PAPER_SIZES as [PaperSize, ...PaperSize[]]).describe('Mailer size, width x height in inches or an ISO size'),
  sides: z.enum(SIDES).describe('Printed on one side or both'),
  permit_type: z.enum(PERMIT_TYPES).describe("Indicia printed: the product's permit, the user's custom permit, or none"),
  mailing_permit_id: z.string().nullable().describe('The custom permit, when permit_type is custom'),
  list_id: z.string().nullable().describe('The current mailing list'),
  list_size: z.number().int().nullable().describe('Records in the current mailing list'),
  list_name: z.string().nullable().describe('Name of the current mailing list'),
  has_template: z.boolean().describe('Whether a design with content is saved'),
  progress: z.number().int().describe('Percent complete: list 50, design 50 (docs/requirements/projects.md#project status)'),
  created_at: z.string().describe('ISO 8601 creation time'),
  thumbnail_inside: ZThumbnailUrl.describe('URL of the inside thumbnail PNG'),
  thumbnail_outside: ZThumbnailUrl.describe('URL of the outside thumbnail PNG'),
  thumbnail_r1: ZThumbnailUrl.describe('URL of reinforcement 1\'s thumbnail PNG, or null'),
  thumbnail_r2: ZThumbnailUrl.describe('URL of reinforcement 2\'s thumbnail PNG, or null'),
  thumbnail_r3: ZThumbnailUrl.describe('URL of reinforcement 3\'s thumbnail PNG, or null'),
}).meta({ id: 'Project' });
export type TProject = z.infer<typeof ZProjectSchema>;

/** GET /api/projects/{id}/status (docs/requirements/projects.md#project status). */
export const ZProjectStatusSchema = z.object({
  list: z.object({
    id: z.string().describe('List id'),
    name: z.string().describe('List name'),
    row_count: z.number().int().describe('Records in the list'),
  }).nullable().describe('The current mailing list, or null'),
  template: z.boolean().describe('Whether the project has its design template (the blank design made with the project counts)'),
  designed: z.boolean().describe('Whether the design has at least one element'),
  progress: z.number().int().describe('Percent complete: list 50, design with content 50'),
}).meta({ id: 'ProjectStatus' });
export type TProjectStatus = z.infer<typeof ZProjectStatusSchema>;

/** PUT /api/projects/{id}/list: the list to make the project's current list. */
export const ZSetProjectListSchema = z.object({
  listId: z.string().max(100).describe('One of the user\'s mailing lists'),
});


const mm = z.number().finite();

/**
 * Size limits of a design (docs/requirements/designer.md#design-limits: a legal 850 KB design of 20 pages × 100 elements froze
 * the server). Chosen so every real design fits: a side of a mailer is one page (a project has an
 * inside and, double-sided, an outside side), designs have tens of elements, a letter body is a
 * few thousand characters, and an image element's content is a data URL (a logo: tens to hundreds
 * of KB). The server also caps a request body at 10 MB.
 * - pagesPerSide: pages in one side's template (schemas.length);
 * - elementsPerPage: elements on one page;
 * - stringChars: any string property of an element (content, text, name, …), and any string
 *   nested in one (a table's cell styles, …);
 * - mediaChars: the `content` of image, signature and svg elements (data URL or SVG markup);
 * - valueDepth: how deep objects and arrays may nest in one property of an element (pdfme's
 *   deepest, a table's `headStyles.padding.top`, is 3): a 10 MB body can nest millions deep, which
 *   overflows the stack of every recursive reader (cloning, serialising, rendering);
 * - valuesPerElement: values (numbers, strings, entries of objects and arrays) in one element
 *   (pdfme's elements hold tens; a table of 100 columns a few hundred);
 * - bodyDepth: nesting of a whole request that carries a design (body → side → schemas → page →
 *   element is 5, then valueDepth), checked as the body arrives, before it is parsed.
 */
export const DESIGN_LIMITS = {
  pagesPerSide: 4, elementsPerPage: 200, stringChars: 10_000, mediaChars: 5_000_000, valueDepth: 6, valuesPerElement: 2_000, bodyDepth: 16,
} as const;

/** The refusal of a design request nested deeper than DESIGN_LIMITS.bodyDepth. */
export const DESIGN_TOO_DEEP_MESSAGE = `A design may nest objects and arrays at most ${DESIGN_LIMITS.bodyDepth} levels deep`;
const MEDIA_ELEMENT_TYPES = new Set(['image', 'signature', 'svg']);

/**
 * The first way a property value nested in a design breaks DESIGN_LIMITS — deeper than
 * valueDepth, a nested string over stringChars, or more values than `budget.values` left
 * (decremented as values are met) — or null. Walks with its own stack, so a hostile depth cannot
 * overflow the call stack.
 */
function nestedValueProblem(value: unknown, budget: { values: number }): string | null {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: v, depth } = stack.pop()!;
    if (--budget.values < 0) return `has more than ${DESIGN_LIMITS.valuesPerElement.toLocaleString('en-US')} values`;
    if (typeof v === 'string' && v.length > DESIGN_LIMITS.stringChars) {
      return `holds a string longer than ${DESIGN_LIMITS.stringChars.toLocaleString('en-US')} characters`;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= DESIGN_LIMITS.valueDepth) return `nests more than ${DESIGN_LIMITS.valueDepth} levels deep`;
    for (const child of Object.values(v)) stack.push({ value: child, depth: depth + 1 });
  }
  return null;
}

/**
 * One element of a pdfme template page (docs/requirements/designer.md#design-template template): name, type, position and
 * size in mm are required; every other pdfme property (content, fontSize, rotate, …) is kept,
 * strings within DESIGN_LIMITS.
 */
export const ZTemplateElementSchema = z.looseObject({
  name: z.string({ error: 'Element name is required' }).describe('Element name; merge fields are named after target fields'),
  type: z.string({ error: 'Element type is required' }).min(1, 'Element type is required').describe('pdfme element type (text, image, qrVector, indicia, …)'),
  position: z.looseObject({ x: mm.describe('mm from the left edge'), y: mm.describe('mm from the top edge') }, { error: 'Element position {x, y} in mm is required' })
    .describe('Top-left corner in mm'),
  width: mm.nonnegative().describe('Width in mm'),
  height: mm.nonnegative().describe('Height in mm'),
}).superRefine((el, ctx) => {
  const media = MEDIA_ELEMENT_TYPES.has(el.type);
  const budget = { values: DESIGN_LIMITS.valuesPerElement };
  for (const [key, value] of Object.entries(el)) {
    const max = media && key === 'content' ? DESIGN_LIMITS.mediaChars : DESIGN_LIMITS.stringChars;
    if (typeof value === 'string' && value.length > max) {
      ctx.addIssue({ code: 'custom', path: [key], message: `Element '${el.name.slice(0, 60)}': ${key} is longer than ${max.toLocaleString('en-US')} characters` });
      return;
    }
    // A property that is a string counts as one value (its length has its own limit, above).
    const problem = nestedValueProblem(typeof value === 'string' ? '' : value, budget);
    if (problem) {
      ctx.addIssue({ code: 'custom', path: [key], message: `Element '${el.name.slice(0, 60)}': ${key} ${problem}` });
      return;
    }
  }
}).meta({ id: 'TemplateElement' });
export type TTemplateElement = z.infer<typeof ZTemplateElementSchema>;

/**
 * A pdfme template with a blank base page (docs/requirements/projects.md#data): `basePdf` width, height and padding
 * (top, right, bottom, left) in mm, `schemas` one array of elements per page.
 */
export const ZDesignTemplateSchema = z.looseObject({
  basePdf: z.looseObject({
    width: mm.positive().describe('Page width in mm'),
    height: mm.positive().describe('Page height in mm'),
    padding: z.tuple([mm, mm, mm, mm], { error: 'Padding must be 4 numbers (mm)' }).describe('Padding top, right, bottom, left in mm'),
  }, { error: 'basePdf must be a blank page {width, height, padding} in mm' }).describe('The blank page'),
  schemas: z.array(z.array(ZTemplateElementSchema), { error: 'schemas must be an array of pages' })
    .min(1, 'A template needs at least one page')
    .max(DESIGN_LIMITS.pagesPerSide, `A design side can have at most ${DESIGN_LIMITS.pagesPerSide} pages`)
    .superRefine((pages, ctx) => pages.forEach((page, i) => {
      if (page.length > DESIGN_LIMITS.elementsPerPage) {
        ctx.addIssue({ code: 'custom', path: [i], message: `Page ${i + 1} has ${page.length} elements; a page can have at most ${DESIGN_LIMITS.elementsPerPage}` });
      }
    }))
    .describe('Elements of each page'),
}).superRefine((template, ctx) => {
  // Properties besides the page and its elements (pdfme's own, e.g. pdfmeVersion) are bounded as an element's are.
  const budget = { values: DESIGN_LIMITS.valuesPerElement };
  const { basePdf, schemas: _pages, ...rest } = template;
  const { width: _w, height: _h, padding: _p, ...baseRest } = basePdf;
  for (const [key, value] of [...Object.entries(rest), ...Object.entries(baseRest).map(([k, v]) => [`basePdf.${k}`, v] as const)]) {
    const problem = nestedValueProblem(value, budget);
    if (problem) {
      ctx.addIssue({ code: 'custom', path: key.split('.'), message: `Template property '${key.slice(0, 60)}' ${problem}` });
      return;
    }
  }
}).meta({ id: 'DesignTemplate' });
export type TDesignTemplate = z.infer<typeof ZDesignTemplateSchema>;

const ZPngDataUrl = z.string().regex(/^data:image\/png;base64,[A-Za-z0-9+/=\s]+$/, 'Thumbnail must be a PNG data URL');

/**
 * POST /api/templates/project/{id}/design (docs/requirements/projects.md#data). `template_data_outside` is null for
 * single-sided projects. Thumbnails are optional PNG data URLs (at most 2 MB each, checked by the server).
 */
export const ZProjectDesignSaveSchema = z.object({
  template_data_inside: ZDesignTemplateSchema.describe('Inside design'),
  template_data_outside: ZDesignTemplateSchema.nullable().optional().describe('Outside design; null or absent for single-sided'),
  thumbnails: z.object({
    inside: ZPngDataUrl.optional().describe('PNG data URL of the inside page'),
    outside: ZPngDataUrl.optional().describe('PNG data URL of the outside page'),
  }).optional().describe('Thumbnails to store with the design'),
});
export type TProjectDesignSave = z.infer<typeof ZProjectDesignSaveSchema>;

/** GET /api/templates/project/{id}/design. `updated_at` is null while nothing is saved. */
export const ZProjectDesignSchema = z.object({
  template_data_inside: ZDesignTemplateSchema.describe('Inside design (blank at the paper size until saved)'),
  template_data_outside: ZDesignTemplateSchema.nullable().describe('Outside design; null for single-sided projects'),
  updated_at: z.string().nullable().describe('ISO 8601 time of the last save, or null'),
}).meta({ id: 'ProjectDesign' });
export type TProjectDesign = z.infer<typeof ZProjectDesignSchema>;


/**
 * Query of the template guide downloads (GET /api/templates/guide.pdf|.psd): the template-setup
 * paper sizes (docs/requirements/projects.md#rules) plus 6x9, type and sides; defaults as for a new project (§4).
 */
export const ZTemplateGuideQuerySchema = z.object({
  paperSize: z.enum(PAPER_SIZES as [PaperSize, ...PaperSize[]], { error: `paperSize must be one of ${PAPER_SIZES.join(', ')}` })
    .default('8.5x11').describe('Paper size of the guide'),
  templateType: z.enum(TEMPLATE_TYPES).default('self_mailer').describe('Mailer type'),
  sides: z.enum(SIDES).default('double').describe('One side or both'),
});
export type TTemplateGuideQuery = { paperSize: PaperSize; templateType: TemplateType; sides: Sides };
