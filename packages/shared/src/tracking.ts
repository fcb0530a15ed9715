/**
 * Mail tracking (docs/requirements/mail-tracking.md): the normalised stages of a mail piece's journey and where its
 * scan data comes from. The USPS details live beside
 * these in `imb-assignment.ts` (Service Type IDs, Mailer ID rules) and `ivmtr.ts` (IV-MTR fields and operation codes), each with its source.
 */

/**
 * The normalised stages, in journey order (docs/requirements/mail-tracking.md#stages): accepted at the entry facility, in
 * transit between plants, in the local area (the destination's processing), out for delivery, delivered (the
 * estimated in-home day); `returned_to_sender` and `forwarded` where the scan data says so.
 */
export const MAIL_STAGES = ['accepted', 'in_transit', 'in_local_area', 'out_for_delivery', 'delivered', 'returned_to_sender', 'forwarded'] as const;
export type MailStage = (typeof MAIL_STAGES)[number];

/** Where a tracking event came from: pushed to the API, an uploaded file, fetched from IV-MTR, or simulated (test mode). */
export const TRACKING_SOURCES = ['push', 'upload', 'pull', 'simulated'] as const;
export type TrackingSource = (typeof TRACKING_SOURCES)[number];

/**
 * The delivery events a piece's stage change publishes (docs/requirements/mail-tracking.md#delivery-events), as
 * webhooks, notifications and the Print-on-Demand API name them: `mail.in_transit` the first time a piece reaches
 * accepted, in_transit or in_local_area; `mail.out_for_delivery`; `mail.delivered`; `mail.returned` (returned to
 * sender). A forward publishes none.
 */
export const MAIL_EVENT_TYPES = ['mail.in_transit', 'mail.out_for_delivery', 'mail.delivered', 'mail.returned'] as const;
export type MailEventType = (typeof MAIL_EVENT_TYPES)[number];

/** The delivery event a move from stage `from` (null: no scan yet) to `to` publishes, or null (see MAIL_EVENT_TYPES). */
export function mailEventOf(from: MailStage | null, to: MailStage): MailEventType | null {
  const moving = (s: MailStage | null) => s === 'accepted' || s === 'in_transit' || s === 'in_local_area';
  if (moving(to)) return moving(from) ? null : 'mail.in_transit';
  if (to === 'out_for_delivery') return 'mail.out_for_delivery';
  if (to === 'delivered') return 'mail.delivered';
  if (to === 'returned_to_sender') return 'mail.returned';
  return null;
}
