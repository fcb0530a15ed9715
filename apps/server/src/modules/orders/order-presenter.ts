import type { TOrder } from '@mailcraft/shared';
import type { OrderRow } from './orders.repo.js';

/** Storage key of an order's one-piece print file. */
export const orderFileKey = (id: string) => `orders/${id}.pdf`;

/** An order as the API answers it (shared ZOrderSchema): cost in US dollars, the file's URL once rendered. */
export const presentOrder = (o: OrderRow): TOrder => ({
  id: o.id, order_type: o.orderType, delivery_type: o.deliveryType as TOrder['delivery_type'], format: o.format as TOrder['format'],
  template_id: o.templateId, mailing_list_id: o.mailingListId, recipient_id: o.recipientId, reinforcement_id: o.reinforcementId,
  additional_reinforcements: o.additionalReinforcements,
  status: o.status, cost: o.costCents / 100, currency: 'USD', test: o.test, message: o.message,
  file_url: o.fileKey ? `/api/orders/${o.id}/file` : null, created_at: o.createdAt.toISOString(),
});
