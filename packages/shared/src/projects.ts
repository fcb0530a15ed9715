import { z } from 'zod';
import {
  MAILER_SIZES, PAGE_PADDING_MM, PAPER_SIZES, PAPER_SIZES_MM, PERMIT_TYPES, SIDES, TEMPLATE_TYPES,
  type PaperSize, type Sides, type TemplateType,
} from './constants.js';

/**
 * Project create payload (spec 000 §7 POST /api/projects). Name required (§5), description
 * optional; the mailer size must be allowed for the type (§5: 8.5x11 self-mailer, 6x9 postcard).
 */
export const ZProjectCreateSchema = z
  .object({
    name: z.string().trim().min(1, 'Project name is required').max(200),
    description: z.string().max(2000).optional().default(''),
    template_type: z.enum(TEMPLATE_TYPES).default('self_mailer'),
    paper_size: z.enum(PAPER_SIZES as [string, ...string[]]).default('8.5x11'),
    sides: z.enum(SIDES).default('double'),
    permit_type: z.enum(PERMIT_TYPES).default('product'),
    permit_id: z.string().uuid().nullish(),
  })
  .refine((p) => (MAILER_SIZES[p.template_type] as string[]).includes(p.paper_size), {
    message: 'Additional sizes coming soon',
    path: ['paper_size'],
  });
export type TProjectCreate = z.infer<typeof ZProjectCreateSchema>;

/** Project update payload (spec 000 §7 POST /api/projects/{id}/update). */
export const ZProjectUpdateSchema = z
  .object({
    name: z.string().trim().min(1, 'Project name is required').max(200),
    description: z.string().max(2000).optional().default(''),
    template_type: z.enum(TEMPLATE_TYPES),
    paper_size: z.enum(PAPER_SIZES as [string, ...string[]]),
    sides: z.enum(SIDES),
  })
  .refine((p) => (MAILER_SIZES[p.template_type] as string[]).includes(p.paper_size), {
    message: 'Additional sizes coming soon',
    path: ['paper_size'],
  });
export type TProjectUpdate = z.infer<typeof ZProjectUpdateSchema>;

/** Project as the API presents it (spec 000 §3). Thumbnails are URLs or null. */
export type TProject = {
  id: string;
  name: string;
  description: string;
  template_type: (typeof TEMPLATE_TYPES)[number];
  paper_size: string;
  sides: (typeof SIDES)[number];
  permit_type: (typeof PERMIT_TYPES)[number];
  mailing_permit_id: string | null;
  list_id: string | null;
  list_size: number | null;
  list_name: string | null;
  has_template: boolean;
  progress: number;
  created_at: string;
  thumbnail_inside: string | null;
  thumbnail_outside: string | null;
  thumbnail_r1: string | null;
  thumbnail_r2: string | null;
  thumbnail_r3: string | null;
};

/** GET /api/projects/{id}/status (spec 000 §3 Project status). */
export type TProjectStatus = {
  list: { id: string; name: string; row_count: number } | null;
  template: boolean;
  progress: number;
};

/** Progress of a project in percent (spec 000 §3 Project status): list and template, 50 % each. */
export function projectProgress(hasList: boolean, hasTemplate: boolean): number {
  return (hasList ? 50 : 0) + (hasTemplate ? 50 : 0);
}

const mm = z.number().finite();

/**
 * Size limits of a design (Foundations B: a legal 850 KB design of 20 pages × 100 elements froze
 * the server). Chosen so every real design fits: a side of a mailer is one page (a project has an
 * inside and, double-sided, an outside side), designs have tens of elements, a letter body is a
 * few thousand characters, and an image element's content is a data URL (a logo: tens to hundreds
 * of KB). The server also caps a request body at 10 MB.
 * - pagesPerSide: pages in one side's template (schemas.length);
 * - elementsPerPage: elements on one page;
 * - stringChars: any string property of an element (content, text, name, …);
 * - mediaChars: the `content` of image, signature and svg elements (data URL or SVG markup).
 */
export const DESIGN_LIMITS = { pagesPerSide: 4, elementsPerPage: 200, stringChars: 10_000, mediaChars: 5_000_000 } as const;
const MEDIA_ELEMENT_TYPES = new Set(['image', 'signature', 'svg']);

/**
 * One element of a pdfme template page (spec 000 §3 Design template): name, type, position and
 * size in mm are required; every other pdfme property (content, fontSize, rotate, …) is kept,
 * strings within DESIGN_LIMITS.
 */
