import { z } from 'zod';
import { DELIVERY_FOLLOW_UP, DELIVERY_FOLLOW_UP_MESSAGES as M } from './delivery-event-rules.js';
import { REINFORCEMENT_SLOTS } from './reinforcements.js';
import { MAIL_EVENT_TYPES, MAIL_STAGES } from './tracking.js';

/**
 * The body of a delivery event as webhooks receive it (docs/requirements/mail-tracking.md#delivery-events): Standard Webhooks
 * `{type, timestamp, data}`, the same for a list's webhooks and the account's order webhooks.
 */
export const ZDeliveryEventSchema = z.object({
  type: z.enum(MAIL_EVENT_TYPES).describe('mail.in_transit, mail.out_for_delivery, mail.delivered or mail.returned'),
  timestamp: z.string().describe('ISO 8601 time of the scan that moved the piece'),
  data: z.object({
    piece_id: z.string().describe('The mail piece'),
    print_job_id: z.string().nullable().describe('Its print file, or null for an on-demand order\'s piece'),
    order_id: z.string().nullable().describe('Its on-demand order, or null'),
    record_id: z.string().nullable().describe('The mailing-list record it was printed for, when known'),
    imb: z.string().describe('The piece\'s Intelligent Mail barcode: tracking code + routing code, digits only'),
    stage: z.enum(MAIL_STAGES).describe('The stage reached'),
    previous_stage: z.enum(MAIL_STAGES).nullable().describe('The stage before, or null at the first scan'),
    occurred_at: z.string().describe('ISO 8601 time of the scan'),
    facility: z.object({
      zip: z.string().nullable().describe('ZIP code of the scanning facility'),
      city: z.string().nullable().describe('Its city'),
      state: z.string().nullable().describe('Its state'),
    }).describe('Where the piece was scanned, as the scan data names it'),
    simulated: z.boolean().describe('True for a simulated scan (test mode)'),
  }).describe('The piece and its stage change'),
}).meta({ id: 'DeliveryEvent' });
export type TDeliveryEvent = z.infer<typeof ZDeliveryEventSchema>;

const delayDays = z.number({ error: M.delayDays }).int(M.delayDays).min(DELIVERY_FOLLOW_UP.delayDays.min, M.delayDays).max(DELIVERY_FOLLOW_UP.delayDays.max, M.delayDays);

/**
 * PUT /api/projects/{id}/delivery-follow-up (docs/requirements/mail-tracking.md#delivery-events): when a piece of the project is
 * delivered, order reinforcement R{reinforcement_slot} for its record after `delay_days` days.
 */
export const ZDeliveryFollowUpSaveSchema = z.object({
  enabled: z.boolean().describe('Order the follow-up for every delivered piece of the project'),
  reinforcement_slot: z.union(REINFORCEMENT_SLOTS.map((s) => z.literal(s)) as [z.ZodLiteral<1>, z.ZodLiteral<2>, z.ZodLiteral<3>])
    .describe('The reinforcement ordered: 1, 2 or 3 (R1–R3, designed in the Designer)'),
  delay_days: delayDays.describe(`Whole days after the delivery (${DELIVERY_FOLLOW_UP.delayDays.min}–${DELIVERY_FOLLOW_UP.delayDays.max}; 0: at once)`),
}).meta({ id: 'DeliveryFollowUpSave' });
export type TDeliveryFollowUpSave = z.infer<typeof ZDeliveryFollowUpSaveSchema>;

/** A project's delivered-piece follow-up, with what it has done so far. */
export const ZDeliveryFollowUpSchema = z.object({
  project_id: z.string().describe('The project'),
  enabled: z.boolean().describe('Whether delivered pieces get a follow-up order'),
  reinforcement_slot: z.number().int().describe('The reinforcement ordered (1–3)'),
  delay_days: z.number().int().describe('Days after the delivery'),
  updated_at: z.string().nullable().describe('ISO 8601 time of the last save, or null when never saved (the defaults)'),
  scheduled: z.number().int().describe('Follow-ups waiting for their day'),
  placed: z.number().int().describe('Follow-up orders placed'),
  not_placed: z.number().int().describe('Follow-ups that could not be placed: the record or reinforcement was gone, or the plan lacked on-demand orders'),
}).meta({ id: 'DeliveryFollowUp' });
export type TDeliveryFollowUp = z.infer<typeof ZDeliveryFollowUpSchema>;
