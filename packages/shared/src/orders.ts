import { z } from 'zod';
import { apiList, CURSOR_QUERY_FIELDS } from './http/api-list.js';
import { MAIL_STAGES } from './tracking.js';

/** Delivery types and formats of an order (docs/requirements/print-on-demand-api.md#limits). */
export const DELIVERY_TYPES = ['print-mail', 'print-only', 'digital'] as const;
export const ORDER_FORMATS = ['postcard', 'mailer-letter', 'mailer-tabloid'] as const;
/**
 * An order's lifecycle (docs/requirements/print-on-demand-api.md#rules: 'pending' on creation; the rest beyond the spec, as Lob's):
 * pending → rendered (its one-piece print file exists) → printed → mailed; cancelled while pending
 * or rendered; failed when it cannot be rendered. Test-mode orders stop at rendered.
 */
export const ORDER_STATUSES = ['pending', 'rendered', 'printed', 'mailed', 'cancelled', 'failed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** Order messages (docs/requirements/print-on-demand-api.md#order-form-rules, and the server's own). */
export const ORDER_MESSAGES = {
  recipientRequired: 'Please select a recipient',
  recipientFields: 'All required recipient fields must be filled',
  created: 'Order created',
  notCancellable: 'Only pending or rendered orders can be cancelled',
  notRendered: 'The order\'s print file is not ready yet',
  recipientExcluded: 'This recipient is excluded from printing by the list\'s address check: include it again there to order it',
  formatMismatch: 'This format does not fit the template: a self-mailer is mailer-letter or mailer-tabloid, a postcard is postcard',
  simulateLiveOrder: 'Only test orders can simulate delivery: a live order\'s piece is tracked by real USPS scans',
  simulateNotRendered: 'The order has no IMb yet: simulate its delivery once its print file is rendered',
  simulateNeverMailed: 'A cancelled or failed order is never mailed: there is no delivery to simulate',
  simulateNoImb: 'The order\'s piece carries no IMb (no Mailer ID was set in Settings when it was rendered): there is nothing to track',
  simulatedAlready: 'This order\'s delivery has been simulated already: follow it in its tracking_events',
} as const;

const required = z.string().trim().min(1, ORDER_MESSAGES.recipientFields).max(200);
/** A new recipient sent with an order (docs/requirements/print-on-demand-api.md#order-form-rules: first name, last name, address, city, state, zip required). */
export const ZRecipientDataSchema = z.object({
  first_name: required.describe('First name'),
  last_name: required.describe('Last name'),
  address: required.describe('Street address'),
  city: required.describe('City'),
  state: z.string().trim().length(2, 'State must be a 2-letter code').describe('2-letter state code'),
  zip: z.string().trim().min(3, ORDER_MESSAGES.recipientFields).max(10).describe('ZIP code'),
  middle_name: z.string().max(100).optional().describe('Middle name'),
  full_name: z.string().max(200).optional().describe('Full name; first + last when absent'),
  company_name: z.string().max(200).optional().describe('Company'),
  address_2: z.string().max(200).optional().describe('Address line 2'),
  email: z.string().max(200).optional().describe('Email'),
  city_state_zip: z.string().max(200).optional().describe('Last line; "city, state zip" when absent'),
}).catchall(z.string().max(500)).describe('A recipient not in the list: its mapped fields').meta({ id: 'RecipientData' });

/** Who an order is for and how it is delivered: the fields every order payload shares (docs/requirements/print-on-demand-api.md#data). */
export const ORDER_TARGET_FIELDS = {
  mailingListId: z.uuid({ error: 'Invalid mailing list ID' }).meta({ description: 'The list the recipient belongs to', examples: ['0d6f1e4c-2b7a-4c39-8e51-9a2b3c4d5e6f'] }),
  recipientId: z.uuid({ error: 'Invalid recipient ID' }).optional().meta({ description: 'An existing recipient (record id); or send recipientData', examples: ['7e9a2c14-5f3b-4d8e-a1c2-b3d4e5f60718'] }),
  recipientData: ZRecipientDataSchema.optional(),
  deliveryType: z.enum(DELIVERY_TYPES).default('print-mail').describe('print-mail, print-only or digital'),
  format: z.enum(ORDER_FORMATS).describe('postcard, mailer-letter or mailer-tabloid (by the template type)'),
};

/** An order names an existing recipient or sends one, never both (docs/requirements/print-on-demand-api.md#order-form-rules 'Please select a recipient'). */
export const oneRecipient: [(o: { recipientId?: string; recipientData?: object }) => boolean, { message: string; path: string[] }] = [
  (o) => !!o.recipientId !== !!o.recipientData,
  { message: ORDER_MESSAGES.recipientRequired, path: ['recipientId'] },
];

/** POST /api/orders/mailing (docs/requirements/print-on-demand-api.md#data "Order payloads"): one personalised mail piece. */
export const ZMailingOrderSchema = z.object({
  templateId: z.string().regex(/^[0-9a-f-]{36}-main$/, 'templateId is {projectId}-main').meta({ description: 'The project\'s main template: "{projectId}-main"', examples: ['5b0c7a52-8d5e-4f4a-9d43-3f1e2a6b7c10-main'] }),
  ...ORDER_TARGET_FIELDS,
}).refine(...oneRecipient).meta({ id: 'MailingOrder' });
export type TMailingOrder = z.input<typeof ZMailingOrderSchema>;