export const ZTemplateElementSchema = z.looseObject({
  name: z.string({ error: 'Element name is required' }),
  type: z.string({ error: 'Element type is required' }).min(1, 'Element type is required'),
  position: z.looseObject({ x: mm, y: mm }),
  width: mm.nonnegative(),
  height: mm.nonnegative(),
}).superRefine((el, ctx) => {
  const media = MEDIA_ELEMENT_TYPES.has(el.type);
  for (const [key, value] of Object.entries(el)) {
    const max = media && key === 'content' ? DESIGN_LIMITS.mediaChars : DESIGN_LIMITS.stringChars;
    if (typeof value === 'string' && value.length > max) {
      ctx.addIssue({ code: 'custom', path: [key], message: `Element '${el.name.slice(0, 60)}': ${key} is longer than ${max.toLocaleString('en-US')} characters` });
    }
  }
});
export type TTemplateElement = z.infer<typeof ZTemplateElementSchema>;

/**
 * A pdfme template with a blank base page (spec 000 §3): `basePdf` width, height and padding
 * (top, right, bottom, left) in mm, `schemas` one array of elements per page.
 */
export const ZDesignTemplateSchema = z.looseObject({
  basePdf: z.looseObject({
    width: mm.positive(),
    height: mm.positive(),
    padding: z.tuple([mm, mm, mm, mm], { error: 'Padding must be 4 numbers (mm)' }),
  }, { error: 'basePdf must be a blank page {width, height, padding} in mm' }),
  schemas: z.array(z.array(ZTemplateElementSchema), { error: 'schemas must be an array of pages' })
    .min(1, 'A template needs at least one page')
    .max(DESIGN_LIMITS.pagesPerSide, `A design side can have at most ${DESIGN_LIMITS.pagesPerSide} pages`)
    .superRefine((pages, ctx) => pages.forEach((page, i) => {
      if (page.length > DESIGN_LIMITS.elementsPerPage) {
        ctx.addIssue({ code: 'custom', path: [i], message: `Page ${i + 1} has ${page.length} elements; a page can have at most ${DESIGN_LIMITS.elementsPerPage}` });
      }
    })),
});
export type TDesignTemplate = z.infer<typeof ZDesignTemplateSchema>;

const ZPngDataUrl = z.string().regex(/^data:image\/png;base64,[A-Za-z0-9+/=\s]+$/, 'Thumbnail must be a PNG data URL');

/**
 * POST /api/templates/project/{id}/design (spec 000 §3, §7). `template_data_outside` is null for
 * single-sided projects. Thumbnails are optional PNG data URLs (at most 2 MB each, checked by the server).
 */
export const ZProjectDesignSaveSchema = z.object({
  template_data_inside: ZDesignTemplateSchema,
  template_data_outside: ZDesignTemplateSchema.nullable().optional(),
  thumbnails: z.object({ inside: ZPngDataUrl.optional(), outside: ZPngDataUrl.optional() }).optional(),
});
export type TProjectDesignSave = z.infer<typeof ZProjectDesignSaveSchema>;

/** GET /api/templates/project/{id}/design. `updated_at` is null while nothing is saved. */
export type TProjectDesign = {
  template_data_inside: TDesignTemplate;
  template_data_outside: TDesignTemplate | null;
  updated_at: string | null;
};

/**
 * An empty one-page template at a paper size: portrait width × height in mm (PAPER_SIZES_MM)
 * and 6.35 mm padding on all sides (spec 000 §9).
 */
export function blankTemplate(paperSize: PaperSize): TDesignTemplate {
  const { width, height } = PAPER_SIZES_MM[paperSize];
  const p = PAGE_PADDING_MM;
  return { basePdf: { width, height, padding: [p, p, p, p] }, schemas: [[]] };
}

/** True when any page of the template holds at least one element (drives has_template). */
export function templateHasContent(template: TDesignTemplate | null | undefined): boolean {
  return !!template && template.schemas.some((page) => page.length > 0);
}

/** True when the template's page is the paper size in mm, within `toleranceMm` (default 0.5). */
export function templateFitsPaperSize(template: TDesignTemplate, paperSize: PaperSize, toleranceMm = 0.5): boolean {
  const { width, height } = PAPER_SIZES_MM[paperSize];
  return Math.abs(template.basePdf.width - width) <= toleranceMm && Math.abs(template.basePdf.height - height) <= toleranceMm;
}

/**
 * Query of the template guide downloads (GET /api/templates/guide.pdf|.psd): the template-setup
 * paper sizes (spec 000 §5) plus 6x9, type and sides; defaults as for a new project (§4).
 */
export const ZTemplateGuideQuerySchema = z.object({
  paperSize: z.enum(PAPER_SIZES as [PaperSize, ...PaperSize[]]).default('8.5x11'),
  templateType: z.enum(TEMPLATE_TYPES).default('self_mailer'),
  sides: z.enum(SIDES).default('double'),
});
export type TTemplateGuideQuery = { paperSize: PaperSize; templateType: TemplateType; sides: Sides };
