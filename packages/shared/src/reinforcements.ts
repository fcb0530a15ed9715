import { z } from 'zod';
import { PAPER_SIZES, type PaperSize } from './constants.js';
import { ZDesignTemplateSchema } from './projects.js';
import { ORDER_TARGET_FIELDS, oneRecipient, ZOrderSchema } from './orders.js';

/**
 * Reinforcements (docs/requirements/print-on-demand-api.md#data; docs/requirements/workflow.md#route-table thumbnails r1–r3): up to three one-page personalised
 * follow-ups of a project, designed in the Designer beside Outside/Inside, each either printed
 * ('image') or sent as a picture ('digital'). A reinforcement is a slot of its project: its id is
 * '{projectId}-r{slot}', the same as its Order Entry pseudo-template.
 */
export const REINFORCEMENT_SLOTS = [1, 2, 3] as const;
export type ReinforcementSlot = (typeof REINFORCEMENT_SLOTS)[number];
export const REINFORCEMENT_TYPES = ['image', 'digital'] as const;
/** Reinforcements one order entry submits at most (docs/requirements/print-on-demand-api.md#limits: 1 to 3). */
export const REINFORCEMENTS_PER_ORDER = 3;

/** Reinforcement messages (docs/requirements/print-on-demand-api.md#order-form-rules, and the server's own). */
export const REINFORCEMENT_MESSAGES = {
  selectOne: 'Please select at least one reinforcement',
  selectLabel: 'Select 1-3 reinforcements',
  none: 'No reinforcements available',
  nameRequired: 'Reinforcement name is required',
  saved: 'Reinforcement saved',
} as const;

/** '{projectId}-r{slot}' (docs/requirements/print-on-demand-api.md#data). */
export const reinforcementId = (projectId: string, slot: ReinforcementSlot) => `${projectId}-r${slot}`;

/** The project and slot of a reinforcement id, or null when it is not '{uuid}-r1…3'. */
export function parseReinforcementId(id: string): { projectId: string; slot: ReinforcementSlot } | null {
  const m = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-r([123])$/i.exec(id);
  return m ? { projectId: m[1].toLowerCase(), slot: Number(m[2]) as ReinforcementSlot } : null;
}

const ZReinforcementId = z.string().regex(/^[0-9a-f-]{36}-r[123]$/i, 'A reinforcement id is {projectId}-r1, -r2 or -r3');

/** A reinforcement as listed (GET /api/reinforcements?projectId, docs/requirements/print-on-demand-api.md#data: id, name, type, size). */
export const ZReinforcementSchema = z.object({
  id: z.string().describe('"{projectId}-r1", "-r2" or "-r3"'),
  project_id: z.string().describe('The project it follows up'),
  slot: z.number().int().min(1).max(3).describe('1, 2 or 3'),
  name: z.string().describe('Name shown on order entry'),
  type: z.enum(REINFORCEMENT_TYPES).describe('image (printed) or digital (sent as a picture)'),
  size: z.enum(PAPER_SIZES as [PaperSize, ...PaperSize[]]).describe('Paper size: the project\'s, one page'),
  thumbnail: z.string().nullable().describe('URL of its thumbnail PNG, or null'),
  updated_at: z.string().describe('ISO 8601 time of the last save'),
}).meta({ id: 'Reinforcement' });
export type TReinforcement = z.infer<typeof ZReinforcementSchema>;

/** Params of a reinforcement slot of a project (the Designer's routes). */
export const ZReinforcementSlotParams = z.object({
  id: z.uuid({ error: 'Invalid project ID' }).describe('Project id'),
  slot: z.coerce.number().int().min(1).max(3).describe('1, 2 or 3'),
});

const ZPngDataUrl = z.string().regex(/^data:image\/png;base64,[A-Za-z0-9+/=\s]+$/, 'Thumbnail must be a PNG data URL');

/** PUT /api/projects/{id}/reinforcements/{slot}: saves a reinforcement's one-page design. */
export const ZReinforcementSaveSchema = z.object({
  name: z.string().trim().min(1, REINFORCEMENT_MESSAGES.nameRequired).max(100).describe('Name shown on order entry'),
  type: z.enum(REINFORCEMENT_TYPES).default('image').describe('image or digital'),
  template_data: ZDesignTemplateSchema.describe('The one-page design, at the project\'s paper size'),
  thumbnail: ZPngDataUrl.optional().describe('PNG data URL of the page; keeps the previous one when absent'),
});
export type TReinforcementSave = z.input<typeof ZReinforcementSaveSchema>;

/** GET/PUT /api/projects/{id}/reinforcements/{slot}: the reinforcement with its design. */
export const ZReinforcementDesignSchema = ZReinforcementSchema.extend({
  template_data: ZDesignTemplateSchema.describe('The one-page design'),
}).meta({ id: 'ReinforcementDesign' });
export type TReinforcementDesign = z.infer<typeof ZReinforcementDesignSchema>;

/**
 * POST /api/orders/reinforcement (docs/requirements/print-on-demand-api.md#data "Order payloads"): reinforcement pieces for one
 * recipient — the mailing order's recipient fields plus `reinforcementId` and up to two
 * `additionalReinforcements`. Each reinforcement named becomes its own order, all placed together
 * (all or none), each listing the others to link them.
 */
export const ZReinforcementOrderSchema = z.object({
  reinforcementId: ZReinforcementId.meta({ description: '"{projectId}-r1", "-r2" or "-r3"', examples: ['5b0c7a52-8d5e-4f4a-9d43-3f1e2a6b7c10-r1'] }),
  additionalReinforcements: z.array(ZReinforcementId).max(REINFORCEMENTS_PER_ORDER - 1).default([])
    .meta({ description: 'Further reinforcements of the same project for the same recipient: each is placed as its own order, together with the first', examples: [['5b0c7a52-8d5e-4f4a-9d43-3f1e2a6b7c10-r2']] }),
  ...ORDER_TARGET_FIELDS,
}).refine(...oneRecipient)
  .meta({ id: 'ReinforcementOrder' });
export type TReinforcementOrder = z.input<typeof ZReinforcementOrderSchema>;

/** POST /api/orders/reinforcement answer: the order of `reinforcementId`, and the orders of the additional reinforcements. */
export const ZReinforcementOrderResultSchema = ZOrderSchema.extend({
  additional_orders: z.array(ZOrderSchema).describe('The orders of additionalReinforcements, in the order sent (empty without any)'),
}).meta({ id: 'ReinforcementOrderResult' });
export type TReinforcementOrderResult = z.infer<typeof ZReinforcementOrderResultSchema>;
