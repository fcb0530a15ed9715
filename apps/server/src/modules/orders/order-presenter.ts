import type { TOrder, TOrderTrackingEvent } from '@mailcraft/shared';
import type { Db } from '../../db/client.js';
import { trackingEventsOfOrders } from './order-tracking.js';
import type { OrderRow } from './orders.repo.js';

/** Storage key of an order's one-piece print file. */
export const orderFileKey = (id: string) => `orders/${id}.pdf`;

/**
 * An order as the API answers it (shared ZOrderSchema): cost in US dollars, the file's URL once rendered, and its
 * piece's tracking events (`trackingEventsOfOrders`; none for an order not yet scanned).
 */
export const presentOrder = (o: OrderRow, trackingEvents: TOrderTrackingEvent[] = []): TOrder => ({
  id: o.id, order_type: o.orderType, delivery_type: o.deliveryType as TOrder['delivery_type'], format: o.format as TOrder['format'],
  template_id: o.templateId, mailing_list_id: o.mailingListId, recipient_id: o.recipientId, reinforcement_id: o.reinforcementId,
  additional_reinforcements: o.additionalReinforcements,
  status: o.status, cost: o.costCents / 100, currency: 'USD', test: o.test, message: o.message,
  file_url: o.fileKey ? `/api/orders/${o.id}/file` : null, tracking_events: trackingEvents, created_at: o.createdAt.toISOString(),
});

/** `presentOrder` of each of `rows`, in their order, with their pieces' tracking events read in one statement. */
export async function presentOrders(db: Db, rows: OrderRow[]): Promise<TOrder[]> {
  const events = await trackingEventsOfOrders(db, rows.map((o) => o.id));
  return rows.map((o) => presentOrder(o, events.get(o.id)));
}
