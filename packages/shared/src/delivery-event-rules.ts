/**
 * Delivery events where a user meets them (docs/requirements/mail-tracking.md#delivery-events): their labels on the
 * webhook and notification screens, the words of notification messages, and the delivered-piece follow-up's
 * limits and messages. Zod-free, so a page that only shows a label does not load zod; the schemas are in
 * delivery-events.ts.
 */
import { MAIL_EVENT_TYPES, type MailEventType, type MailStage } from './tracking.js';

/** How the screens name each delivery event (webhook events, notification triggers). */
export const DELIVERY_EVENT_LABELS: Record<MailEventType, string> = {
  'mail.in_transit': 'Piece in transit',
  'mail.out_for_delivery': 'Out for delivery',
  'mail.delivered': 'Delivered',
  'mail.returned': 'Returned to sender',
};

/** Whether `type` is one of the delivery events (shared MAIL_EVENT_TYPES). */
export const isDeliveryEventType = (type: string): type is MailEventType => (MAIL_EVENT_TYPES as readonly string[]).includes(type);

/** A piece's stage in words, as messages name it ('In the local area'). */
export const DELIVERY_STAGE_LABELS: Record<MailStage, string> = {
  accepted: 'Accepted',
  in_transit: 'In transit',
  in_local_area: 'In the local area',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  returned_to_sender: 'Returned to sender',
  forwarded: 'Forwarded',
};

/**
 * How a digest counts pieces of one delivery event: `[one, many]` ('1 piece delivered', '3 pieces delivered').
 */
export const DELIVERY_EVENT_COUNT_WORDS: Record<MailEventType, readonly [string, string]> = {
  'mail.in_transit': ['piece in transit', 'pieces in transit'],
  'mail.out_for_delivery': ['piece out for delivery', 'pieces out for delivery'],
  'mail.delivered': ['piece delivered', 'pieces delivered'],
  'mail.returned': ['piece returned to sender', 'pieces returned to sender'],
};

/**
 * The delivered-piece follow-up of a project (docs/requirements/mail-tracking.md#delivery-events): when a piece is delivered,
 * an on-demand order of reinforcement R{slot} for the piece's record, `delayDays` whole days after the delivery
 * (0: at once). Off for a project until the user turns it on; defaults R1 after 7 days.
 */
export const DELIVERY_FOLLOW_UP = {
  delayDays: { min: 0, max: 365, default: 7 },
  defaultSlot: 1,
} as const;

/** Messages of the follow-up form and of the follow-up's outcomes. */
export const DELIVERY_FOLLOW_UP_MESSAGES = {
  delayDays: `The delay must be a whole number of days from ${DELIVERY_FOLLOW_UP.delayDays.min} to ${DELIVERY_FOLLOW_UP.delayDays.max}`,
  /** Saving a follow-up on a slot with no saved design. */
  noReinforcement: (slot: number) => `Reinforcement R${slot} has no design yet: design it in the Designer first`,
  upgrade: 'You need to upgrade your plan to order follow-ups: on-demand orders need the Print-on-Demand API (Pro or higher)',
  saved: 'Follow-up saved',
  saveFailed: 'Failed to save the follow-up',
  loadFailed: 'Failed to load the follow-up',
  /** The outcome of a follow-up whose owner's plan lost the API before it fell due. */
  notPlacedPlan: 'Not placed: your plan no longer includes on-demand orders',
  /** The outcome of a follow-up turned off, or moved to another reinforcement, before it fell due. */
  notPlacedOff: 'Not placed: the follow-up was turned off before it was due',
  /** The outcome of a follow-up of a piece printed without a mailing-list record. */
  notPlacedNoRecord: 'Not placed: the piece has no mailing-list record to order for',
} as const;
