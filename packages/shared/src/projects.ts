import { z } from 'zod';
import { MAILER_SIZES, PAPER_SIZES, PERMIT_TYPES, SIDES, TEMPLATE_TYPES } from './constants.js';

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