/**
 * GET /api/orders query: a page, newest first, of live orders or — `test=true` — of test orders,
 * after the cursor `starting_after` (CURSOR_QUERY_FIELDS). A test key sees only test orders (test
 * mode as Stripe's). `offset` is kept for clients written before cursors.
 */
export const ZOrdersQuerySchema = z.object({
  ...CURSOR_QUERY_FIELDS,
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0)
    .describe('Deprecated: orders to skip, when no starting_after is given. Offsets skip and repeat orders placed meanwhile; page with starting_after'),
  test: z.enum(['true', 'false']).optional()
    .describe('true: list test orders (placed with test keys) instead of live ones. Default: the key\'s own mode; a test key lists only test orders and is refused test=false'),
});

/**
 * One tracking event of an order's mail piece (docs/requirements/mail-tracking.md#delivery-events: orders carry
 * `tracking_events`): a USPS scan matched to the piece, or a simulated one in test mode.
 */
export const ZOrderTrackingEventSchema = z.object({
  stage: z.enum(MAIL_STAGES).describe('The stage the scan stands for: accepted, in_transit, in_local_area, out_for_delivery, delivered, returned_to_sender or forwarded'),
  occurred_at: z.string().describe('ISO 8601 time of the scan'),
  facility: z.object({
    zip: z.string().nullable().describe('ZIP code of the scanning facility'),
    city: z.string().nullable().describe('Its city'),
    state: z.string().nullable().describe('Its state'),
  }).describe('Where the piece was scanned'),
  simulated: z.boolean().describe('True for a simulated scan (test mode)'),
}).meta({ id: 'OrderTrackingEvent' });
export type TOrderTrackingEvent = z.infer<typeof ZOrderTrackingEventSchema>;

/** An order (docs/requirements/print-on-demand-api.md#order, with the file, mode and currency beyond it). */
export const ZOrderSchema = z.object({
  id: z.string().describe('Order id'),
  order_type: z.enum(['mailing', 'reinforcement']).describe('mailing or reinforcement'),
  delivery_type: z.enum(DELIVERY_TYPES).describe('How it is delivered'),
  format: z.enum(ORDER_FORMATS).describe('Piece format'),
  template_id: z.string().describe('"{projectId}-main" or "-r1…-r3"'),
  mailing_list_id: z.string().nullable().describe('The recipient\'s list'),
  recipient_id: z.string().nullable().describe('The recipient\'s record, or null for a recipient sent with the order'),
  reinforcement_id: z.string().nullable().describe('The reinforcement ("{projectId}-rN"), for reinforcement orders'),
  additional_reinforcements: z.array(z.string()).describe('The other reinforcements ordered with it, each its own order'),
  status: z.enum(ORDER_STATUSES).describe('pending → rendered → printed → mailed; cancelled; failed'),
  cost: z.number().describe('Price in US dollars, from the price table'),
  currency: z.literal('USD').describe('Always USD'),
  test: z.boolean().describe('Placed with a test key: never printed or charged'),
  message: z.string().describe('What happened, for people'),
  file_url: z.string().nullable().describe('The order\'s one-piece print file (PDF) once rendered, else null'),
  imb: z.string().nullable()
    .describe('The Intelligent Mail barcode printed on the piece (tracking code + routing code, digits only) once rendered, when the account has a Mailer ID or the recipient brought one; null otherwise. Scans of it reach tracking_events'),
  tracking_events: z.array(ZOrderTrackingEventSchema)
    .describe('The tracking events of the order\'s mail piece, oldest first; empty until USPS scans it (delivery events also reach your order webhooks)'),
  created_at: z.string().describe('ISO 8601 creation time'),
}).meta({ id: 'Order' });
export type TOrder = z.infer<typeof ZOrderSchema>;

/**
 * POST /api/orders/{id}/tracking/simulate answer (docs/requirements/mail-tracking.md#test-mode): the simulated scans
 * scheduled for a test order's piece.
 */
export const ZOrderSimulateResultSchema = z.object({
  order_id: z.string().describe('The order'),
  imb: z.string().describe('The IMb of the order\'s piece, which the simulated scans carry (digits only)'),
  events: z.number().int().describe('Simulated scans scheduled: accepted, in_transit, in_local_area, out_for_delivery and delivered'),
  delivered_by: z.string().describe('ISO 8601 time by which the piece will have reached delivered (within 2 minutes); the scans arrive in the order\'s tracking_events'),
}).meta({ id: 'OrderSimulateResult' });
export type TOrderSimulateResult = z.infer<typeof ZOrderSimulateResultSchema>;

/** GET /api/orders (and /api/orders/mailing, /api/orders/reinforcement): a page of orders, newest first. */
export const ZOrderListSchema = apiList(ZOrderSchema, 'OrderList', 'This page\'s orders, newest first');
