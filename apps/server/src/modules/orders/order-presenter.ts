import type { TOrder } from '@mailcraft/shared';
import type { Db } from '../../db/client.js';
import { trackingOfOrders, type OrderPieceTracking } from './order-tracking.js';
import type { OrderRow } from './orders.repo.js';

/** Storage key of an order's one-piece print file. */
export const orderFileKey = (id: string) => `orders/${id}.pdf`;

/**
 * An order as the API answers it (shared ZOrderSchema): cost in US dollars, the file's URL once rendered, and its
 * piece's IMb and tracking events (`trackingOfOrders`; none for an order not rendered or not scanned yet).
 */
export const presentOrder = (o: OrderRow, piece?: OrderPieceTracking): TOrder => ({
  id: o.id, order_type: o.orderType, delivery_type: o.deliveryType as TOrder['delivery_type'], format: o.format as TOrder['format'],
  template_id: o.templateId, mailing_list_id: o.mailingListId, recipient_id: o.recipientId, reinforcement_id: o.reinforcementId,
  additional_reinforcements: o.additionalReinforcements,
  status: o.status, cost: o.costCents / 100, currency: 'USD', test: o.test, message: o.message,
  file_url: o.fileKey ? `/api/orders/${o.id}/file` : null, imb: piece?.imb ?? null, tracking_events: piece?.events ?? [],
  created_at: o.createdAt.toISOString(),
});

/** `presentOrder` of each of `rows`, in their order, with their pieces' IMbs and tracking events read in one statement. */
export async function presentOrders(db: Db, rows: OrderRow[]): Promise<TOrder[]> {
  const pieces = await trackingOfOrders(db, rows.map((o) => o.id));
  return rows.map((o) => presentOrder(o, pieces.get(o.id)));
}
